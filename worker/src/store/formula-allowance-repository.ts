import type Database from 'better-sqlite3';
import type { OperationId } from '../../../shared/operations';
import type { FormulaAsk, FormulaAskSource } from '../../../shared/worker-api/formula-allowance';
import type { Clock } from '../../common/clock';
import { fromMilliCredits, toMilliCredits } from './milli-credits';
import { normalizeUserEmail } from './user-email';
import { periodStart } from './utc-periods';

/** A document's own allowance, when someone set one. */
export interface FormulaAllowanceSetting {
  /** Credits per UTC day; null: no daily cap. */
  perDay: number | null;
  updatedAt: number;
  updatedBy: string;
}

/** What a refused formula asked for. `key` tells one ask from another (a digest, never the items). */
export interface FormulaAskInput {
  key: string;
  operation: OperationId;
  credits: number;
  items: number;
  /** Who asked (issue 25): a formula's cell, or a schedule. */
  source: FormulaAskSource;
}

/**
 * A document's formula allowance (budgets/formula-allowance.ts): its setting, the approvals given
 * on top of it and the asks refused for want of it. Approvals and asks count within the UTC day
 * holding `now`, like every budget; asks older than that are dropped as new ones arrive.
 */
export interface FormulaAllowanceRepository {
  get(documentId: string): Promise<FormulaAllowanceSetting | null>;
  set(documentId: string, perDay: number | null, updatedBy: string): Promise<FormulaAllowanceSetting>;
  approve(documentId: string, credits: number, approvedBy: string): Promise<void>;
  /** Credits approved within the UTC day holding `now`, and when the latest approval was (or null). */
  approvedToday(documentId: string, now: number): Promise<{ credits: number; lastAt: number | null }>;
  /** Keeps the ask (the same key again updates it) and drops the document's asks of earlier days. */
  recordAsk(documentId: string, ask: FormulaAskInput): Promise<void>;
  /** Asks since `from`, newest first. */
  asksSince(documentId: string, from: number): Promise<FormulaAsk[]>;
  /**
   * An approval answered these asks (their keys; null: every ask filed until now): they leave the
   * list. Answers the asks removed, so the caller can run the schedules among them.
   */
  answerAsks(documentId: string, keys: readonly string[] | null): Promise<FormulaAsk[]>;
}

export interface AllowanceRow {
  per_day_milli: number | null;
  updated_at: number;
  updated_by: string;
}

export interface AskRow {
  ask_key: string;
  operation_id: string;
  credits_milli: number;
  items: number;
  at: number;
  /** JSON of a FormulaAskSource; null for asks filed before issue 25. */
  source: string | null;
}

/** The columns every ask query reads, in AskRow's names. */
export const ASK_COLUMNS = 'ask_key, operation_id, credits_milli, items, at, source';

export function toAsk(row: AskRow): FormulaAsk {
  const source = readAskSource(row.source);
  return {
    key: row.ask_key,
    ...(source === null ? {} : { source }),
    operation: row.operation_id as OperationId,
    credits: fromMilliCredits(row.credits_milli),
    items: row.items,
    at: row.at,
  };
}

/** A stored source, or null when none was stored or it does not read (it is only ever shown). */
function readAskSource(json: string | null): FormulaAskSource | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as Partial<FormulaAskSource> | null;
    if (value?.kind === 'formula')
      return { kind: 'formula', cell: typeof value.cell === 'string' ? value.cell : null };
    if (value?.kind === 'schedule' && typeof value.scheduleId === 'string') {
      return {
        kind: 'schedule',
        scheduleId: value.scheduleId,
        name: String(value.name ?? ''),
        tab: String(value.tab ?? ''),
      };
    }
  } catch {
    // Written by a newer worker, or cut: shown as a formula's ask with no cell.
  }
  return null;
}

export function createSqliteFormulaAllowanceRepository(
  db: Database.Database,
  clock: Clock,
): FormulaAllowanceRepository {
  const select = db.prepare<[string], AllowanceRow>(
    'SELECT per_day_milli, updated_at, updated_by FROM formula_allowances WHERE document_id = ?',
  );
  const upsert = db.prepare<[string, number | null, number, string]>(
    `INSERT INTO formula_allowances (document_id, per_day_milli, updated_at, updated_by) VALUES (?, ?, ?, ?)
     ON CONFLICT (document_id) DO UPDATE SET per_day_milli = excluded.per_day_milli,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  );
  const insertApproval = db.prepare<[string, number, number, string]>(
    'INSERT INTO formula_approvals (document_id, at, credits_milli, approved_by) VALUES (?, ?, ?, ?)',
  );
  const approvals = db.prepare<[string, number], { milli: number | null; last: number | null }>(
    `SELECT SUM(credits_milli) AS milli, MAX(at) AS last FROM formula_approvals
     WHERE document_id = ? AND at >= ?`,
  );
  const upsertAsk = db.prepare<[string, string, string, number, number, number, string]>(
    `INSERT INTO formula_asks (document_id, ask_key, operation_id, credits_milli, items, at, source)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (document_id, ask_key) DO UPDATE SET operation_id = excluded.operation_id,
       credits_milli = excluded.credits_milli, items = excluded.items, at = excluded.at,
       source = excluded.source`,
  );
  const dropOldAsks = db.prepare<[string, number]>(
    'DELETE FROM formula_asks WHERE document_id = ? AND at < ?',
  );
  const asks = db.prepare<[string, number], AskRow>(
    `SELECT ${ASK_COLUMNS} FROM formula_asks WHERE document_id = ? AND at >= ?
     ORDER BY at DESC, ask_key`,
  );
  const asksUpTo = db.prepare<[string, number], AskRow>(
    `SELECT ${ASK_COLUMNS} FROM formula_asks WHERE document_id = ? AND at <= ?`,
  );
  const dropAsk = db.prepare<[string, string]>(
    'DELETE FROM formula_asks WHERE document_id = ? AND ask_key = ?',
  );
  const record = db.transaction((documentId: string, ask: FormulaAskInput, now: number) => {
    dropOldAsks.run(documentId, periodStart('day', now));
    const source = JSON.stringify(ask.source);
    upsertAsk.run(documentId, ask.key, ask.operation, toMilliCredits(ask.credits), ask.items, now, source);
  });
  const answer = db.transaction((documentId: string, keys: readonly string[] | null, upTo: number) => {
    const rows = asksUpTo.all(documentId, upTo).filter((row) => keys === null || keys.includes(row.ask_key));
    for (const row of rows) dropAsk.run(documentId, row.ask_key);
    return rows.map(toAsk);
  });

  return {
    async get(documentId) {
      const row = select.get(documentId);
      return row === undefined ? null : toSetting(row);
    },

    async set(documentId, perDay, updatedBy) {
      const milli = perDay === null ? null : toMilliCredits(perDay, 'the formula allowance');
      upsert.run(documentId, milli, clock.now(), normalizeUserEmail(updatedBy));
      return toSetting(select.get(documentId) as AllowanceRow);
    },

    async approve(documentId, credits, approvedBy) {
      const milli = toMilliCredits(credits, 'an approval');
      if (milli === 0) throw new RangeError('an approval must be more than 0 credits');
      insertApproval.run(documentId, clock.now(), milli, normalizeUserEmail(approvedBy));
    },

    async approvedToday(documentId, now) {
      const row = approvals.get(documentId, periodStart('day', now));
      return { credits: fromMilliCredits(row?.milli ?? 0), lastAt: row?.last ?? null };
    },

    async recordAsk(documentId, ask) {
      record(documentId, ask, clock.now());
    },

    async asksSince(documentId, from) {
      return asks.all(documentId, from).map(toAsk);
    },

    async answerAsks(documentId, keys) {
      return answer(documentId, keys, clock.now());
    },
  };
}

export function toSetting(row: AllowanceRow): FormulaAllowanceSetting {
  return {
    perDay: row.per_day_milli === null ? null : fromMilliCredits(row.per_day_milli),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}
