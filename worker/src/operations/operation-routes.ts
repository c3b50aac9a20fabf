import type { ServedRoute } from '../request-io/served-route';
import { accountRoutes } from './account/account-router';
import { aiDictionaryRoutes } from './dictionaries/ai-dictionaries-router';
import { aiListRoutes } from './ai-lists/ai-lists-router';
import { aiSearchRoutes } from './ai-search/ai-search-router';
import { collaborationRoutes } from './collaborations/collaborations-router';
import { dictionaryRoutes } from './dictionaries/dictionaries-router';
import { healthRoutes } from './health/health-router';
import type { OperationDeps } from './operation-deps';
import { overlapRoutes } from './overlap/overlap-router';
import { rawRoutes } from './raw/raw-router';
import { reportsEstimateRoutes } from './reports/reports-router';
import { searchRoutes } from './search/search-router';
import { unreadableAnswerRoutes } from './unreadable-answers/unreadable-answers-router';

/**
 * The operations served from the route table (http/table-routes.ts) beyond reports and e-mail
 * search, which app.ts serves first: the reports estimate, search, audience overlap, dictionaries, AI search, AI
 * dictionaries, AI lists, collaborations, raw, the account, health and the unreadable answers.
 */
export function operationRoutes(deps: OperationDeps): ServedRoute[] {
  return [
    ...reportsEstimateRoutes(deps),
    ...accountRoutes(deps),
    ...healthRoutes(deps),
    ...unreadableAnswerRoutes(deps),
    ...searchRoutes(deps),
    ...overlapRoutes(deps),
    ...dictionaryRoutes(deps),
    ...aiSearchRoutes(deps),
    ...aiDictionaryRoutes(deps),
    ...aiListRoutes(deps),
    ...collaborationRoutes(deps),
    ...rawRoutes(deps),
  ];
}
