import { served, type ServedRoute } from '../../http/table-routes';
import { readDictionary } from './dictionaries';
import type { OperationDeps } from '../operation-deps';

/**
 * `GET /api/dictionaries/:platform/:kind?query=&limit=&withHeader=` for brands, interests,
 * languages, locations, topics, hashtags and users -> `{ header, columns, rows, items, total,
 * fromCache }` (free; see readDictionary).
 */
export function dictionaryRoutes(deps: OperationDeps): ServedRoute[] {
  return [
    served('dictionary', { handle: ({ params, query }) => readDictionary(deps, { ...params, ...query }) }),
  ];
}
