import { Router } from 'express';
import { parseBody } from '../http/parse-body';
import { sendSheetAnswer } from '../http/sheet-answer-json';
import { operationContext, type OperationDeps } from './operation-deps';
import { runReports } from './reports';
import { reportsRequestSchema } from './reports-request';

/**
 * `POST /api/reports` `{ handles, platform?, fields?, calculationMethod?, refresh?, withHeader?,
 * deadlineMs? }` -> `{ header, columns, rows, pending, counts }` (see runReports).
 */
export function createReportsRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/reports', deps.authenticate, async (req, res) => {
    const input = parseBody(reportsRequestSchema, req.body);
    sendSheetAnswer(res, await runReports(deps, operationContext(req, deps), input));
  });
  return router;
}
