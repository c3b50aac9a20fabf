import { createServerBridge } from '../../../addon/sidebar/bridge';

type ServerFunction = (...args: unknown[]) => unknown;

/**
 * google.script.run as HtmlService provides it: a handler-carrying runner per call chain, each
 * server function answering later (never synchronously), values copied as plain data.
 */
function fakeScriptRun(functions: Record<string, ServerFunction>): google.script.ScriptRun {
  const runner = (
    onSuccess: (value: unknown) => void = () => {},
    onFailure: (error: unknown) => void = () => {},
  ): google.script.ScriptRun => {
    const run: google.script.ScriptRun = {
      withSuccessHandler: (handler) => runner(handler, onFailure),
      withFailureHandler: (handler) => runner(onSuccess, handler),
    };
    for (const [name, fn] of Object.entries(functions)) {
      run[name] = (...args: unknown[]) => {
        const copied = JSON.parse(JSON.stringify(args)) as unknown[];
        queueMicrotask(() => {
          try {
            onSuccess(JSON.parse(JSON.stringify(fn(...copied) ?? null)));
          } catch (error) {
            onFailure({
              name: 'ScriptError',
              message: error instanceof Error ? error.message : String(error),
            });
          }
        });
      };
    }
    return run;
  };
  return runner();
}

describe('createServerBridge', () => {
  it('resolves with what the server function returns', async () => {
    const bridge = createServerBridge(
      fakeScriptRun({ getSettings: () => ({ workerUrl: 'https://w.example/', connected: true }) }),
    );
    const settings = await bridge.getSettings();
    expect(settings).toEqual({ workerUrl: 'https://w.example/', connected: true });
  });

  it('passes the arguments through', async () => {
    const bridge = createServerBridge(
      fakeScriptRun({
        INFLUENCER_REPORT: (handles, platform) => `${String(handles)} on ${String(platform)}`,
      }),
    );
    await expect(bridge.INFLUENCER_REPORT('@nasa', 'youtube')).resolves.toBe('@nasa on youtube');
  });

  it('rejects with an Error carrying the server message when the server function throws', async () => {
    const bridge = createServerBridge(
      fakeScriptRun({
        getSettings: () => {
          throw new Error('You do not have permission to call PropertiesService.getUserProperties');
        },
      }),
    );
    const failure = bridge.getSettings();
    await expect(failure).rejects.toBeInstanceOf(Error);
    await expect(failure).rejects.toThrow(
      'You do not have permission to call PropertiesService.getUserProperties',
    );
  });

  it('rejects, readably, a function the pushed add-on lacks; the types refuse it before that', async () => {
    const bridge = createServerBridge(fakeScriptRun({}));
    // @ts-expect-error: a name that is not a public server function must not compile
    const call = (): Promise<unknown> => bridge.noSuchFunction();
    await expect(call()).rejects.toThrow('The add-on has no server function "noSuchFunction"');
    await expect(bridge.showSidebar()).rejects.toThrow('The add-on has no server function "showSidebar"');
  });
});
