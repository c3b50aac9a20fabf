import type { OperationId } from '../../../../shared/operations';
import type { Clock } from '../../../common/clock';
import type { LedgerEntry, LedgerEntryInput, LedgerRepository } from '../ledger-repository';
import {
  DEFAULT_RECENT_LIMIT,
  DEFAULT_SAVINGS_FLUSH_MS,
  LEDGER_COLUMNS,
  ledgerRowOf,
  ledgerValues,
  toEntry,
  toSpend,
  wholeCount,
  type LedgerOptions,
  type LedgerRow,
  type SpendRow,
} from '../rows/ledger-rows';
import { fromMilliCredits } from '../values/milli-credits';
import { createSavingsSums, savingsEntry } from '../rows/savings-sums';
import { normalizeUserEmail } from '../values/user-email';
import { periodEnd, periodStart } from '../values/utc-periods';
import type { PostgresDatabase, Sql } from './postgres-database';

const DAY_MS = 24 * 60 * 60 * 1000;

/** SQLite's sums (ledger-repository.ts SPEND_SUMS), cast back from NUMERIC to whole numbers. */
const SPEND_SUMS = `COALESCE(SUM(actual_milli), 0)::bigint AS actual_milli, COUNT(*) AS calls,
  COALESCE(SUM(raw_requests), 0)::bigint AS raw_requests, COALESCE(SUM(cache_hits), 0)::bigint AS cache_hits,
  COALESCE(SUM(saved_milli), 0)::bigint AS saved_milli`;

/**
 * Writes one ledger row on `sql`: the pool, or a transaction that commits it with other writes (a
 * job's batch, the paid-call journal's settlement).
 */
export async function writeLedgerRow(sql: Sql, clock: Clock, entry: LedgerEntryInput): Promise<LedgerEntry> {
  const row = ledgerRowOf(entry, clock);
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO ledger (${LEDGER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     RETURNING id`,
    ledgerValues(row),
  );
  return toEntry({ id: rows[0]?.id ?? 0, ...row });
}

/** What the store needs beyond the interface: the last flush before closing. */
interface PostgresLedgerRepository extends LedgerRepository {
  /** Writes what is summed; reports a failure to onFlushError instead of throwing. */
  flushBeforeClose(): Promise<void>;
}

/**
 * The ledger on Postgres: every instance appends its own rows, so instances never wait on one
 * another here; sums and lists read what all of them wrote. Savings are summed in this instance's
 * memory as on SQLite and written in one transaction. The only rows ever updated are those counted
 * at their estimate (unconfirmed), once, when what the API billed is known (unconfirmed-calls.ts,
 * paid-call-journal.ts recordLate).
 */
export function createPostgresLedgerRepository(
  db: PostgresDatabase,
  clock: Clock,
  options: LedgerOptions = {},
): PostgresLedgerRepository {
  const flushMs = options.savingsFlushMs ?? DEFAULT_SAVINGS_FLUSH_MS;
  const sums = createSavingsSums(clock);
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  /** Writes run one after the other, so a read waits for every sum added before it. */
  let writing: Promise<void> = Promise.resolve();

  const writeTaken = async () => {
    const taken = sums.take();
    if (taken.length === 0) return;
    try {
      await db.transaction(async (sql) => {
        for (const sum of taken) await writeLedgerRow(sql, clock, savingsEntry(sum));
      });
    } catch (error) {
      // A failed write leaves them for the next try.
      sums.restore(taken);
      throw error;
    }
  };

  const flush = (): Promise<void> => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    const next = writing.catch(() => undefined).then(writeTaken);
    writing = next;
    return next;
  };

  const flushLater = () => {
    if (timer !== null || closed) return;
    timer = setTimeout(() => {
      timer = null;
      flush().catch((error: unknown) => {
        options.onFlushError?.(error);
        flushLater();
      });
    }, flushMs);
    // A pending sum never keeps the process alive; shutdown flushes through close().
    timer.unref();
  };

  const spendOf = async (where: string, values: unknown[]) => {
    const { rows } = await db.query<SpendRow>(`SELECT ${SPEND_SUMS} FROM ledger WHERE ${where}`, values);
    return toSpend(rows[0]);
  };

  return {
    async record(entry) {
      return writeLedgerRow(db, clock, entry);
    },

    addSavings(entry) {
      if (sums.add(entry)) flushLater();
    },

    flushSavings: flush,

    async flushBeforeClose() {
      closed = true;
      await flush().catch((error: unknown) => options.onFlushError?.(error));
    },

    async spend({ period, email, documentId, now = clock.now() }) {
      await flush();
      const range = [periodStart(period, now), periodEnd(period, now)];
      if (documentId !== undefined)
        return spendOf('document_id = $3 AND at >= $1 AND at < $2', [...range, documentId]);
      if (email === undefined) return spendOf('at >= $1 AND at < $2', range);
      return spendOf('user_email = $3 AND at >= $1 AND at < $2', [...range, normalizeUserEmail(email)]);
    },

    async recent(email, limit = DEFAULT_RECENT_LIMIT) {
      await flush();
      const { rows } = await db.query<LedgerRow>(
        'SELECT * FROM ledger WHERE user_email = $1 ORDER BY at DESC, id DESC LIMIT $2',
        [normalizeUserEmail(email), wholeCount(limit, 'limit')],
      );
      return rows.map(toEntry);
    },

    async usageByUser(period, now = clock.now()) {
      await flush();
      const { rows } = await db.query<SpendRow>(
        `SELECT user_email AS email, ${SPEND_SUMS} FROM ledger WHERE at >= $1 AND at < $2
         GROUP BY user_email ORDER BY actual_milli DESC, user_email COLLATE "C"`,
        [periodStart(period, now), periodEnd(period, now)],
      );
      return rows.map((row) => ({ email: row.email ?? '', ...toSpend(row) }));
    },

    async ofJob(jobId) {
      await flush();
      const { rows } = await db.query<LedgerRow>('SELECT * FROM ledger WHERE job_id = $1 ORDER BY id', [
        jobId,
      ]);
      return rows.map(toEntry);
    },

    async creditsOfRequest(email, requestId) {
      await flush();
      // SUM of BIGINT is NUMERIC: cast back to a whole number, as the spend sums are.
      const { rows } = await db.query<{ milli: number }>(
        'SELECT COALESCE(SUM(actual_milli), 0)::bigint AS milli FROM ledger WHERE request_id = $1 AND user_email = $2',
        [requestId, normalizeUserEmail(email)],
      );
      return fromMilliCredits(rows[0]?.milli ?? 0);
    },

    async spendByDayAndOperation({ from, to, email }) {
      await flush();
      // Integer division: `at` is a whole number of milliseconds, so this is the UTC day's first one.
      const { rows } = await db.query<SpendRow>(
        `SELECT (at / ${DAY_MS}) * ${DAY_MS} AS day_start, operation_id, ${SPEND_SUMS} FROM ledger
         WHERE at >= $1 AND at < $2 AND ($3::text IS NULL OR user_email = $3)
         GROUP BY day_start, operation_id ORDER BY day_start DESC, operation_id COLLATE "C"`,
        [from, to, email === undefined ? null : normalizeUserEmail(email)],
      );
      return rows.map((row) => ({
        dayStart: row.day_start ?? 0,
        operation: (row.operation_id ?? '') as OperationId,
        ...toSpend(row),
      }));
    },

    async spendBetween(from, to) {
      await flush();
      const { rows } = await db.query<{ milli: number | null }>(
        'SELECT SUM(actual_milli)::bigint AS milli FROM ledger WHERE unconfirmed = 1 AND at >= $1 AND at < $2',
        [from, to],
      );
      return {
        ...(await spendOf('at >= $1 AND at < $2', [from, to])),
        unconfirmedCredits: fromMilliCredits(rows[0]?.milli ?? 0),
      };
    },
  };
}
