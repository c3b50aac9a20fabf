/**
 * Concurrent identical requests share one in-flight promise: while a call for a key runs, callers
 * with the same key get that call's promise instead of starting another one (and paying twice).
 * Nothing is remembered once it settles: caching results is the store's job, and a failure must not
 * stick.
 *
 * Across instances (a shared Postgres store), `runAcrossInstances` also holds the store's lock on
 * the key (Store.oneAtATime) while it works: an instance asking for the same key
 * meanwhile waits, then runs its work, which looks at the cache again first and finds what the
 * first one bought. Only work that looks at the cache first may ask for it.
 */
export interface SingleFlight {
  /**
   * Runs `work` for `key`, or joins the run already in flight. `shared` tells the caller whether it
   * joined someone else's run (it started nothing and paid nothing).
   */
  run<T>(key: string, work: () => Promise<T>): Promise<{ value: T; shared: boolean }>;
  /**
   * `run`, with the run also holding the key across instances while it works. `work` must look at
   * the cache first: after a wait, what another instance bought is there.
   */
  runAcrossInstances<T>(key: string, work: () => Promise<T>): Promise<{ value: T; shared: boolean }>;
  /** Whether a run for `key` is in flight. */
  has(key: string): boolean;
  /** Runs in flight, for metrics and tests. */
  readonly size: number;
}

/** Runs work while no other instance runs work under the same key (Store.oneAtATime). */
type AcrossInstances = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export function createSingleFlight(options: { acrossInstances?: AcrossInstances } = {}): SingleFlight {
  const inFlight = new Map<string, Promise<unknown>>();
  const acrossInstances = options.acrossInstances ?? ((_key, work) => work());
  const run = async <T>(key: string, start: () => Promise<T>) => {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running !== undefined) return { value: await running, shared: true };
    const started = start();
    inFlight.set(key, started);
    try {
      return { value: await started, shared: false };
    } finally {
      if (inFlight.get(key) === started) inFlight.delete(key);
    }
  };
  return {
    run: (key, work) => run(key, async () => work()),
    runAcrossInstances: (key, work) => run(key, () => acrossInstances(key, work)),
    has: (key) => inFlight.has(key),
    get size() {
      return inFlight.size;
    },
  };
}
