import { Router } from 'express';
import { parseBody } from '../http/parse-body';
import { sendRowsJson } from '../http/send-rows-json';
import { searchEmails } from './email-search';
import { emailSearchRequestSchema } from './email-search-request';
import { operationContext, type OperationDeps } from './operation-deps';

/**
 * `POST /api/email-search` `{ emails, withHeader?, deadlineMs? }` -> `{ header, columns, pending,
 * counts, rows }` (see searchEmails). The rows are written a chunk at a time: a request may hold
 * a hundred thousand of them.
 */
export function createEmailSearchRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/email-search', deps.authenticate, async (req, res) => {
    const input = parseBody(emailSearchRequestSchema, req.body);
    const result = await searchEmails(deps, operationContext(req, deps), input);
    res.set('Cache-Control', 'no-store');
    const { header, columns, pending, counts } = result;
    await sendRowsJson(res, { header, columns, pending, counts }, result);
  });
  return router;
}
