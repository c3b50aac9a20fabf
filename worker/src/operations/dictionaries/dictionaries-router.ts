import { Router } from 'express';
import { parseBody } from '../../request-io/parse-body';
import { readDictionary } from './dictionaries';
import { dictionaryPathRequestSchema, dictionaryQueryRequestSchema } from './dictionaries-request';
import type { OperationDeps } from '../operation-deps';

/**
 * `GET /api/dictionaries/:platform/:kind?query=&limit=&withHeader=` for brands, interests,
 * languages, locations, topics, hashtags and users -> `{ header, columns, rows, items, total,
 * fromCache }` (free; see readDictionary).
 */
export function createDictionariesRouter(deps: OperationDeps): Router {
  const router = Router();
  router.get('/api/dictionaries/:platform/:kind', deps.authenticate, async (req, res) => {
    const path = parseBody(dictionaryPathRequestSchema, { ...req.params });
    const query = parseBody(dictionaryQueryRequestSchema, { ...req.query });
    res.json(await readDictionary(deps, { ...path, ...query }));
  });
  return router;
}
