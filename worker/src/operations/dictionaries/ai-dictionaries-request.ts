import { z } from 'zod';
import { optionalQueryBoolean, optionalQueryText } from '../../../../shared/requests/fields';
import {
  aiBrandsQuerySchema,
  aiHashtagsQuerySchema,
  aiMentionsQuerySchema,
} from '../../../../shared/requests/dictionaries';

/**
 * Query strings of `GET /api/ai/brands`, `/api/ai/hashtags` and `/api/ai/mentions`: the API's own
 * (shared/requests/dictionaries) plus `withHeader`. The typeahead sends its text as `q`, which is
 * the API's `prefix` for hashtags and mentions and its `query` for brands.
 */
const ours = {
  withHeader: optionalQueryBoolean(),
  // Named so the route's description lists it; withTypedText has moved it by the time this parses.
  q: optionalQueryText(),
};

export const aiBrandsRequestSchema = aiBrandsQuerySchema.extend(ours);
export const aiHashtagsRequestSchema = aiHashtagsQuerySchema.extend(ours);
export const aiMentionsRequestSchema = aiMentionsQuerySchema.extend(ours);

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
