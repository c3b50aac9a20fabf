import { served, type ServedRoute } from '../../request-io/served-route';
import { readDictionary } from './dictionaries';
import type { OperationDeps } from '../operation-deps';
import { dictionaryPathRequestSchema, dictionaryQueryRequestSchema } from './dictionaries-request';

/**
 * `GET /api/dictionaries/:platform/:kind?query=&limit=&withHeader=` for brands, interests,
 * languages, locations, topics, hashtags and users -> `{ header, columns, rows, items, total,
 * fromCache }` (free; see readDictionary).
 */
export function dictionaryRoutes(deps: OperationDeps): ServedRoute[] {
  return [
    served(
      'dictionary',
      { params: dictionaryPathRequestSchema, query: dictionaryQueryRequestSchema },
      { handle: ({ params, query }) => readDictionary(deps, { ...params, ...query }) },
    ),
  ];
}
