import { ADVISORY_LOCKS, lockKeyOf } from './advisory-locks';
import type { ConnectionWatch } from './connection-watch';
import { createPostgresDatabase, type PostgresDatabase } from './postgres-database';

/**
 * Single flight across instances: work under one key (a report's cache key, a search page's) runs
 * in one instance at a time, each holding a transaction-level advisory lock on the key for the
 * work's length. The work looks at the cache again once it holds the lock, so an instance that
 * waited finds what the first one bought and pays nothing. A killed holder's connection drops and
 * Postgres frees its lock at once.
 *
 * The locks live on a small pool of their own: a holder's work needs the store's pool (the cache,
 * the journal), and holders waiting for that pool while they held its connections would starve
 * each other. In front of this, the in-process single flight (concurrency/single-flight.ts) keeps one
 * instance's identical requests on one lock, not one connection each.
 *
 * A lock's connection lost while the work runs (the server restarted) frees the lock in Postgres;
 * the work, a paid call on its way, goes on and its outcome stands: what it bought is kept and
 * recorded (the outage memory when the store is down), never thrown away for a lock.
 */
export interface FlightLocks {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Keys held at once per instance; more wait for a connection (the work itself is paced upstream anyway). */
export const FLIGHT_LOCK_CONNECTIONS = 6;

export function createFlightLocks(
  url: string,
  onIdleError: (error: Error) => void,
  size: number,
  watch?: ConnectionWatch,
): FlightLocks {
  const db: PostgresDatabase = createPostgresDatabase({
    url,
    size,
    onIdleError,
    ...(watch === undefined ? {} : { watch }),
  });
  return {
    async run(key, work) {
      // The work's failure leaves the transaction as a value: transaction() tries again on some
      // errors, and a paid call must never run twice because of one.
      const ended: { outcome?: { value: Awaited<ReturnType<typeof work>> } | { error: unknown } } = {};
      try {
        await db.transaction(async (sql) => {
          // A transaction tried again after the work ran (its commit refused) must not run it twice.
          if (ended.outcome !== undefined) return;
          await sql.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [
            ADVISORY_LOCKS.flight,
            lockKeyOf(key),
          ]);
          try {
            ended.outcome = { value: await work() };
          } catch (error) {
            ended.outcome = { error };
          }
        });
      } catch (error) {
        // The lock could not be taken (nothing ran), or its commit failed after the work ended.
        if (ended.outcome === undefined) throw error;
      }
      const { outcome } = ended;
      if (outcome === undefined) throw new Error('a flight lock ended without its work');
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    },
    close: () => db.close(),
  };
}
