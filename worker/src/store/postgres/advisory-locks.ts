import { createHash } from 'node:crypto';

/**
 * Every advisory lock the store takes, in one place so that two uses never share a key by
 * accident. Postgres keeps one-key (64-bit) and two-key (32 + 32 bits) locks apart; the two-key
 * ones here name a class first and the locked thing second.
 */
export const ADVISORY_LOCKS = {
  /** One-key: held by every migration, so instances starting at once migrate one at a time. */
  migration: 7_316_202_601,
  /** Two-key class: a worker run, held by its store while open (run-liveness.ts). */
  run: 7316,
  /** Two-key class: one person's or one document's worker keys while a key is issued (its cap). */
  keyCap: 7317,
  /** Two-key class: a paid read under one cache key, bought by one instance at a time (flight-locks.ts). */
  flight: 7318,
  /** Two-key class: one document's schedules while one is created (its cap, issue 22). */
  scheduleCap: 7319,
} as const;

/** The second key of a two-key lock: 32 bits of the name's SHA-256 (a collision only makes two names wait on each other). */
export function lockKeyOf(name: string): number {
  return createHash('sha256').update(name, 'utf8').digest().readInt32BE(0);
}
