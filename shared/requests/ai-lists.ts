import { z } from 'zod';
import {
  AI_LIST_MAX_IDS_PER_CHANGE,
  AI_LIST_MAX_MEMBERS,
  AI_LIST_MEMBERS_DEFAULT_PAGE_SIZE,
} from '../limits';
import {
  optionalQueryInt,
  optionalQueryText,
  platformSchema,
  queryInt,
  rejectRepeats,
  sizedArray,
  text,
} from './fields';

/**
 * AI lists: `POST /ai/lists`, `GET|DELETE /ai/lists/{listId}`, `GET|POST|DELETE
 * /ai/lists/{listId}/members`. Members are platform user ids only (not usernames).
 */

/**
 * The spec leaves the members page's upper bound open. 10,000 matches the ids a change may carry,
 * so a full list (70,000 members) reads in 7 pages.
 */
export const AI_LIST_MEMBERS_MAX_PAGE_SIZE = 10_000;

/** The platform is fixed when the list is created. */
export const aiListCreateRequestSchema = z.looseObject({ platform: platformSchema, name: text() });

export const aiListPathSchema = z.looseObject({ listId: text() });

/** Body of both adding and removing members; adding existing or removing missing ids is a no-op. */
export const aiListMembersChangeRequestSchema = z.looseObject({
  ids: sizedArray(text(), 1, AI_LIST_MAX_IDS_PER_CHANGE).superRefine(rejectRepeats),
});

/**
 * Members page query: `limit` plus either a 0-based `page` or the `cursor` of the previous answer.
 * With neither, the first page comes back.
 */
export const aiListMembersQuerySchema = z
  .looseObject({
    limit: queryInt(1, AI_LIST_MEMBERS_MAX_PAGE_SIZE, AI_LIST_MEMBERS_DEFAULT_PAGE_SIZE),
    page: optionalQueryInt(0, AI_LIST_MAX_MEMBERS),
    cursor: optionalQueryText(),
  })
  .superRefine((query, ctx) => {
    if (query.page !== undefined && query.cursor !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: 'cannot be combined with page; send one of them',
      });
    }
  });

export type AiListCreateRequest = z.output<typeof aiListCreateRequestSchema>;
export type AiListMembersChangeRequest = z.output<typeof aiListMembersChangeRequestSchema>;
export type AiListMembersQuery = z.output<typeof aiListMembersQuerySchema>;
