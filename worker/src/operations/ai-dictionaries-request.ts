import { z } from 'zod';
import { optionalQueryBoolean } from '../../../shared/requests/fields';
import {
  aiBrandsQuerySchema,
  aiHashtagsQuerySchema,
  aiMentionsQuerySchema,
} from '../../../shared/requests/dictionaries';

/**
 * Query strings of `GET /api/ai/brands`, `/api/ai/hashtags` and `/api/ai/mentions`: the API's own
 * (shared/requests/dictionaries) plus `withHeader`. The typeahead sends its text as `q`, which is
 * the API's `prefix` for hashtags and mentions and its `query` for brands.
 */
const withHeader = { withHeader: optionalQueryBoolean() };

export const aiBrandsRequestSchema = aiBrandsQuerySchema.extend(withHeader);
export const aiHashtagsRequestSchema = aiHashtagsQuerySchema.extend(withHeader);
export const aiMentionsRequestSchema = aiMentionsQuerySchema.extend(withHeader);

export type AiBrandsRequest = z.output<typeof aiBrandsRequestSchema>;
export type AiHashtagsRequest = z.output<typeof aiHashtagsRequestSchema>;
export type AiMentionsRequest = z.output<typeof aiMentionsRequestSchema>;

/** `q` as the field the API names; an explicit `query` or `prefix` wins. */
export function withTypedText(
  query: Record<string, unknown>,
  field: 'query' | 'prefix',
): Record<string, unknown> {
  const { q, ...rest } = query;
  return rest[field] === undefined && q !== undefined ? { ...rest, [field]: q } : rest;
}
