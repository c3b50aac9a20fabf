import type Database from 'better-sqlite3';
import { fromMilliCredits, toMilliCredits } from './milli-credits';

/** The API account's balance as `/user/info` said it at one moment (the reconciliation's readings). */
export interface AccountReading {
  at: number;
  credits: number;
  /** Raw requests left of the month's allowance; null when the account has no raw access. */
  rawRequests: number | null;
}

export interface AccountReadingRepository {
  add(reading: AccountReading): Promise<void>;
  /** Newest first. */
  latest(count: number): Promise<AccountReading[]>;
  /** The last reading at or before `at`, and the first at or after it (null when there is none). */
  around(at: number): Promise<{ before: AccountReading | null; after: AccountReading | null }>;
}

/** Readings older than this go: the reconciliation compares the last two, a few days show a trend. */
export const KEPT_READINGS = 1000;

export interface ReadingRow {
  at: number;
  credits_milli: number;
  raw_requests: number | null;
}

export function createSqliteAccountReadingRepository(db: Database.Database): AccountReadingRepository {
  const insert = db.prepare<[number, number, number | null]>(
    'INSERT OR REPLACE INTO account_readings (at, credits_milli, raw_requests) VALUES (?, ?, ?)',
  );
  const prune = db.prepare<[number]>(
    'DELETE FROM account_readings WHERE at NOT IN (SELECT at FROM account_readings ORDER BY at DESC LIMIT ?)',
  );
  const newest = db.prepare<[number], ReadingRow>('SELECT * FROM account_readings ORDER BY at DESC LIMIT ?');
  const before = db.prepare<[number], ReadingRow>(
    'SELECT * FROM account_readings WHERE at <= ? ORDER BY at DESC LIMIT 1',
  );
  const after = db.prepare<[number], ReadingRow>(
    'SELECT * FROM account_readings WHERE at >= ? ORDER BY at LIMIT 1',
  );
  const addOne = db.transaction((reading: AccountReading) => {
    insert.run(reading.at, toMilliCredits(reading.credits, 'a balance'), reading.rawRequests);
    prune.run(KEPT_READINGS);
  });
  return {
    async add(reading) {
      addOne(reading);
    },
    async latest(count) {
      return newest.all(count).map(toReading);
    },
    async around(at) {
      const [first, second] = [before.get(at), after.get(at)];
      return {
        before: first === undefined ? null : toReading(first),
        after: second === undefined ? null : toReading(second),
      };
    },
  };
}

export function toReading(row: ReadingRow): AccountReading {
  return { at: row.at, credits: fromMilliCredits(row.credits_milli), rawRequests: row.raw_requests };
}
