import {
  aiBrandsResponseSchema,
  aiHashtagsResponseSchema,
  aiMentionsResponseSchema,
} from '../../../../shared/responses/ai-search';
import type { DictionaryAnswer } from '../../../../shared/worker-api/dictionaries';
import type { AiBrandsRequest, AiHashtagsRequest, AiMentionsRequest } from './ai-dictionaries-request';
import { canonicalJson } from '../operation-helpers/canonical-json';
import { cachedLookup, dictionaryAnswer } from './dictionaries';
import type { OperationDeps } from '../operation-deps';

/**
 * The AI dictionaries: brand names for `filters.brands`, hashtags and mentions by prefix for
 * `filters.textTags`. Free, cached a day like the other dictionaries.
 */

/** `GET /api/ai/brands?q=&limit=`. */
export async function readAiBrands(
  deps: OperationDeps,
  request: AiBrandsRequest,
): Promise<DictionaryAnswer<'ai_brands'>> {
  const query = { query: request.query, limit: request.limit };
  const { value, fromCache } = await cachedLookup(deps, canonicalJson(['ai', 'brands', query]), async () => ({
    items: (await deps.upstream.request('aiBrands', { query, schema: aiBrandsResponseSchema })).brands,
    total: null,
  }));
  return dictionaryAnswer('ai_brands', value, fromCache, request.withHeader === true);
}

/** `GET /api/ai/hashtags?platform=&q=&limit=`. */
export async function readAiHashtags(
  deps: OperationDeps,
  request: AiHashtagsRequest,
): Promise<DictionaryAnswer<'ai_hashtags'>> {
  const query = { platform: request.platform, prefix: request.prefix, limit: request.limit };
  const key = canonicalJson(['ai', 'hashtags', query]);
  const { value, fromCache } = await cachedLookup(deps, key, async () => ({
    items: (
      await deps.upstream.request('aiHashtags', {
        query,
        schema: aiHashtagsResponseSchema,
      })
    ).hashtags,
    total: null,
  }));
  return dictionaryAnswer('ai_hashtags', value, fromCache, request.withHeader === true);
}

/** `GET /api/ai/mentions?platform=&q=&limit=` (Instagram and TikTok: YouTube has none). */
export async function readAiMentions(
  deps: OperationDeps,
  request: AiMentionsRequest,
): Promise<DictionaryAnswer<'ai_mentions'>> {
  const query = { platform: request.platform, prefix: request.prefix, limit: request.limit };
  const key = canonicalJson(['ai', 'mentions', query]);
  const { value, fromCache } = await cachedLookup(deps, key, async () => ({
    items: (
      await deps.upstream.request('aiMentions', {
        query,
        schema: aiMentionsResponseSchema,
      })
    ).mentions,
    total: null,
  }));
  return dictionaryAnswer('ai_mentions', value, fromCache, request.withHeader === true);
}
