import { z } from 'zod';
import { sumCharges } from '../../../../shared/pricing';
import { MAX_REPORT_JOB_INPUTS } from '../../../../shared/worker-api/request-limits';
import type { ReportsEstimateAnswer } from '../../../../shared/worker-api/reports';
import type { OperationDeps } from '../operation-deps';
import { reportEstimate } from './reports-fetch';
import { handleCellsInput, platformInput } from './reports-request';
import { cachedOutcomes, parseReportTargets } from './reports-targets';

/** Looked up in the cache this many at a time: a column of 100,000 is not one statement. */
const CACHE_READ_CHUNK = 500;

/** `POST /api/reports/estimate`: cells as the sheet holds them, up to a bulk job's. */
export const reportsEstimateRequestSchema = z.looseObject({
  handles: handleCellsInput(MAX_REPORT_JOB_INPUTS),
  platform: platformInput.optional(),
});

export type ReportsEstimateInput = z.output<typeof reportsEstimateRequestSchema>;

/**
 * What reports of these cells would cost now (issue 25): the creators they name, read as a run
 * reads them, less those the cache answers for free. Free, and changes nothing: the run itself
 * still checks the budgets and the allowance, and a report that expires meanwhile costs again.
 */
export async function estimateReports(
  deps: Pick<OperationDeps, 'store' | 'clock'>,
  input: ReportsEstimateInput,
): Promise<ReportsEstimateAnswer> {
  const { targets } = parseReportTargets(input.handles, input.platform, 'median');
  const keys = [...targets.keys()];
  const answered = new Set<string>();
  for (let at = 0; at < keys.length; at += CACHE_READ_CHUNK) {
    const { outcomes } = await cachedOutcomes(deps, keys.slice(at, at + CACHE_READ_CHUNK));
    for (const key of outcomes.keys()) answered.add(key);
  }
  const missing = [...targets.values()].filter((target) => !answered.has(target.key));
  return {
    creators: targets.size,
    cached: answered.size,
    toFetch: missing.length,
    credits: sumCharges(missing.map(reportEstimate)).credits,
  };
}
