import type { Platform } from '../../../shared/platforms';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { ReportsEstimateAnswer } from '../../../shared/worker-api/reports';
import type { BulkEstimate } from '../../bridge-contract/sidebar-api';
import { estimateHandleColumn } from './bulk-estimates';
import { plainValues } from '../sheet/column-source';
import { spreadsheetTimeZone } from '../sheet/sheet-dates';
import type { CellValue } from '../sheet/sheet-values';
import { asRecord, numberAt } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { WorkerCallError } from '../worker-client/worker-failure';

/**
 * A column of handles counted as a run counts it, and priced against what the worker's cache
 * already holds (issue 25: "up to 15 credits" for 15 cached creators was the worst case, and they
 * cost 0): one worker call, free. An older worker without the estimate route leaves the worst case.
 */
export function estimateHandlesWithCache(values: readonly CellValue[], platform: Platform): BulkEstimate {
  const worst = estimateHandleColumn(values, platform);
  if (worst.unique === 0) return worst;
  let answer: ReportsEstimateAnswer;
  try {
    const record = asRecord<ReportsEstimateAnswer>(
      callRoute(WORKER_ROUTES.reportsEstimate, {
        body: { handles: plainValues(values, spreadsheetTimeZone()), platform },
      }),
      'the estimate',
    );
    answer = {
      creators: numberAt(record, 'creators'),
      cached: numberAt(record, 'cached'),
      toFetch: numberAt(record, 'toFetch'),
      credits: numberAt(record, 'credits'),
    };
  } catch (error) {
    if (error instanceof WorkerCallError && error.status === 404) return worst;
    throw error;
  }
  return estimateHandleColumn(values, platform, { cached: answer.cached, credits: answer.credits });
}
