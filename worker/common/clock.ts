/**
 * Time for the worker and the sandbox alike. Rate limits, throttles, cache expiry, health windows
 * and injected latency read time through these two seams so that tests can move time by hand
 * instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch, like `Date.now()`. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Waits `ms` milliseconds, or less when `signal` aborts (a client that hangs up must not keep a
 * timer alive). Resolves in both cases: the caller checks the signal if it cares.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Reads the global `setTimeout` at call time, so Jest's fake timers take effect. */
export const timerSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) {
      resolve();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
