import type { SharedPace } from '../../upstream/throttle';
import type { Sql } from './postgres-database';

/**
 * One upstream rate limit per API token and rate family across every instance: each request books
 * its start from one row (`rate_slots`), in one statement, with the same GCRA the in-process
 * throttle uses. `tat` is when the next request is due by the database's clock (so instances'
 * clocks need not agree); a booking moves it one interval on and answers how long this request
 * must wait. Of instances booking at once each gets its own slot: Postgres serializes the upsert
 * on the row. The row is named by a hash of the token, never the token.
 */
const DB_NOW_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

export function createPostgresSharedPace(db: Sql, tokenHash: string): SharedPace {
  const bucket = (family: string) => `${tokenHash}:${family}`;
  return {
    async book(family, intervalMs) {
      const { rows } = await db.query<{ delay: number }>(
        `WITH now AS (SELECT ${DB_NOW_MS} AS ms)
         INSERT INTO rate_slots AS slot (bucket, tat) SELECT $1, now.ms + $2 FROM now
         ON CONFLICT (bucket) DO UPDATE SET tat = GREATEST(slot.tat, (SELECT ms FROM now)) + $2
         RETURNING slot.tat - $2 - (SELECT ms FROM now) AS delay`,
        [bucket(family), Math.ceil(intervalMs)],
      );
      return Math.max(0, rows[0]?.delay ?? 0);
    },
    async hold(family, forMs) {
      await db.query(
        `WITH now AS (SELECT ${DB_NOW_MS} AS ms)
         INSERT INTO rate_slots AS slot (bucket, tat) SELECT $1, now.ms + $2 FROM now
         ON CONFLICT (bucket) DO UPDATE SET tat = GREATEST(slot.tat, (SELECT ms FROM now) + $2)`,
        [bucket(family), Math.ceil(Math.max(0, forMs))],
      );
    },
  };
}
