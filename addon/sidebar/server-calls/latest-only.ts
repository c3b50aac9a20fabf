/**
 * Answers to calls made one after another may come back in any order; only the answer to the latest
 * call may update the page, or a slow answer for "ber" would overwrite the one for "berlin".
 */
export const STALE = Symbol('stale');

export type LatestOnly<A extends unknown[], R> = (...args: A) => Promise<R | typeof STALE>;

/** Wraps `fn` so that every answer but the one to the latest call resolves to STALE. */
export function latestOnly<A extends unknown[], R>(fn: (...args: A) => Promise<R>): LatestOnly<A, R> {
  let latest = 0;
  return async (...args: A) => {
    latest += 1;
    const mine = latest;
    try {
      const answer = await fn(...args);
      return mine === latest ? answer : STALE;
    } catch (error) {
      if (mine !== latest) return STALE;
      throw error;
    }
  };
}
