import { parseHandle, parsePlatform } from '../../../../shared/handles';
import { isRecord, listAt, numberCell, valueAt } from '../../../../shared/rows/cell-values';
import type { Cell, Column, Row } from '../../../../shared/rows/columns';
import { calendarDay } from '../../../../shared/time-zone';
import { isUnreadableAnswer } from '../../../../shared/unreadable-answer';
import type { ScheduleAnswer } from '../../../../shared/worker-api/schedules';
import type { OperationDeps } from '../../operations/operation-deps';
import { reportTarget } from '../../operations/reports/reports-fetch';
import { CACHE_NAMESPACES } from '../../store/cache/cache-namespaces';
import type { ScheduleTable } from './schedule-run-fetch';
import { serialOfDay } from './sheet-number-formats';

/**
 * The first run of a snapshot schedule backfills its growth tab (issue 25): every report carries
 * its creator's monthly history (`statHistory`, twelve months or as many as the account has), so
 * the table starts with a year of points rather than one. Free: the reports this run just fetched
 * or found are read back from the worker's cache, no API call is made.
 *
 * A month's row is dated the 1st of that month, 00:00, and carries the creator's identity (the
 * run's own cells: handle, name, ids, links) and the numbers the history has (followers, average
 * likes, views, comments, engagements); every other column is blank, as the history does not say
 * it. The current month is the run's own row, so it is left out.
 */

/** A backfilled row: its date (a Sheets serial) and its cells in the table's columns. */
export interface BackfillRow {
  serial: number;
  cells: Row;
}

/** Columns whose cells name the creator: copied from the run's row, as they were then too. */
const IDENTITY = new Set(['handle', 'name', 'platform', 'user_id', 'url', 'picture']);
/** Columns a month of history answers, and the history's field for each. */
const HISTORY_FIELDS: Readonly<Record<string, string>> = {
  followers: 'followers',
  avg_likes: 'avgLikes',
  avg_views: 'avgViews',
  avg_comments: 'avgComments',
  avg_engagements: 'avgEngagements',
};

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
  const defaultPlatform = parsePlatform(schedule.platform) ?? undefined;
  const keys = inputs.map((cell) => {
    const parsed = parseHandle(cell, undefined, { defaultPlatform });
    return parsed.ok ? reportTarget(parsed.platform, parsed.handle, parsed.kind, 'median').key : null;
  });
  const wanted = [...new Set(keys.filter((key): key is string => key !== null))];
  if (wanted.length === 0) return [];
  const reports = await deps.store.cache.getMany(CACHE_NAMESPACES.reports, wanted, at);
  const thisMonth = calendarDay(at, schedule.timeZone).slice(0, 7);
  const rows: BackfillRow[] = [];
  const done = new Set<string>();
  keys.forEach((key, i) => {
    const report = key === null ? undefined : reports.get(key)?.value;
    const runRow = table.rows[i];
    if (key === null || done.has(key) || report === undefined || isUnreadableAnswer(report) || !runRow)
      return;
    done.add(key);
    for (const month of historyOf(report)) {
      const serial = month.month < thisMonth ? serialOfDay(`${month.month}-01`) : null;
      if (serial !== null) rows.push({ serial, cells: historyRow(table.columns, runRow, month.entry) });
    }
  });
  // Stable: within a month, the input's order.
  return rows.sort((a, b) => a.serial - b.serial);
}

/** The report's months that say their followers: Instagram keeps them at the top, TikTok under statsByContentType.all. */
function historyOf(report: unknown): { month: string; entry: Record<string, unknown> }[] {
  const own = listAt(report, ['statHistory']);
  const list = own.length > 0 ? own : listAt(report, ['statsByContentType', 'all', 'statHistory']);
  return list.flatMap((entry) => {
    const month = valueAt(entry, ['month']);
    if (!isRecord(entry) || typeof month !== 'string' || !/^\d{4}-\d{2}$/.test(month)) return [];
    return numberCell(entry.followers) === null ? [] : [{ month, entry }];
  });
}

function historyRow(columns: readonly Column[], runRow: Row, entry: Record<string, unknown>): Row {
  return columns.map((column, c): Cell => {
    if (IDENTITY.has(column.id)) return runRow[c] ?? null;
    const field = HISTORY_FIELDS[column.id];
    return field === undefined ? null : numberCell(entry[field]);
  });
}
