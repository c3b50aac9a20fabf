import { parseBody } from '../../request-io/parse-body';
import { served, type ServedRoute } from '../../request-io/served-route';
import { readAiBrands, readAiHashtags, readAiMentions } from './ai-dictionaries';
import {
  aiBrandsRequestSchema,
  aiHashtagsRequestSchema,
  aiMentionsRequestSchema,
  withTypedText,
} from './ai-dictionaries-request';
import type { OperationDeps } from '../operation-deps';

/**
 * Free AI dictionaries, each `{ header, columns, rows, items, total: null, fromCache }`:
 * - `GET /api/ai/brands?q=&limit=&withHeader=`
 * - `GET /api/ai/hashtags?platform=&q=&limit=&withHeader=`
 * - `GET /api/ai/mentions?platform=instagram|tiktok&q=&limit=&withHeader=`
 */
export function aiDictionaryRoutes(deps: OperationDeps): ServedRoute[] {
  // Each reads `q` as its API's field first (withTypedText), then its schema.
  return [
    served(
      'aiBrands',
      { query: aiBrandsRequestSchema },
      {
        read: (req) => parseBody(aiBrandsRequestSchema, withTypedText({ ...req.query }, 'query')),
        handle: (request) => readAiBrands(deps, request),
      },
    ),
    served(
      'aiHashtags',
      { query: aiHashtagsRequestSchema },
      {
        read: (req) => parseBody(aiHashtagsRequestSchema, withTypedText({ ...req.query }, 'prefix')),
        handle: (request) => readAiHashtags(deps, request),
      },
    ),
    served(
      'aiMentions',
      { query: aiMentionsRequestSchema },
      {
        read: (req) => parseBody(aiMentionsRequestSchema, withTypedText({ ...req.query }, 'prefix')),
        handle: (request) => readAiMentions(deps, request),
      },
    ),
  ];
}
