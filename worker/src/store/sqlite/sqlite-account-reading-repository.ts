import type Database from 'better-sqlite3';
import { toMilliCredits } from '../values/milli-credits';
import type { AccountReadingRepository, AccountReading } from '../account-reading-repository';
import { type ReadingRow, KEPT_READINGS, toReading } from '../rows/account-reading-rows';

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
