import type { z } from 'zod';
import type { OperationId } from '../operations';
import { aiSearchResponseSchema } from './ai-search';
import {
  collaborationPostsResponseSchema,
  collaborationSummaryResponseSchema,
  deprecatedCollaborationsResponseSchema,
} from './collaborations';
import { emailSearchResponseSchema } from './email-search';
import { overlapResponseSchema } from './overlap';
import { RAW_RESPONSE_SCHEMAS } from './raw';
import { REPORT_RESPONSE_SCHEMAS } from './reports';
import { searchResponseSchema } from './search';

/**
 * Every paid operation (credits or the raw allowance) and the schemas its answers are read with,
 * several where the answer differs per platform. Each schema declares the fields a row needs:
 * required (an answer without them is unreadable: billed once, kept for an admin), `wanted` or
 * `rowsFrom` (an answer without them is contract drift, counted per operation in
 * `GET /api/health`). A test holds this list to the price table and checks that no answer without
 * its rows reads as a silent empty page; `npm run verify:live` reads real answers with it.
 */
export const PAID_ANSWER_SCHEMAS: Readonly<Partial<Record<OperationId, readonly z.ZodType[]>>> = {
  search: [searchResponseSchema],
  report: Object.values(REPORT_RESPONSE_SCHEMAS),
  audienceOverlap: [overlapResponseSchema],
  emailSearch: [emailSearchResponseSchema],
  aiImageSearch: [aiSearchResponseSchema],
  aiTextSearch: [aiSearchResponseSchema],
  aiLookalikes: [aiSearchResponseSchema],
  aiTextSearchDeprecated: [aiSearchResponseSchema],
  aiImageSearchDeprecated: [aiSearchResponseSchema],
  collaborationPosts: [collaborationPostsResponseSchema],
  collaborationSummary: [collaborationSummaryResponseSchema],
  collaborationsInfluencerDeprecated: [deprecatedCollaborationsResponseSchema],
  collaborationsBrandDeprecated: [deprecatedCollaborationsResponseSchema],
  ...Object.fromEntries(Object.entries(RAW_RESPONSE_SCHEMAS).map(([id, schema]) => [id, [schema]])),
};
