import { Router } from 'express';
import { z } from 'zod';
import { requireAdmin } from '../../identity/require-admin';
import { WorkerError } from '../../request-io/worker-error';
import { parseBody } from '../../request-io/parse-body';
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
export function createUnreadableAnswersRouter(deps: OperationDeps): Router {
  const router = Router();
  const admin = requireAdmin();
  router.get('/api/admin/unreadable-answers', deps.authenticate, admin, async (req, res) => {
    const { limit } = parseBody(unreadableAnswersQuerySchema, req.query);
    res.set('Cache-Control', 'no-store').json({ answers: await deps.store.unreadableAnswers.list(limit) });
  });
  router.get('/api/admin/unreadable-answers/:id', deps.authenticate, admin, async (req, res) => {
    const answer = await deps.store.unreadableAnswers.get(String(req.params.id));
    if (answer === null) {
      throw new WorkerError(
        404,
        'not_found',
        'No unreadable answer is kept under that id (the newest 500 are kept)',
      );
    }
    res.set('Cache-Control', 'no-store').json(answer);
  });
  return router;
}
