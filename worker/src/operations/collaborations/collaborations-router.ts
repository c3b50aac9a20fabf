import { KB } from '../../request-io/json-body';
import { served, type ServedRoute } from '../../request-io/served-route';
import {
  runCollaborationPosts,
  runCollaborationSummary,
  runDeprecatedCollaborations,
} from './collaborations';
import { operationContext, type OperationDeps } from '../operation-deps';
import { collaborationsRequestSchema, deprecatedCollaborationsRequestSchema } from './collaborations-request';

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
export function collaborationRoutes(deps: OperationDeps): ServedRoute[] {
  const bodyLimit = COLLABORATIONS_BODY_LIMIT;
  return [
    served(
      'collaborationPosts',
      { body: collaborationsRequestSchema },
      {
        bodyLimit,
        handle: ({ body }, req) => runCollaborationPosts(deps, operationContext(req, deps), body),
      },
    ),
    served(
      'collaborationSummary',
      { body: collaborationsRequestSchema },
      {
        bodyLimit,
        handle: ({ body }, req) => runCollaborationSummary(deps, operationContext(req, deps), body),
      },
    ),
    served(
      'deprecatedCollaborations',
      { body: deprecatedCollaborationsRequestSchema },
      {
        bodyLimit,
        handle: ({ body }, req) => runDeprecatedCollaborations(deps, operationContext(req, deps), body),
      },
    ),
  ];
}
