/**
 * Whether the store can be relied on right now (issue 23). A Postgres server restarts for
 * maintenance or fails over, a network cuts: the worker must then neither crash nor buy what it
 * cannot record. Every failure of the database's connection is turned into one error,
 * `StoreUnavailableError`, that the HTTP layer answers 503 with Retry-After, and the store keeps
 * a state that the paid-call gate, the readiness probe and the outage memory read.
 */

/** The store cannot answer now (its connection failed); the same request later may well succeed. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly code = 'store_unavailable';

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

export function isStoreUnavailableError(error: unknown): error is StoreUnavailableError {
  return error instanceof StoreUnavailableError;
}

export interface StoreAvailability {
  /** Null while the store answers and paid calls can be recorded; else why not, for a log line. */
  readonly problem: string | null;
  /** Throws StoreUnavailableError while `problem` is not null: before anything is bought. */
  check(): void;
  /** Calls `listener` each time the store answers again after a problem; returns the unsubscribe. */
  onBack(listener: () => void): () => void;
}

/**
 * Resolves once the store is available, at once when it is; throws StoreUnavailableError when it
 * is not within `ms` (a lock taken again in a second is waited for, a restart is not).
 */
export async function availableWithin(availability: StoreAvailability, ms: number): Promise<void> {
  if (availability.problem === null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    const unsubscribe = availability.onBack(done);
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
  availability.check();
}

/** One process on a local file (SQLite): nothing to lose a connection to. */
export const ALWAYS_AVAILABLE: StoreAvailability = {
  problem: null,
  check: () => undefined,
  onBack: () => () => undefined,
};

/** What the store's users are told while it cannot be reached. */
export const STORE_UNAVAILABLE_MESSAGE =
  "The worker's database is not answering just now (a restart or a network cut); try again in a moment: nothing already paid for is bought again";

/**
 * A state made of named conditions (the database answers; this run's lock is held): available
 * when none is failing. `failing(name, reason)` and `fine(name)` move it; listeners hear the
 * moment every condition is fine again.
 */
export interface AvailabilityState extends StoreAvailability {
  failing(condition: string, reason: string): void;
  fine(condition: string): void;
}

export function createAvailabilityState(): AvailabilityState {
  const problems = new Map<string, string>();
  const listeners = new Set<() => void>();
  const state: AvailabilityState = {
    get problem() {
      const [first] = problems.values();
      return first ?? null;
    },
    check() {
      const problem = state.problem;
      if (problem !== null) throw new StoreUnavailableError(`${STORE_UNAVAILABLE_MESSAGE} (${problem})`);
    },
    onBack(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    failing(condition, reason) {
      problems.set(condition, reason);
    },
    fine(condition) {
      if (!problems.delete(condition) || problems.size > 0) return;
      for (const listener of [...listeners]) listener();
    },
  };
  return state;
}
