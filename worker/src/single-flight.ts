/**
 * Concurrent identical requests share one in-flight promise: while a call for a key runs, callers
 * with the same key get that call's promise instead of starting another one (and paying twice).
 * Nothing is remembered once it settles: caching results is the store's job, and a failure must not
 * stick.
 */
export interface SingleFlight {
  /**
   * Runs `work` for `key`, or joins the run already in flight. `shared` tells the caller whether it
   * joined someone else's run (it started nothing and paid nothing).
   */
  run<T>(key: string, work: () => Promise<T>): Promise<{ value: T; shared: boolean }>;
  /** Whether a run for `key` is in flight. */
  has(key: string): boolean;
  /** Runs in flight, for metrics and tests. */
  readonly size: number;
}

export function createSingleFlight(): SingleFlight {
  const inFlight = new Map<string, Promise<unknown>>();
  return {
    async run<T>(key: string, work: () => Promise<T>) {
      const running = inFlight.get(key) as Promise<T> | undefined;
      if (running !== undefined) return { value: await running, shared: true };
      const started = (async () => work())();
      inFlight.set(key, started);
      try {
        return { value: await started, shared: false };
      } finally {
        if (inFlight.get(key) === started) inFlight.delete(key);
      }
    },
    has: (key) => inFlight.has(key),
    get size() {
      return inFlight.size;
    },
  };
}
