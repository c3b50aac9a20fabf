import type { ReportHistoryMonth } from '../worker-api/reports';
import { isRecord, listAt, numberCell, valueAt } from './cell-values';
import type { Cell, Column, Row } from './columns';

/**
 * A report's monthly history (`statHistory`, twelve months or as many as the account has) and
 * the table row a month makes in a first snapshot's backfill (issues 25 and 26). Shared and pure:
 * the worker reads the months from its cache (for its own runner and for `POST
 * /api/reports/history`), and both runners make the same rows of them.
 *
 * A month's row carries the creator's identity (the run's own cells: handle, name, ids, links)
 * and the numbers the history has (followers, average likes, views, comments, engagements); every
 * other column is blank, as the history does not say it.
 */

/** Columns whose cells name the creator: copied from the run's row, as they were then too. */
const IDENTITY = new Set(['handle', 'name', 'platform', 'user_id', 'url', 'picture']);
/** Columns a month of history answers, and the month's field for each. */
const HISTORY_FIELDS: Readonly<Record<string, Exclude<keyof ReportHistoryMonth, 'month'>>> = {
  followers: 'followers',
  avg_likes: 'avgLikes',
  avg_views: 'avgViews',
  avg_comments: 'avgComments',
  avg_engagements: 'avgEngagements',
};

/**
 * The report's months that say their followers, oldest first: Instagram keeps them at the top,
 * TikTok under statsByContentType.all.
 */
export function monthsOfReport(report: unknown): ReportHistoryMonth[] {
  const own = listAt(report, ['statHistory']);
  const list = own.length > 0 ? own : listAt(report, ['statsByContentType', 'all', 'statHistory']);
  const months = list.flatMap((entry): ReportHistoryMonth[] => {
    const month = valueAt(entry, ['month']);
    if (!isRecord(entry) || typeof month !== 'string' || !/^\d{4}-\d{2}$/.test(month)) return [];
    const followers = numberCell(entry.followers);
    if (followers === null) return [];
    return [
      {
        month,
        followers,
        avgLikes: numberCell(entry.avgLikes),
        avgViews: numberCell(entry.avgViews),
        avgComments: numberCell(entry.avgComments),
        avgEngagements: numberCell(entry.avgEngagements),
      },
    ];
  });
  return months.sort((a, b) => a.month.localeCompare(b.month));
}

/** A month's row in the table's columns: identity from the run's row, the month's numbers, else blank. */
export function historyRow(columns: readonly Column[], runRow: Row, month: ReportHistoryMonth): Row {
  return columns.map((column, c): Cell => {
    if (IDENTITY.has(column.id)) return runRow[c] ?? null;
    const field = HISTORY_FIELDS[column.id];
    return field === undefined ? null : month[field];
  });
}
