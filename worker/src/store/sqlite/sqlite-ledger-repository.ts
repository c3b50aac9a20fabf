import type Database from 'better-sqlite3';
import type { OperationId } from '../../../../shared/operations';
import type { Clock } from '../../../common/clock';
import { fromMilliCredits } from '../values/milli-credits';
import { createSavingsSums, savingsEntry, type PendingSavings } from '../rows/savings-sums';
import { normalizeUserEmail } from '../values/user-email';
import { periodEnd, periodStart } from '../values/utc-periods';
import type { LedgerEntry } from '../../../../shared/worker-api/account';
import type { LedgerEntryInput, LedgerRepository } from '../ledger-repository';
import {
  type LedgerValues,
  LEDGER_COLUMNS,
  ledgerRowOf,
  ledgerValues,
  toEntry,
  type LedgerOptions,
  DEFAULT_SAVINGS_FLUSH_MS,
  type SpendRow,
  type LedgerRow,
  toSpend,
  DEFAULT_RECENT_LIMIT,
  wholeCount,
} from '../rows/ledger-rows';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes one ledger row inside whatever transaction is open, so a job's batch can commit its rows,
 * checkpoint and spend together (sqlite-job-repository.ts).
 */
type LedgerWriter = (entry: LedgerEntryInput) => LedgerEntry;

export function createLedgerWriter(db: Database.Database, clock: Clock): LedgerWriter {
  const insert = db.prepare<LedgerValues>(
    `INSERT INTO ledger (${LEDGER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return (entry) => {
    const row = ledgerRowOf(entry, clock);
    const { lastInsertRowid } = insert.run(...ledgerValues(row));
    return toEntry({ id: Number(lastInsertRowid), ...row });
  };
}

/** What the store itself needs beyond the interface: a flush it can run right before closing. */
interface SqliteLedgerRepository extends LedgerRepository {
  flushSavingsNow(): void;
}

export function createSqliteLedgerRepository(
  db: Database.Database,
  clock: Clock,
  options: LedgerOptions = {},
): SqliteLedgerRepository {
  const write = createLedgerWriter(db, clock);
  const flushMs = options.savingsFlushMs ?? DEFAULT_SAVINGS_FLUSH_MS;
  const sums = createSavingsSums(clock);
  let timer: NodeJS.Timeout | null = null;

  const writePending = db.transaction((taken: readonly PendingSavings[]) => {
    for (const sum of taken) write(savingsEntry(sum));
  });

  const flushPending = () => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    const taken = sums.take();
    if (taken.length === 0) return;
    try {
      writePending(taken);
    } catch (error) {
      // A failed write leaves them for the next try.
      sums.restore(taken);
      throw error;
    }
  };

  const flushLater = () => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      try {
        flushPending();
      } catch (error) {
        options.onFlushError?.(error);
        if (db.open) flushLater();
      }
    }, flushMs);
    // A pending sum never keeps the process alive; shutdown flushes through close().
    timer.unref();
  };
  const teamSpend = db.prepare<[number, number], SpendRow>(
    `SELECT ${SPEND_SUMS} FROM ledger WHERE at >= ? AND at < ?`,
  );
  const userSpend = db.prepare<[string, number, number], SpendRow>(
    `SELECT ${SPEND_SUMS} FROM ledger WHERE user_email = ? AND at >= ? AND at < ?`,
  );
  const documentSpend = db.prepare<[string, number, number], SpendRow>(
    `SELECT ${SPEND_SUMS} FROM ledger WHERE document_id = ? AND at >= ? AND at < ?`,
  );
  const byUser = db.prepare<[number, number], SpendRow>(
    `SELECT user_email AS email, ${SPEND_SUMS} FROM ledger WHERE at >= ? AND at < ?
     GROUP BY user_email ORDER BY actual_milli DESC, user_email`,
  );
  // Integer division: `at` is a whole number of milliseconds, so this is the UTC day's first one.
  const dayOperation = `(at / ${DAY_MS}) * ${DAY_MS} AS day_start, operation_id, ${SPEND_SUMS}`;
  const teamByDayOperation = db.prepare<[number, number], SpendRow>(
    `SELECT ${dayOperation} FROM ledger WHERE at >= ? AND at < ?
     GROUP BY day_start, operation_id ORDER BY day_start DESC, operation_id`,
  );
  const userByDayOperation = db.prepare<[string, number, number], SpendRow>(
    `SELECT ${dayOperation} FROM ledger WHERE user_email = ? AND at >= ? AND at < ?
     GROUP BY day_start, operation_id ORDER BY day_start DESC, operation_id`,
  );
  const recent = db.prepare<[string, number], LedgerRow>(
    'SELECT * FROM ledger WHERE user_email = ? ORDER BY at DESC, id DESC LIMIT ?',
  );
  const ofJob = db.prepare<[string], LedgerRow>('SELECT * FROM ledger WHERE job_id = ? ORDER BY id');
  const ofRequest = db.prepare<[string, string], { milli: number | null }>(
    'SELECT SUM(actual_milli) AS milli FROM ledger WHERE request_id = ? AND user_email = ?',
  );
  const unconfirmedBetween = db.prepare<[number, number], { milli: number | null }>(
    'SELECT SUM(actual_milli) AS milli FROM ledger WHERE unconfirmed = 1 AND at >= ? AND at < ?',
  );

  return {
    async record(entry) {
      return write(entry);
    },

    addSavings(entry) {
      if (sums.add(entry)) flushLater();
    },

    async flushSavings() {
      flushPending();
    },

    flushSavingsNow: flushPending,

    async spend({ period, email, documentId, now = clock.now() }) {
      flushPending();
      const [from, to] = [periodStart(period, now), periodEnd(period, now)];
      if (documentId !== undefined) return toSpend(documentSpend.get(documentId, from, to));
      const row =
        email === undefined ? teamSpend.get(from, to) : userSpend.get(normalizeUserEmail(email), from, to);
      return toSpend(row);
    },

    async recent(email, limit = DEFAULT_RECENT_LIMIT) {
      flushPending();
      return recent.all(normalizeUserEmail(email), wholeCount(limit, 'limit')).map(toEntry);
    },

    async usageByUser(period, now = clock.now()) {
      flushPending();
      return byUser
        .all(periodStart(period, now), periodEnd(period, now))
        .map((row) => ({ email: row.email ?? '', ...toSpend(row) }));
    },

    async ofJob(jobId) {
      flushPending();
      return ofJob.all(jobId).map(toEntry);
    },

    async creditsOfRequest(email, requestId) {
      flushPending();
      return fromMilliCredits(ofRequest.get(requestId, normalizeUserEmail(email))?.milli ?? 0);
    },

    async spendByDayAndOperation({ from, to, email }) {
      flushPending();
      const rows =
        email === undefined
          ? teamByDayOperation.all(from, to)
          : userByDayOperation.all(normalizeUserEmail(email), from, to);
      return rows.map((row) => ({
        dayStart: row.day_start ?? 0,
        operation: (row.operation_id ?? '') as OperationId,
        ...toSpend(row),
      }));
    },

    async spendBetween(from, to) {
      flushPending();
      const unconfirmed = unconfirmedBetween.get(from, to)?.milli ?? 0;
      return { ...toSpend(teamSpend.get(from, to)), unconfirmedCredits: fromMilliCredits(unconfirmed) };
    },
  };
}

/** What spend queries select per group (postgres/ledger-repository.ts casts the same sums back to whole numbers). */
const SPEND_SUMS = `COALESCE(SUM(actual_milli), 0) AS actual_milli, COUNT(*) AS calls,
  COALESCE(SUM(raw_requests), 0) AS raw_requests, COALESCE(SUM(cache_hits), 0) AS cache_hits,
  COALESCE(SUM(saved_milli), 0) AS saved_milli`;
