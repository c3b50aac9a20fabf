import { AI_IMAGE_MAX_BASE64_CHARS } from '../../../../shared/limits';
import { KB } from '../../request-io/json-body';
import { served, type ServedRoute } from '../../request-io/served-route';
import { runAiSearch, withFetchedImage } from './ai-search';
import { parseAiSearchRequest } from './ai-search-request';
import { operationContext, type OperationDeps } from '../operation-deps';
import { aiSearchRequestSchema } from './ai-search-request';

/** An image search carries its image: 5 MB of base64 at most, and its filters. */
const AI_SEARCH_BODY_LIMIT = AI_IMAGE_MAX_BASE64_CHARS + 256 * KB;

/**
 * `POST /api/ai/search` `{ mode: text|image|lookalikes, platform, query? | imageType + base64Image?
 * | imageUrl? | userIds?, filters?, pageSize?, startPage?, pages?, withHeader?, dryRun?, refresh? }`
 * -> `{ header, columns, rows, total, estimate, credits, dryRun, counts }` (see runAiSearch). An
 * `imageUrl` is fetched by the worker once the rest of the request is checked (not for a dry run,
 * whose estimate needs no image).
 */
export function aiSearchRoutes(deps: OperationDeps): ServedRoute[] {
  return [
    served(
      'aiSearch',
      { body: aiSearchRequestSchema },
      {
        bodyLimit: AI_SEARCH_BODY_LIMIT,
        read: (req) => parseAiSearchRequest(req.body),
        handle: async (parsed, req) => {
          const input = parsed.dryRun ? parsed : await withFetchedImage(deps, parsed);
          return runAiSearch(deps, operationContext(req, deps), input);
        },
      },
    ),
  ];
}
