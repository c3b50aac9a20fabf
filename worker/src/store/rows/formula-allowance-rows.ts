import type { OperationId } from '../../../../shared/operations';
import type { FormulaAsk, FormulaAskSource } from '../../../../shared/worker-api/formula-allowance';
import { fromMilliCredits } from '../values/milli-credits';
import type { FormulaAllowanceSetting } from '../formula-allowance-repository';

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

export function toSetting(row: AllowanceRow): FormulaAllowanceSetting {
  return {
    perDay: row.per_day_milli === null ? null : fromMilliCredits(row.per_day_milli),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}
