import type { Platform } from '../../../../shared/platforms';
import type { Column } from '../../../../shared/rows/columns';
import { selectReportColumns } from '../../../../shared/rows/report-rows';
import type { ReportTarget } from './reports-fetch';

const selected = selectReportColumns('platform');
const PLATFORM_COLUMN: Column | null = selected.ok ? (selected.columns[0] ?? null) : null;

/** One list per columns list, so the rows' memo (keyed by the list) keeps working. */
const withPlatform = new WeakMap<readonly Column[], readonly Column[]>();

/**
 * A formula's columns, with a Platform column first when its rows are not all of the formula's
 * platform (issue 25): =INFLUENCER_REPORT(A2:A9, "instagram") over a TikTok profile URL reports
 * on TikTok, since the URL says so, and a reader could not tell that row from the others. Columns
 * that name the platform already, and rows all of one platform, stay as asked.
 */
export function columnsNamingPlatforms(
  columns: readonly Column[],
  targets: Iterable<ReportTarget>,
  platform: Platform | undefined,
): readonly Column[] {
  if (PLATFORM_COLUMN === null || columns.some((column) => column.id === PLATFORM_COLUMN.id)) return columns;
  const platforms = new Set<Platform>();
  for (const target of targets) platforms.add(target.platform);
  const mixed =
    platforms.size > 1 || (platform !== undefined && platforms.size === 1 && !platforms.has(platform));
  if (!mixed) return columns;
  let named = withPlatform.get(columns);
  if (named === undefined) {
    named = [PLATFORM_COLUMN, ...columns];
    withPlatform.set(columns, named);
  }
  return named;
}
