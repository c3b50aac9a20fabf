import { z } from 'zod';
import type { Platform } from '../../../../shared/platforms';
import { monthsOfReport } from '../../../../shared/rows/report-history';
import { isUnreadableAnswer } from '../../../../shared/unreadable-answer';
import { MAX_REPORT_INPUTS } from '../../../../shared/worker-api/request-limits';
import type { ReportHistoryMonth, ReportsHistoryAnswer } from '../../../../shared/worker-api/reports';
import { CACHE_NAMESPACES } from '../../store/cache/cache-namespaces';
import type { OperationDeps } from '../operation-deps';
import { handleCellsInput, platformInput } from './reports-request';
import { parseReportTargets } from './reports-targets';

/** `POST /api/reports/history`: cells as the sheet holds them, as many as a formula's. */
export const reportsHistoryRequestSchema = z.looseObject({
  handles: handleCellsInput(MAX_REPORT_INPUTS),
  platform: platformInput.optional(),
});

export type ReportsHistoryInput = z.output<typeof reportsHistoryRequestSchema>;

/** An input cell's creator (its report's cache key) and its months; null: names none cached. */
export interface CachedHistory {
  key: string;
  months: ReportHistoryMonth[];
}

/**
 * The monthly history of the reports the cache holds for these cells, one per cell in input
 * order (issues 25 and 26). Free: the cache only, never the API; a creator the cache does not
 * hold (or holds unreadable) has none, so only what a run just fetched or found is backfilled.
 */
export async function cachedHistories(
  deps: Pick<OperationDeps, 'store'>,
  cells: readonly unknown[],
  platform: Platform | undefined,
  at: number,
): Promise<(CachedHistory | null)[]> {
  const { rowInputs, targets } = parseReportTargets(cells, platform, 'median');
  const keys = [...targets.keys()];
  const reports =
    keys.length === 0 ? new Map() : await deps.store.cache.getMany(CACHE_NAMESPACES.reports, keys, at);
  return rowInputs.map((input) => {
    if (input.kind !== 'target') return null;
    const report: unknown = reports.get(input.key)?.value;
    if (report === undefined || isUnreadableAnswer(report)) return null;
    return { key: input.key, months: monthsOfReport(report) };
  });
}

/** `POST /api/reports/history`'s answer: each cell's months (none when nothing is cached). */
export async function reportsHistory(
  deps: Pick<OperationDeps, 'store' | 'clock'>,
  input: ReportsHistoryInput,
): Promise<ReportsHistoryAnswer> {
  const histories = await cachedHistories(deps, input.handles, input.platform, deps.clock.now());
  return { history: histories.map((history) => history?.months ?? []) };
}
