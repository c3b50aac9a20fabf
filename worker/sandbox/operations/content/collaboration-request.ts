import { collaborationRequestSchema } from '../../../../shared/requests/collaborations';
import type { CollaborationFilter, World } from '../../data';
import type { HandlerContext } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import {
  partyKey,
  resolveCollaborator,
  resolveParty,
  type CollaborationParty,
} from './collaboration-parties';

/**
 * The body shared by `POST /collaborations/posts` and `/collaborations/summary`, validated and
 * resolved against the world: who it is about, the counterpart, the time window.
 */
export interface CollaborationQuery {
  readonly primary: CollaborationParty;
  readonly collaborator: CollaborationParty | null;
  /** `postCreationTimestampMs` as a world filter (both ends inclusive). */
  readonly window: Pick<CollaborationFilter, 'from' | 'to'>;
  readonly cursor: string | undefined;
  readonly limit: number | undefined;
  readonly groupBrands: boolean;
  /** What a cursor must stay bound to: everything that decides the list, nothing that pages it. */
  readonly key: string;
}

export function readCollaborationQuery(context: HandlerContext<World>): CollaborationQuery {
  const request = parseWith(collaborationRequestSchema, context.body);
  const primary = resolveParty(context.world, request.platform, request.id, 'id');
  const collaborator = resolveCollaborator(context.world, primary, request.collaboratorId);
  const window = { from: request.postCreationTimestampMs?.gte, to: request.postCreationTimestampMs?.lte };
  return {
    primary,
    collaborator,
    window,
    cursor: request.cursor,
    limit: request.limit,
    groupBrands: request.groupBrandCollaborations ?? false,
    key: [
      request.platform,
      primary.side,
      partyKey(primary),
      partyKey(collaborator),
      window.from ?? '',
      window.to ?? '',
    ].join('|'),
  };
}
