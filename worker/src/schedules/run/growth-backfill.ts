import { parsePlatform } from '../../../../shared/handles';
import type { Row } from '../../../../shared/rows/columns';
import { historyRow } from '../../../../shared/rows/report-history';
import { calendarDay } from '../../../../shared/time-zone';
import type { ScheduleAnswer } from '../../../../shared/worker-api/schedules';
import type { OperationDeps } from '../../operations/operation-deps';
import { cachedHistories } from '../../operations/reports/reports-history';
import type { ScheduleTable } from './schedule-run-fetch';
import { serialOfDay } from './sheet-number-formats';

/**
 * The first run of a snapshot schedule backfills its growth tab (issue 25): every report carries
 * its creator's monthly history (`statHistory`, twelve months or as many as the account has), so
 * the table starts with a year of points rather than one. Free: the reports this run just fetched
 * or found are read back from the worker's cache, no API call is made (reports-history.ts, which
 * `POST /api/reports/history` answers from for the add-on's runner too).
 *
 * A month's row is dated the 1st of that month, 00:00, its cells as shared/rows/report-history.ts
 * makes them. The current month is the run's own row, so it is left out.
 */

/** A backfilled row: its date (a Sheets serial) and its cells in the table's columns. */
export interface BackfillRow {
  serial: number;
  cells: Row;
}

/**
 * The history rows of the run's reports, oldest month first (the input's order within a month),
 * each creator once however often the input names it.
 */
export async function growthBackfill(
  deps: OperationDeps,
  schedule: ScheduleAnswer,
  inputs: readonly unknown[],
  table: ScheduleTable,
  at: number,
): Promise<BackfillRow[]> {
  if (schedule.kind !== 'reports') return [];
  const histories = await cachedHistories(deps, inputs, parsePlatform(schedule.platform) ?? undefined, at);
  const thisMonth = calendarDay(at, schedule.timeZone).slice(0, 7);
  const rows: BackfillRow[] = [];
  const done = new Set<string>();
  histories.forEach((history, i) => {
    const runRow = table.rows[i];
    if (history === null || done.has(history.key) || !runRow) return;
    done.add(history.key);
    for (const month of history.months) {
      const serial = month.month < thisMonth ? serialOfDay(`${month.month}-01`) : null;
      if (serial !== null) rows.push({ serial, cells: historyRow(table.columns, runRow, month) });
    }
  });
  // Stable: within a month, the input's order.
  return rows.sort((a, b) => a.serial - b.serial);
}
