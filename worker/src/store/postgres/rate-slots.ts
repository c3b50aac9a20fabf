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
      const interval = Math.ceil(intervalMs);
      const { rows } = await db.query<{ delay: string; next: string }>(
        `WITH now AS (SELECT ${DB_NOW_MS} AS ms)
         INSERT INTO rate_slots AS slot (bucket, tat) SELECT $1, now.ms + $2 FROM now
         ON CONFLICT (bucket) DO UPDATE SET tat = GREATEST(slot.tat, (SELECT ms FROM now)) + $2
         RETURNING slot.tat - $2 - (SELECT ms FROM now) AS delay, slot.tat AS next`,
        [bucket(family), interval],
      );
      const row = rows[0];
      if (row === undefined) return { delayMs: 0, next: 0, intervalMs: interval };
      return { delayMs: Math.max(0, Number(row.delay)), next: Number(row.next), intervalMs: interval };
    },
    async startedLate(family, slot, lateMs, window) {
      // Its real start, by the store's clock: its slot (one interval before what it left next)
      // and how late it was. Bookings made since are counted from how far they moved the row:
      // the next one is that many turns after it, and the one `limit` turns after it may come
      // no earlier than the span after the real start.
      await db.query(
        `UPDATE rate_slots SET tat = GREATEST(tat,
           $2::bigint - $3::bigint + $4::bigint + $5::bigint
           - GREATEST(0, $6::bigint - 1 - FLOOR(GREATEST(0, tat - $2::bigint) / $3::bigint)::bigint) * $3::bigint)
         WHERE bucket = $1`,
        [
          bucket(family),
          slot.next,
          slot.intervalMs,
          Math.ceil(lateMs),
          Math.ceil(window.spanMs),
          window.limit,
        ],
      );
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
