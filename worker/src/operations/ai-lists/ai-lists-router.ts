import { type Request, type Response, Router } from 'express';
import { AI_LIST_MAX_MEMBERS } from '../../../../shared/limits';
import { jsonBody, KB } from '../../request-io/json-body';
import { parseBody } from '../../request-io/parse-body';
import { requireIdentity } from '../../identity/identity';
import {
  addAiListMembers,
  createAiList,
  deleteAiList,
  readAiList,
  readAiListMembers,
  readAiLists,
  removeAiListMembers,
} from './ai-lists';
import {
  aiListCreateBodySchema,
  aiListIdSchema,
  aiListMembersBodySchema,
  aiListRowsQuerySchema,
  memberIds,
} from './ai-lists-request';
import type { OperationDeps } from '../operation-deps';

/** `{ platform, name }`. */
const AI_LIST_BODY_LIMIT = 16 * KB;
/** Up to twice a full list's 70,000 member ids (the schema's bound), at most 64 bytes each. */
const AI_LIST_MEMBERS_BODY_LIMIT = AI_LIST_MAX_MEMBERS * 2 * 64 + 16 * KB;

/**
 * AI lists (free):
 * - `GET /api/ai/lists?withHeader=` -> `{ lists, header, columns, rows }`, each list with `owner`
 *   (who created it through this worker; null for a list created elsewhere)
 * - `POST /api/ai/lists` `{ platform, name }` -> `{ list }`, owned by the caller
 * - `GET /api/ai/lists/:id` -> `{ list }`; `DELETE /api/ai/lists/:id` -> `{ listId, deleted }`
 * - `GET /api/ai/lists/:id/members?withHeader=` -> `{ listId, total, members, header, columns, rows }`
 * - `POST|DELETE /api/ai/lists/:id/members` `{ ids }` (any number) -> `{ listId, sent, calls,
 *   added | removed, total }`
 * - `POST /api/ai/lists/:id/members/remove` `{ ids }`: the same removal for clients that cannot
 *   send a DELETE with a body (Apps Script's UrlFetchApp is not to be relied on for one).
 *
 * Deleting a list and changing its members: its owner or an admin (403 with who may otherwise);
 * a list without an owner here, admins only. Reading: everyone.
 */
export function createAiListsRouter(deps: OperationDeps): Router {
  const router = Router();
  const listBody = jsonBody(AI_LIST_BODY_LIMIT);
  const membersBody = jsonBody(AI_LIST_MEMBERS_BODY_LIMIT);
  const listId = (params: unknown) => parseBody(aiListIdSchema, { ...(params as object) }).id;
  const withHeader = (query: unknown) =>
    parseBody(aiListRowsQuerySchema, { ...(query as object) }).withHeader === true;

  router.get('/api/ai/lists', deps.authenticate, async (req, res) => {
    res.json(await readAiLists(deps, { withHeader: withHeader(req.query) }));
  });
  router.post('/api/ai/lists', deps.authenticate, listBody, async (req, res) => {
    const input = parseBody(aiListCreateBodySchema, req.body);
    res.status(201).json(await createAiList(deps, requireIdentity(req), input));
  });
  router.get('/api/ai/lists/:id', deps.authenticate, async (req, res) => {
    res.json(await readAiList(deps, listId(req.params)));
  });
  router.delete('/api/ai/lists/:id', deps.authenticate, async (req, res) => {
    res.json(await deleteAiList(deps, requireIdentity(req), listId(req.params)));
  });
  router.get('/api/ai/lists/:id/members', deps.authenticate, async (req, res) => {
    res.json(await readAiListMembers(deps, listId(req.params), { withHeader: withHeader(req.query) }));
  });
  router.post('/api/ai/lists/:id/members', deps.authenticate, membersBody, async (req, res) => {
    const { ids } = parseBody(aiListMembersBodySchema, req.body);
    res.json(await addAiListMembers(deps, requireIdentity(req), listId(req.params), memberIds(ids)));
  });
  const remove = async (req: Request, res: Response) => {
    const { ids } = parseBody(aiListMembersBodySchema, req.body);
    res.json(await removeAiListMembers(deps, requireIdentity(req), listId(req.params), memberIds(ids)));
  };
  router.delete('/api/ai/lists/:id/members', deps.authenticate, membersBody, remove);
  router.post('/api/ai/lists/:id/members/remove', deps.authenticate, membersBody, remove);
  return router;
}
