import type { AccountReadingRepository } from '../account-reading-repository';
import { KEPT_READINGS, toReading, type ReadingRow } from '../rows/account-reading-rows';
import { toMilliCredits } from '../values/milli-credits';
import type { PostgresDatabase } from './postgres-database';

/** The API account's balance readings on Postgres: the newest KEPT_READINGS, one per instant. */
export function createPostgresAccountReadingRepository(db: PostgresDatabase): AccountReadingRepository {
  return {
    async add(reading) {
      const milli = toMilliCredits(reading.credits, 'a balance');
      await db.transaction(async (sql) => {
        await sql.query(
          `INSERT INTO account_readings (at, credits_milli, raw_requests) VALUES ($1, $2, $3)
           ON CONFLICT (at) DO UPDATE SET credits_milli = excluded.credits_milli, raw_requests = excluded.raw_requests`,
          [reading.at, milli, reading.rawRequests],
        );
        await sql.query(
          'DELETE FROM account_readings WHERE at NOT IN (SELECT at FROM account_readings ORDER BY at DESC LIMIT $1)',
          [KEPT_READINGS],
        );
      });
    },
    async latest(count) {
      const { rows } = await db.query<ReadingRow>(
        'SELECT * FROM account_readings ORDER BY at DESC LIMIT $1',
        [count],
      );
      return rows.map(toReading);
    },
    async around(at) {
      const { rows } = await db.query<ReadingRow & { side: 'before' | 'after' }>(
        `(SELECT *, 'before' AS side FROM account_readings WHERE at <= $1 ORDER BY at DESC LIMIT 1)
         UNION ALL (SELECT *, 'after' AS side FROM account_readings WHERE at >= $1 ORDER BY at LIMIT 1)`,
        [at],
      );
      const side = (name: 'before' | 'after') => {
        const row = rows.find((found) => found.side === name);
        return row === undefined ? null : toReading(row);
      };
      return { before: side('before'), after: side('after') };
    },
  };
}
