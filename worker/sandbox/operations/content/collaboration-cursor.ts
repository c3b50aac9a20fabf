import { SandboxError } from '../../sandbox-error';
import {
  decodeCursor,
  encodeCursor,
  foreignCursor,
  invalidCursor,
  scopeKey,
  wholeNumberField,
} from './opaque-cursor';

/**
 * Cursors of `POST /collaborations/posts`: "valid 2 days" (api-notes). Each cursor carries the
 * time it was issued, the offset of the next page and a key of the request it continues (id,
 * platform, collaborator, time window), so an old cursor answers 400 and says why, and a cursor
 * sent with another request is refused instead of paging the wrong list.
 */

export const COLLABORATION_CURSOR_TTL_MS = 2 * 24 * 60 * 60 * 1000;

export function collaborationCursor(requestKey: string, offset: number, issuedAt: number): string {
  return encodeCursor(['c', scopeKey(requestKey), offset, Math.floor(issuedAt)]);
}

/** The offset a cursor continues from (0 without one), checked against the request and the clock. */
export function collaborationOffset(cursor: string | undefined, requestKey: string, now: number): number {
  if (cursor === undefined) return 0;
  const fields = decodeCursor(cursor);
  const offset = wholeNumberField(fields?.[2]);
  const issuedAt = wholeNumberField(fields?.[3]);
  if (fields === null || fields.length !== 4 || fields[0] !== 'c' || offset === null || issuedAt === null) {
    throw invalidCursor('cursor', cursor);
  }
  if (now - issuedAt > COLLABORATION_CURSOR_TTL_MS) {
    throw new SandboxError(
      'bad_request',
      `cursor expired: it was issued at ${new Date(issuedAt).toISOString()} and cursors are valid for 2 days; start again without a cursor`,
    );
  }
  if (fields[1] !== scopeKey(requestKey)) {
    throw foreignCursor(
      'cursor',
      'request (different id, platform, collaboratorId or postCreationTimestampMs)',
    );
  }
  return offset;
}
