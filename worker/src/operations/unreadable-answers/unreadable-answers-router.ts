import { z } from 'zod';
import { WorkerError } from '../../request-io/worker-error';
import { served, type ServedRoute } from '../../request-io/served-route';
import type { OperationDeps } from '../operation-deps';

/** `?limit=` (1 to 500, 50 by default). */
export const unreadableAnswersQuerySchema = z.looseObject({
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/**
 * Paid answers this version could not read, for admins: what came back (bounded, token removed,
 * e-mail addresses hidden), when, for which operation, and what the ledger recorded for it.
 * - `GET /api/admin/unreadable-answers?limit=50`: newest first, without bodies;
 * - `GET /api/admin/unreadable-answers/:id`: one, with its body.
 */
export function unreadableAnswerRoutes(deps: OperationDeps): ServedRoute[] {
  return [
    served(
      'unreadableAnswers',
      { query: unreadableAnswersQuerySchema },
      {
        handle: async ({ query }, _req, res) => {
          res.set('Cache-Control', 'no-store');
          return { answers: await deps.store.unreadableAnswers.list(query.limit) };
        },
      },
    ),
    served(
      'unreadableAnswer',
      {},
      {
        handle: async (_input, req, res) => {
          const answer = await deps.store.unreadableAnswers.get(String(req.params.id));
          if (answer === null) {
            throw new WorkerError(
              404,
              'not_found',
              'No unreadable answer is kept under that id (the newest 500 are kept)',
            );
          }
          res.set('Cache-Control', 'no-store');
          return answer;
        },
      },
    ),
  ];
}
