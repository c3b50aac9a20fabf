import { Router } from 'express';
import { MAX_REPORT_INPUTS, MAX_REPORT_JOB_INPUTS } from '../../../shared/worker-api/request-limits';
import { jsonBody, KB } from '../http/json-body';
import { parseBody } from '../http/parse-body';
import { sendSheetAnswer } from '../http/sheet-answer-json';
import { operationContext, type OperationDeps } from './operation-deps';
import { runReports } from './reports';
import { reportsRequestSchema } from './reports-request';
import { estimateReports, reportsEstimateRequestSchema } from './reports-estimate';

/**
 * A formula's body: up to 2,000 handle cells of at most 256 bytes each (a profile URL with its
 * query string; a name is about 15), and the fields list.
 */
export const REPORTS_BODY_LIMIT = MAX_REPORT_INPUTS * 256 + 64 * KB;

/** An estimate's body: a bulk job's column, handles of about 30 bytes (URLs are cut to their name by then). */
const ESTIMATE_BODY_LIMIT = MAX_REPORT_JOB_INPUTS * 64 + 64 * KB;

/**
 * `POST /api/reports` `{ handles, platform?, fields?, calculationMethod?, refresh?, withHeader?,
 * deadlineMs?, cell? }` -> `{ header, columns, rows, pending, counts }` (see runReports);
 * `POST /api/reports/estimate` `{ handles, platform? }` -> `{ creators, cached, toFetch, credits }`
 * (see estimateReports): free, for the sidebar's prompts before a paid run.
 */
export function createReportsRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/reports', deps.authenticate, jsonBody(REPORTS_BODY_LIMIT), async (req, res) => {
    const input = parseBody(reportsRequestSchema, req.body);
    sendSheetAnswer(res, await runReports(deps, operationContext(req, deps), input, { namePlatforms: true }));
  });
  router.post('/api/reports/estimate', deps.authenticate, jsonBody(ESTIMATE_BODY_LIMIT), async (req, res) => {
    const input = parseBody(reportsEstimateRequestSchema, req.body);
    res.set('Cache-Control', 'no-store').json(await estimateReports(deps, input));
  });
  return router;
}
