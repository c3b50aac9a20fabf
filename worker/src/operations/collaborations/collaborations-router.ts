import { Router } from 'express';
import { jsonBody, KB } from '../../request-io/json-body';
import { parseBody } from '../../request-io/parse-body';
import {
  runCollaborationPosts,
  runCollaborationSummary,
  runDeprecatedCollaborations,
} from './collaborations';
import { collaborationsRequestSchema, deprecatedCollaborationsRequestSchema } from './collaborations-request';
import { operationContext, type OperationDeps } from '../operation-deps';

/** An id, a collaborator, dates and a cursor: well under a KB. */
const COLLABORATIONS_BODY_LIMIT = 16 * KB;

/**
 * Collaborations (paid):
 * - `POST /api/collaborations/posts` `{ id, platform, collaboratorId?, from?, to?,
 *   groupBrandCollaborations?, limit?, cursor?, maxPages?, withHeader? }` -> `{ header, columns,
 *   rows, pages, more, cursor, estimate, credits, side, incomplete? }`; a brand's posts end with a
 *   Creator column (collaborations-creator.ts)
 * - `POST /api/collaborations/summary` (same body; one call) -> `{ header, columns, rows, side, credits }`
 * - `POST /api/collaborations/deprecated` `{ kind: influencer|brand, platform, id, groupedBrands?,
 *   after?, maxPages?, withHeader? }` -> `{ header, columns, rows, pages, more, cursor, estimate,
 *   credits, incomplete? }`
 */
export function createCollaborationsRouter(deps: OperationDeps): Router {
  const router = Router();
  const body = jsonBody(COLLABORATIONS_BODY_LIMIT);
  router.post('/api/collaborations/posts', deps.authenticate, body, async (req, res) => {
    const input = parseBody(collaborationsRequestSchema, req.body);
    res.json(await runCollaborationPosts(deps, operationContext(req, deps), input));
  });
  router.post('/api/collaborations/summary', deps.authenticate, body, async (req, res) => {
    const input = parseBody(collaborationsRequestSchema, req.body);
    res.json(await runCollaborationSummary(deps, operationContext(req, deps), input));
  });
  router.post('/api/collaborations/deprecated', deps.authenticate, body, async (req, res) => {
    const input = parseBody(deprecatedCollaborationsRequestSchema, req.body);
    res.json(await runDeprecatedCollaborations(deps, operationContext(req, deps), input));
  });
  return router;
}
