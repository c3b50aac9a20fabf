import { createServerBridge, MAX_CALLS_IN_FLIGHT } from '../../../../addon/sidebar/server-calls/bridge';

type ServerFunction = (...args: unknown[]) => unknown;

/**
 * google.script.run as HtmlService provides it: a handler-carrying runner per call chain, each
 * server function answering later (never synchronously), values copied as plain data. Like the real
 * one, it refuses an 11th call while 10 are in flight.
 */
function fakeScriptRun(functions: Record<string, ServerFunction>, limit = 10) {
  let inFlight = 0;
  let mostInFlight = 0;
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
        if (inFlight >= limit) throw new Error('Too many simultaneous google.script.run calls');
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        const copied = JSON.parse(JSON.stringify(args)) as unknown[];
        Promise.resolve()
          .then(() => fn(...copied))
          .then(
            (value) => {
              inFlight -= 1;
              onSuccess(JSON.parse(JSON.stringify(value ?? null)));
            },
            (error: unknown) => {
              inFlight -= 1;
              onFailure({
                name: 'ScriptError',
                message: error instanceof Error ? error.message : String(error),
              });
            },
          );
      };
    }
    return run;
  };
  return {
    run: runner(),
    get inFlight() {
      return inFlight;
    },
    get mostInFlight() {
      return mostInFlight;
    },
  };
}

/** A server function that answers only when the test says so, in any order. */
function heldCalls() {
  const pending: { id: string; release: () => void }[] = [];
  const fn = (id: unknown) =>
    new Promise((resolve) => {
      pending.push({ id: String(id), release: () => resolve({ id: String(id), status: 'running' }) });
    });
  return { fn, pending };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

const SETTINGS = {
  workerUrl: 'https://w.example/',
  connected: true,
  email: 'ana@example.com',
  role: 'admin',
};

describe('createServerBridge', () => {
  it('resolves with what the server function returns', async () => {
    const bridge = createServerBridge(fakeScriptRun({ getSettings: () => SETTINGS }).run);
    await expect(bridge.getSettings()).resolves.toEqual(SETTINGS);
  });

  it('passes the arguments through', async () => {
    const bridge = createServerBridge(
      fakeScriptRun({
        lookupDictionary: (platform, kind, query) => [
          { id: 1, label: `${String(platform)} ${String(kind)} ${String(query)}` },
        ],
      }).run,
    );
    await expect(bridge.lookupDictionary('tiktok', 'locations', 'berl')).resolves.toEqual([
      { id: 1, label: 'tiktok locations berl' },
    ]);
  });

  it('rejects with an Error carrying the server message when the server function throws', async () => {
    const bridge = createServerBridge(
      fakeScriptRun({
        getSettings: () => {
          throw new Error('You do not have permission to call PropertiesService.getUserProperties');
        },
      }).run,
    );
    const failure = bridge.getSettings();
    await expect(failure).rejects.toBeInstanceOf(Error);
    await expect(failure).rejects.toThrow(
      'You do not have permission to call PropertiesService.getUserProperties',
    );
  });

  it('rejects, readably, a function the pushed add-on lacks; the types refuse unknown names before that', async () => {
    const bridge = createServerBridge(fakeScriptRun({}).run);
    // @ts-expect-error: a name outside the sidebar contract must not compile
    const call = (): Promise<unknown> => bridge.showSidebar();
    await expect(call()).rejects.toThrow(
      'The add-on has no server function "showSidebar": reload the spreadsheet',
    );
    await expect(bridge.getAccount()).rejects.toThrow('The add-on has no server function "getAccount"');
  });

  it('is not mistaken for a promise (awaiting it does not call a server function "then")', async () => {
    const calls: string[] = [];
    const bridge = createServerBridge(fakeScriptRun({ then: () => calls.push('then') }).run);
    await expect(Promise.resolve(bridge)).resolves.toBe(bridge);
    expect(calls).toEqual([]);
  });
});

describe('the bridge queue (google.script.run runs 10 calls at once)', () => {
  it('keeps 10 calls in flight and starts the others in order as earlier ones answer', async () => {
    const held = heldCalls();
    const script = fakeScriptRun({ pollJob: held.fn });
    const bridge = createServerBridge(script.run);
    const answers: string[] = [];
    const calls = Array.from({ length: 14 }, (_, i) =>
      bridge.pollJob(`job-${i}`).then((job) => answers.push(job.id)),
    );
    await settle();
    expect(MAX_CALLS_IN_FLIGHT).toBe(10);
    expect(held.pending.map((call) => call.id)).toEqual(Array.from({ length: 10 }, (_, i) => `job-${i}`));

    // The third call answers first: exactly one waiting call (the 11th) takes its place.
    held.pending[2].release();
    await settle();
    expect(answers).toEqual(['job-2']);
    expect(held.pending.map((call) => call.id).slice(10)).toEqual(['job-10']);
    expect(script.inFlight).toBe(10);

    // Answering the rest, a batch at a time, lets every waiting call through.
    while (answers.length < 14) {
      held.pending.filter((pending) => !answers.includes(pending.id)).forEach((pending) => pending.release());
      await settle();
    }
    await Promise.all(calls);
    expect([...answers].sort()).toEqual(Array.from({ length: 14 }, (_, i) => `job-${i}`).sort());
    expect(script.mostInFlight).toBe(10);
  });

  it('frees the slot of a call that failed, so later calls still run', async () => {
    let call = 0;
    const script = fakeScriptRun({
      getHealth: () => {
        call += 1;
        if (call <= 10) throw new Error('Worker unreachable');
        return { checkedAt: 'now' };
      },
    });
    const bridge = createServerBridge(script.run);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => bridge.getHealth()));
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(10);
    expect(results.slice(10).map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(script.mostInFlight).toBe(10);
  });

  it('honours a smaller limit when given one', async () => {
    const held = heldCalls();
    const script = fakeScriptRun({ pollJob: held.fn });
    const bridge = createServerBridge(script.run, { maxCallsInFlight: 2 });
    const calls = ['a', 'b', 'c'].map((id) => bridge.pollJob(id));
    await settle();
    expect(held.pending.map((call) => call.id)).toEqual(['a', 'b']);
    held.pending[0].release();
    await settle();
    expect(held.pending.map((call) => call.id)).toEqual(['a', 'b', 'c']);
    held.pending.slice(1).forEach((pending) => pending.release());
    await Promise.all(calls);
  });
});
