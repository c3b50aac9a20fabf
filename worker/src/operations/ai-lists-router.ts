import { type Request, type Response, Router } from 'express';
import { parseBody } from '../http/parse-body';
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
import type { OperationDeps } from './operation-deps';

/**
 * AI lists (free):
 * - `GET /api/ai/lists?withHeader=` -> `{ lists, header, columns, rows }`
 * - `POST /api/ai/lists` `{ platform, name }` -> `{ list }`
 * - `GET /api/ai/lists/:id` -> `{ list }`; `DELETE /api/ai/lists/:id` -> `{ listId, deleted }`
 * - `GET /api/ai/lists/:id/members?withHeader=` -> `{ listId, total, members, header, columns, rows }`
 * - `POST|DELETE /api/ai/lists/:id/members` `{ ids }` (any number) -> `{ listId, sent, calls,
 *   added | removed, total }`
 * - `POST /api/ai/lists/:id/members/remove` `{ ids }`: the same removal for clients that cannot
 *   send a DELETE with a body (Apps Script's UrlFetchApp is not to be relied on for one).
 */
export function createAiListsRouter(deps: OperationDeps): Router {
  const router = Router();
  const listId = (params: unknown) => parseBody(aiListIdSchema, { ...(params as object) }).id;
  const withHeader = (query: unknown) =>
    parseBody(aiListRowsQuerySchema, { ...(query as object) }).withHeader === true;

  router.get('/api/ai/lists', deps.authenticate, async (req, res) => {
    res.json(await readAiLists(deps, { withHeader: withHeader(req.query) }));
  });
  router.post('/api/ai/lists', deps.authenticate, async (req, res) => {
    const input = parseBody(aiListCreateBodySchema, req.body);
    res.status(201).json(await createAiList(deps, input));
  });
  router.get('/api/ai/lists/:id', deps.authenticate, async (req, res) => {
    res.json(await readAiList(deps, listId(req.params)));
  });
  router.delete('/api/ai/lists/:id', deps.authenticate, async (req, res) => {
    res.json(await deleteAiList(deps, listId(req.params)));
  });
  router.get('/api/ai/lists/:id/members', deps.authenticate, async (req, res) => {
    res.json(await readAiListMembers(deps, listId(req.params), { withHeader: withHeader(req.query) }));
  });
  router.post('/api/ai/lists/:id/members', deps.authenticate, async (req, res) => {
    const { ids } = parseBody(aiListMembersBodySchema, req.body);
    res.json(await addAiListMembers(deps, listId(req.params), memberIds(ids)));
  });
  const remove = async (req: Request, res: Response) => {
    const { ids } = parseBody(aiListMembersBodySchema, req.body);
    res.json(await removeAiListMembers(deps, listId(req.params), memberIds(ids)));
  };
  router.delete('/api/ai/lists/:id/members', deps.authenticate, remove);
  router.post('/api/ai/lists/:id/members/remove', deps.authenticate, remove);
  return router;
}
