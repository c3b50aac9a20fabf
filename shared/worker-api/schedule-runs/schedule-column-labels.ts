import { AI_SEARCH_COLUMNS } from '../../rows/ai-search-rows';
import { EMAIL_COLUMNS } from '../../rows/email-rows';
import { selectReportColumns } from '../../rows/report-rows';
import { SEARCH_COLUMNS } from '../../rows/search-rows';
import type { ScheduleAnswer } from '../schedules';

/**
 * The labels of a schedule's table columns, known before anything is fetched (the kind and the
 * report fields decide them). Both runners read their place by them before a run pays for a
 * report (owned output: worker/src/schedules/run/schedule-run-ownership.ts and the add-on's
 * sheet-owned-output.ts), so an e-mail or search schedule claims its own columns, not a report's.
 */
export type ScheduleColumnLabels = { ok: true; labels: string[] } | { ok: false; error: string };

const FIXED = { 'email-search': EMAIL_COLUMNS, search: SEARCH_COLUMNS, 'ai-search': AI_SEARCH_COLUMNS };

export function scheduleColumnLabels(
  schedule: Pick<ScheduleAnswer, 'kind' | 'fields'>,
): ScheduleColumnLabels {
  if (schedule.kind !== 'reports')
    return { ok: true, labels: FIXED[schedule.kind].map((column) => column.label) };
  const selection = selectReportColumns(schedule.fields ?? undefined);
  return selection.ok
    ? { ok: true, labels: selection.columns.map((column) => column.label) }
    : { ok: false, error: selection.error };
}
