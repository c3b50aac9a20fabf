import type Database from 'better-sqlite3';
import type { OperationId } from '../../../shared/operations';
import type { Clock } from '../../common/clock';
import { fromMilliCredits, toMilliCredits } from './milli-credits';
import { createSavingsSums, savingsEntry, type PendingSavings } from './savings-sums';
import { normalizeUserEmail } from './user-email';
import { periodEnd, periodStart, type BudgetPeriod } from './utc-periods';
import type { LedgerEntry, Spend, UserSpend } from '../../../shared/worker-api/account';
export type { LedgerEntry } from '../../../shared/worker-api/account';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One paid call (or one call answered partly from cache), as recorded after it. */
export interface LedgerEntryInput {
  userEmail: string;
  operation: OperationId;
  estimatedCredits: number;
  actualCredits: number;
  /** Raw-data operations spend the monthly raw allowance instead of credits. */
  rawRequests?: number;
  /** Items served from the cache instead of being paid for again, and what they would have cost. */
  cacheHits?: number;
  creditsSaved?: number;
  jobId?: string;
  /** The spreadsheet whose formulas spent it (a document key), billed to `userEmail`. */
  documentId?: string;
  requestId: string;
  /** Defaults to the store's clock. */
  at?: number;
  /**
   * Counted at its estimate because a crash hid whether the API billed it (paid-call journal):
   * spent as far as budgets go, and checked against the account's balance (reconciliation).
   */
  unconfirmed?: boolean;
  /** The journaled paid call an unconfirmed row counts, for the reconciliation to settle. */
  callId?: string;
}

/** Items one request answered without paying (from the cache, or from another request's call). */
export interface SavingsInput {
  userEmail: string;
  operation: OperationId;
  cacheHits: number;
  creditsSaved: number;
  jobId?: string;
  requestId: string;
  /** Defaults to the store's clock. */
  at?: number;
}

/** What one operation cost on one UTC day. */
export interface DayOperationSpend extends Spend {
  /** The first millisecond of the UTC day. */
  dayStart: number;
  operation: OperationId;
}

export interface LedgerRepository {
  record(entry: LedgerEntryInput): Promise<LedgerEntry>;
  /**
   * Adds savings to a running sum per user, operation, job and UTC day, written as one ledger row
   * per sum within `savingsFlushMs` of the first addition, before any read of this repository and
   * at close. A cached answer takes well under a millisecond; a committed row per answer would
   * cost it a disk write. The row's request id is the first request's, with `+N` when it sums more.
   */
  addSavings(entry: SavingsInput): void;
  /** Writes the sums added so far (one transaction); a no-op when there are none. */
  flushSavings(): Promise<void>;
  /**
   * Within the UTC day or month holding `now`: one document's formulas with `documentId`, else one
   * person's with `email`, else the whole team's.
   */
  spend(query: { period: BudgetPeriod; email?: string; documentId?: string; now?: number }): Promise<Spend>;
  /** Newest first. */
  recent(email: string, limit?: number): Promise<LedgerEntry[]>;
  /** Per user within the UTC day or month holding `now`, biggest spender first. */
  usageByUser(period: BudgetPeriod, now?: number): Promise<UserSpend[]>;
  /** Every row of one job, oldest first. */
  ofJob(jobId: string): Promise<LedgerEntry[]>;
  /**
   * What one person's request spent: the sum of its rows' actual credits (every paid call records
   * one with the request's id; a savings row counts 0). One indexed query, not a scan of the
   * person's recent rows.
   */
  creditsOfRequest(email: string, requestId: string): Promise<number>;
  /**
   * Sums per UTC day and operation from `from` (included) to `to` (excluded): one person's with
   * `email`, else the whole team's; newest day first, then operation id. The Account view's
   * breakdown (`GET /api/account/breakdown`) adds them up per operation and per day.
   */
  spendByDayAndOperation(query: { from: number; to: number; email?: string }): Promise<DayOperationSpend[]>;
  /** What the whole team spent from `from` (included) to `to` (excluded), and how much of it is unconfirmed. */
  spendBetween(from: number, to: number): Promise<Spend & { unconfirmedCredits: number }>;
}

export interface LedgerOptions {
  /** How long savings may wait in memory; 1 s by default. */
  savingsFlushMs?: number;
  /** A timed write of savings failed (they are kept and tried again). */
  onFlushError?: (error: unknown) => void;
}

export const DEFAULT_SAVINGS_FLUSH_MS = 1000;

/** A ledger row as either engine stores it. */
export interface LedgerRow {
  id: number;
  at: number;
  user_email: string;
  operation_id: string;
  estimated_milli: number;
  actual_milli: number;
  raw_requests: number;
  cache_hits: number;
  saved_milli: number;
  job_id: string | null;
  request_id: string;
  /** 0 confirmed; 1 counted at its estimate until reconciled; 2 settled by the reconciliation. */
  unconfirmed: number;
  document_id: string | null;
  call_id: string | null;
}

export interface SpendRow {
  email?: string;
  day_start?: number;
  operation_id?: string;
  actual_milli: number | null;
  calls: number;
  raw_requests: number | null;
  cache_hits: number | null;
  saved_milli: number | null;
}

export const DEFAULT_RECENT_LIMIT = 50;

/**
 * Writes one ledger row inside whatever transaction is open, so a job's batch can commit its rows,
 * checkpoint and spend together (job-repository.ts).
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

/** The row an entry becomes, checked: amounts in thousandths, counts whole, the address normalized. */
export function ledgerRowOf(entry: LedgerEntryInput, clock: Clock): Omit<LedgerRow, 'id'> {
  return {
    at: entry.at ?? clock.now(),
    user_email: normalizeUserEmail(entry.userEmail),
    operation_id: entry.operation,
    estimated_milli: toMilliCredits(entry.estimatedCredits, 'estimatedCredits'),
    actual_milli: toMilliCredits(entry.actualCredits, 'actualCredits'),
    raw_requests: wholeCount(entry.rawRequests ?? 0, 'rawRequests'),
    cache_hits: wholeCount(entry.cacheHits ?? 0, 'cacheHits'),
    saved_milli: toMilliCredits(entry.creditsSaved ?? 0, 'creditsSaved'),
    job_id: entry.jobId ?? null,
    request_id: entry.requestId,
    unconfirmed: entry.unconfirmed === true ? 1 : 0,
    document_id: entry.documentId ?? null,
    call_id: entry.callId ?? null,
  };
}

/** A row's values in the column order of LEDGER_COLUMNS. */
type LedgerValues = [
  number,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  string | null,
  string,
  number,
  string | null,
  string | null,
];

/** The row's values in the column order of LEDGER_COLUMNS. */
export function ledgerValues(row: Omit<LedgerRow, 'id'>): LedgerValues {
  return [
    row.at,
    row.user_email,
    row.operation_id,
    row.estimated_milli,
    row.actual_milli,
    row.raw_requests,
    row.cache_hits,
    row.saved_milli,
    row.job_id,
    row.request_id,
    row.unconfirmed,
    row.document_id,
    row.call_id,
  ];
}

/** The columns an insert names, in the order of ledgerValues. */
export const LEDGER_COLUMNS = `at, user_email, operation_id, estimated_milli, actual_milli, raw_requests,
  cache_hits, saved_milli, job_id, request_id, unconfirmed, document_id, call_id`;

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

export function toSpend(row: SpendRow | undefined): Spend {
  return {
    credits: fromMilliCredits(row?.actual_milli ?? 0),
    calls: row?.calls ?? 0,
    rawRequests: row?.raw_requests ?? 0,
    cacheHits: row?.cache_hits ?? 0,
    creditsSaved: fromMilliCredits(row?.saved_milli ?? 0),
  };
}

export function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    at: row.at,
    userEmail: row.user_email,
    operation: row.operation_id as OperationId,
    estimatedCredits: fromMilliCredits(row.estimated_milli),
    actualCredits: fromMilliCredits(row.actual_milli),
    rawRequests: row.raw_requests,
    cacheHits: row.cache_hits,
    creditsSaved: fromMilliCredits(row.saved_milli),
    jobId: row.job_id,
    requestId: row.request_id,
    unconfirmed: row.unconfirmed === 1,
  };
}

export function wholeCount(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number of 0 or more, got ${String(value)}`);
  }
  return value;
}
