import type { Request } from 'express';
import { AI_LIST_MAX_MEMBERS } from '../../../../shared/limits';
import { KB } from '../../request-io/json-body';
import { served, type RouteInput, type ServedRoute } from '../../request-io/served-route';
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
import { memberIds } from './ai-lists-request';
import type { OperationDeps } from '../operation-deps';
import {
  aiListCreateBodySchema,
  aiListIdSchema,
  aiListMembersBodySchema,
  aiListRowsQuerySchema,
} from './ai-lists-request';

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
export function aiListRoutes(deps: OperationDeps): ServedRoute[] {
  const membersBody = AI_LIST_MEMBERS_BODY_LIMIT;
  const withHeader = (query: { withHeader?: boolean }) => ({ withHeader: query.withHeader === true });
  // Both removal routes read the same: a list's id and its members' ids.
  const removal = { params: aiListIdSchema, body: aiListMembersBodySchema };
  const remove = ({ params, body }: RouteInput<typeof removal>, req: Request) =>
    removeAiListMembers(deps, requireIdentity(req), params.id, memberIds(body.ids));
  return [
    served(
      'aiLists',
      { query: aiListRowsQuerySchema },
      { handle: ({ query }) => readAiLists(deps, withHeader(query)) },
    ),
    served(
      'newAiList',
      { body: aiListCreateBodySchema },
      {
        bodyLimit: AI_LIST_BODY_LIMIT,
        handle: ({ body }, req) => createAiList(deps, requireIdentity(req), body),
      },
    ),
    served('aiList', { params: aiListIdSchema }, { handle: ({ params }) => readAiList(deps, params.id) }),
    served(
      'deleteAiList',
      { params: aiListIdSchema },
      {
        handle: ({ params }, req) => deleteAiList(deps, requireIdentity(req), params.id),
      },
    ),
    served(
      'aiListMembers',
      { params: aiListIdSchema, query: aiListRowsQuerySchema },
      {
        handle: ({ params, query }) => readAiListMembers(deps, params.id, withHeader(query)),
      },
    ),
    served(
      'addAiListMembers',
      { params: aiListIdSchema, body: aiListMembersBodySchema },
      {
        bodyLimit: membersBody,
        handle: ({ params, body }, req) =>
          addAiListMembers(deps, requireIdentity(req), params.id, memberIds(body.ids)),
      },
    ),
    served('deleteAiListMembers', removal, { bodyLimit: membersBody, handle: remove }),
    served('removeAiListMembers', removal, { bodyLimit: membersBody, handle: remove }),
  ];
}
