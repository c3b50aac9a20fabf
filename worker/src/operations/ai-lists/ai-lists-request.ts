import { z } from 'zod';
import { AI_LIST_MAX_MEMBERS } from '../../../../shared/limits';
import { aiListCreateRequestSchema } from '../../../../shared/requests/ai-lists';
import { optionalQueryBoolean, text } from '../../../../shared/requests/fields';
import { platformField } from '../search/search-request';

/** `POST /api/ai/lists` `{ platform, name }` (the platform is fixed at creation). */
export const aiListCreateBodySchema = aiListCreateRequestSchema.extend({ platform: platformField });

export const aiListIdSchema = z.looseObject({ id: text() });

/** `?withHeader=` of the routes that answer rows. */
export const aiListRowsQuerySchema = z.looseObject({ withHeader: optionalQueryBoolean() });

/**
 * Member ids as the sheet holds them: text, or whole numbers small enough to be exact (a long id
 * typed as a number has already lost digits, so it is refused with a hint, never sent). Blanks are
 * skipped and repeats count once, so a pasted column goes in as is.
 */
const memberId = z.union([
  z.string(),
  z.number().refine(Number.isSafeInteger, {
    message: 'is a number too long to be exact: format the column as plain text',
  }),
  z.null(),
]);

/**
 * `POST|DELETE /api/ai/lists/:id/members` `{ ids }`: any number of ids; they go to the API in
 * chunks of 10,000. More than a full list can hold is refused at once.
 */
export const aiListMembersBodySchema = z.looseObject({
  ids: z.array(memberId).superRefine((items, ctx) => {
    if (items.length > AI_LIST_MAX_MEMBERS * 2) {
      ctx.addIssue({
        code: 'custom',
        message: `must hold at most ${AI_LIST_MAX_MEMBERS * 2} items, got ${items.length}`,
      });
    }
  }),
});

type AiListMembersBody = z.output<typeof aiListMembersBodySchema>;

/** Trimmed, blanks skipped, repeats dropped; in first-seen order. */
export function memberIds(ids: AiListMembersBody['ids']): string[] {
  const unique = new Set<string>();
  for (const id of ids) {
    if (id === null) continue;
    const value = String(id).trim();
    if (value !== '') unique.add(value);
  }
  return [...unique];
}
