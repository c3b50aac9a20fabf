import type { Router } from 'express';
import { createAiDictionariesRouter } from './dictionaries/ai-dictionaries-router';
import { createAiListsRouter } from './ai-lists/ai-lists-router';
import { createAiSearchRouter } from './ai-search/ai-search-router';
import { createCollaborationsRouter } from './collaborations/collaborations-router';
import { createDictionariesRouter } from './dictionaries/dictionaries-router';
import type { OperationDeps } from './operation-deps';
import { createOverlapRouter } from './overlap/overlap-router';
import { createRawRouter } from './raw/raw-router';
import { createSearchRouter } from './search/search-router';

/**
 * The sheet operations beyond reports and e-mail search, each router carrying its full `/api/...`
 * paths and the authenticator; `app.ts` mounts them at the root:
 * search, audience overlap, dictionaries, AI search, AI dictionaries, AI lists, collaborations, raw.
 */
export function createMoreRouters(deps: OperationDeps): Router[] {
  return [
    createSearchRouter(deps),
    createOverlapRouter(deps),
    createDictionariesRouter(deps),
    createAiSearchRouter(deps),
    createAiDictionariesRouter(deps),
    createAiListsRouter(deps),
    createCollaborationsRouter(deps),
    createRawRouter(deps),
  ];
}
