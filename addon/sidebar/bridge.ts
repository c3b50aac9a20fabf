import type * as server from '../server/index';

/**
 * Promises over google.script.run, typed from the server's public surface (gas-client style): a
 * renamed or removed server function, or a changed signature, breaks the sidebar's build.
 */
type ServerModule = typeof server;

type Promised<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

export type ServerBridge = { readonly [K in keyof ServerModule]: Promised<ServerModule[K]> };

export function createServerBridge(run: google.script.ScriptRun): ServerBridge {
  // Calls are resolved by name when made, as google.script.run does; the type above keeps names honest.
  const call =
    (name: string) =>
    (...args: unknown[]): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const runner = run.withSuccessHandler(resolve).withFailureHandler((error) => reject(asError(error)));
        const fn = runner[name];
        if (typeof fn !== 'function') {
          reject(new Error(`The add-on has no server function "${name}"`));
          return;
        }
        fn.apply(runner, args);
      });
  return new Proxy({} as ServerBridge, {
    get: (_target, name) => (typeof name === 'string' ? call(name) : undefined),
  });
}

/** google.script.run fails with an Error-like object; make sure the sidebar always gets an Error. */
function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return new Error(error.message);
  }
  return new Error(String(error));
}
