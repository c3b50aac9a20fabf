import { Router } from 'express';
import { parseBody } from '../http/parse-body';
import { runEmailSearch } from './email-search';
import { emailSearchRequestSchema } from './email-search-request';
import { operationContext, type OperationDeps } from './operation-deps';

/**
 * `POST /api/email-search` `{ emails, withHeader?, deadlineMs? }` -> `{ header, columns, rows,
 * pending, counts }` (see runEmailSearch).
 */
export function createEmailSearchRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/email-search', deps.authenticate, async (req, res) => {
    const input = parseBody(emailSearchRequestSchema, req.body);
    res.set('Cache-Control', 'no-store').json(await runEmailSearch(deps, operationContext(req, deps), input));
  });
  return router;
}
