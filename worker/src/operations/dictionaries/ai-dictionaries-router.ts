import { Router } from 'express';
import { parseBody } from '../../request-io/parse-body';
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
export function createAiDictionariesRouter(deps: OperationDeps): Router {
  const router = Router();
  router.get('/api/ai/brands', deps.authenticate, async (req, res) => {
    const request = parseBody(aiBrandsRequestSchema, withTypedText({ ...req.query }, 'query'));
    res.json(await readAiBrands(deps, request));
  });
  router.get('/api/ai/hashtags', deps.authenticate, async (req, res) => {
    const request = parseBody(aiHashtagsRequestSchema, withTypedText({ ...req.query }, 'prefix'));
    res.json(await readAiHashtags(deps, request));
  });
  router.get('/api/ai/mentions', deps.authenticate, async (req, res) => {
    const request = parseBody(aiMentionsRequestSchema, withTypedText({ ...req.query }, 'prefix'));
    res.json(await readAiMentions(deps, request));
  });
  return router;
}
