import { Router, type RequestHandler } from 'express';
import { WORKER_ROUTES } from '../../../../shared/worker-api/routes';
import { MAX_EMAIL_INPUTS } from '../../../../shared/worker-api/request-limits';
import { jsonBody, KB } from '../../request-io/json-body';
import { parseBody } from '../../request-io/parse-body';
import { sendRowsAsTheyCome } from '../../request-io/send-rows-json';
import { startEmailSearch } from './email-search';
import { emailSearchRequestSchema } from './email-search-request';

/**
 * Up to 100,000 address cells. Real addresses average about 25 characters (28 bytes in JSON): 128
 * bytes each leaves room for a column of long ones, and the benchmark's 100,000 inputs are 3 MB.
 */
const EMAIL_SEARCH_BODY_LIMIT = MAX_EMAIL_INPUTS * 128 + 64 * KB;
import { operationContext, type OperationDeps } from '../operation-deps';

/**
 * `POST /api/email-search` `{ emails, withHeader?, deadlineMs? }` -> `{ header, columns, pending,
 * awaitingApproval, counts, rows }` (see searchEmails). The rows are written a chunk at a time: a request may hold
 * a hundred thousand of them.
 */
export const EMAIL_SEARCH_PATH = WORKER_ROUTES.emailSearch.path;

/** The route's handlers, mounted on the app itself as the reports' are (reports-router.ts). */
export function emailSearchHandlers(deps: OperationDeps): RequestHandler[] {
  return [
    deps.authenticate,
    jsonBody(EMAIL_SEARCH_BODY_LIMIT),
    async (req, res) => {
      const input = parseBody(emailSearchRequestSchema, req.body);
      const search = await startEmailSearch(deps, operationContext(req, deps), input);
      // Nothing is written while the whole request may yet fail (then it answers its error).
      while (!search.settled && !search.answersSomething()) await search.next();
      if (search.settled) search.finish();
      res.set('Cache-Control', 'no-store');
      await sendRowsAsTheyCome(res, { header: search.header, columns: search.columns }, search);
    },
  ];
}

export function createEmailSearchRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post(EMAIL_SEARCH_PATH, ...emailSearchHandlers(deps));
  return router;
}
