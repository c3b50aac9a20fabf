import { Router } from 'express';
import { MAX_REPORT_INPUTS } from '../../../shared/worker-api/request-limits';
import { jsonBody, KB } from '../http/json-body';
import { parseBody } from '../http/parse-body';
import { sendSheetAnswer } from '../http/sheet-answer-json';
import { operationContext, type OperationDeps } from './operation-deps';
import { runReports } from './reports';
import { reportsRequestSchema } from './reports-request';

/**
 * A formula's body: up to 2,000 handle cells of at most 256 bytes each (a profile URL with its
 * query string; a name is about 15), and the fields list.
 */
export const REPORTS_BODY_LIMIT = MAX_REPORT_INPUTS * 256 + 64 * KB;

/**
 * `POST /api/reports` `{ handles, platform?, fields?, calculationMethod?, refresh?, withHeader?,
 * deadlineMs? }` -> `{ header, columns, rows, pending, counts }` (see runReports).
 */
export function createReportsRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/reports', deps.authenticate, jsonBody(REPORTS_BODY_LIMIT), async (req, res) => {
    const input = parseBody(reportsRequestSchema, req.body);
    sendSheetAnswer(res, await runReports(deps, operationContext(req, deps), input));
  });
  return router;
}
