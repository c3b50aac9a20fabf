import type { SidebarApi } from '../../bridge-contract/sidebar-api';
import { createCallQueue } from './call-queue';

/**
 * Promises over google.script.run, typed from the sidebar/server contract (gas-client style): a
 * renamed or removed function, or a changed payload, breaks the sidebar's build. The server checks
 * its own public surface against the same `SidebarApi`, so both sides meet at the contract.
 */
type Promised<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

export type ServerBridge = { readonly [K in keyof SidebarApi]: Promised<SidebarApi[K]> };

/** google.script.run's limit on calls in flight from one page. */
export const MAX_CALLS_IN_FLIGHT = 10;

export interface BridgeOptions {
  maxCallsInFlight?: number;
}

export function createServerBridge(run: google.script.ScriptRun, options: BridgeOptions = {}): ServerBridge {
  const queue = createCallQueue(options.maxCallsInFlight ?? MAX_CALLS_IN_FLIGHT);
  // Calls are resolved by name when made, as google.script.run does; the type above keeps names honest.
  const callNow = (name: string, args: unknown[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const runner = run.withSuccessHandler(resolve).withFailureHandler((error) => reject(asError(error)));
      const fn = runner[name];
      if (typeof fn !== 'function') {
        reject(new Error(`The add-on has no server function "${name}": reload the spreadsheet`));
        return;
      }
      fn.apply(runner, args);
    });
  const call =
    (name: string) =>
    (...args: unknown[]): Promise<unknown> =>
      queue.run(() => callNow(name, args));
  return new Proxy({} as ServerBridge, {
    // `then` stays undefined so that the bridge is never mistaken for a promise and called as one.
    get: (_target, name) => (typeof name === 'string' && name !== 'then' ? call(name) : undefined),
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
