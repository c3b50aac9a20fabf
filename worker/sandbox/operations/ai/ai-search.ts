import type { Platform } from '../../../../shared/platforms';
import { actualCredits } from '../../../../shared/pricing';
import {
  aiImageSearchRequestSchema,
  aiLookalikesRequestSchema,
  aiTextSearchRequestSchema,
  type AiFilters,
} from '../../../../shared/requests/ai-search';
import type { AiSearchResponse } from '../../../../shared/responses/ai-search';
import type { World } from '../../data';
import type {
  HandlerContext,
  HandlerResult,
  OperationHandler,
  SandboxHandlers,
} from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { resolveAiFilters, type ResolvedAiFilters } from './ai-filters';
import { aiProfile } from './ai-profile';
import { rankPage, type SearchPlan } from './ai-ranking';
import type { AiStateOf } from './ai-state';
import { decodeImage, imageFeatures, planImageSearch } from './image-search';
import { planLookalikeSearch, resolveSources } from './lookalike-search';
import { analyzeTextQuery } from './text-relevance';
import { planTextSearch } from './text-search';

/**
 * The AI searches: text, image and lookalikes on each platform, and the deprecated Instagram-only
 * text and image paths (same bodies and answers; the core adds `Deprecation: true`). Each returns
 * `{ error: false, total, profiles }` and costs 0.025 credits per returned profile.
 */

type AiSearchOperation =
  'aiTextSearch' | 'aiImageSearch' | 'aiLookalikes' | 'aiTextSearchDeprecated' | 'aiImageSearchDeprecated';

interface Paging {
  readonly page: number;
  readonly pageSize: number;
}

export function aiSearchHandlers(stateOf: AiStateOf): SandboxHandlers<World> {
  const filtersFor = (context: HandlerContext<World>, platform: Platform, filters: AiFilters | undefined) =>
    resolveAiFilters(filters, {
      world: context.world,
      platform,
      token: context.account.token,
      lists: stateOf(context.world).lists,
    });

  const textSearch =
    (operation: AiSearchOperation): OperationHandler<World> =>
    (context) => {
      const body = parseWith(aiTextSearchRequestSchema, context.body);
      const platform = context.platform ?? 'instagram';
      const query = analyzeTextQuery(body.query, context.world.dictionaries);
      const filters = filtersFor(context, platform, body.filters);
      const plan = planTextSearch(context.world.platform(platform), filters, query);
      return answer(operation, context.world, platform, filters, plan, body);
    };

  const imageSearch =
    (operation: AiSearchOperation): OperationHandler<World> =>
    (context) => {
      const body = parseWith(aiImageSearchRequestSchema, context.body);
      const platform = context.platform ?? 'instagram';
      const bytes = decodeImage(body.base64Image);
      const filters = filtersFor(context, platform, body.filters);
      const features = imageFeatures(bytes, context.world.dictionaries);
      const plan = planImageSearch(context.world.platform(platform), filters, features);
      return answer(operation, context.world, platform, filters, plan, body);
    };

  return {
    aiTextSearch: textSearch('aiTextSearch'),
    aiTextSearchDeprecated: textSearch('aiTextSearchDeprecated'),
    aiImageSearch: imageSearch('aiImageSearch'),
    aiImageSearchDeprecated: imageSearch('aiImageSearchDeprecated'),
    aiLookalikes: (context) => {
      const body = parseWith(aiLookalikesRequestSchema, context.body);
      const platform = context.platform ?? 'instagram';
      const sources = resolveSources(context.world, platform, body.userIds);
      const filters = filtersFor(context, platform, body.filters);
      const plan = planLookalikeSearch(context.world, platform, filters, sources);
      return answer('aiLookalikes', context.world, platform, filters, plan, body);
    },
  };
}

/** Ranks the requested page, builds its profiles and bills them. */
function answer(
  operation: AiSearchOperation,
  world: World,
  platform: Platform,
  filters: ResolvedAiFilters,
  plan: SearchPlan,
  paging: Paging,
): HandlerResult {
  const pc = world.platform(platform);
  const ranked = rankPage(plan.candidates, plan.scorer, paging.page * paging.pageSize, paging.pageSize);
  const profiles = ranked.creators.map(({ index, match }) =>
    aiProfile(pc, index, match.posts, filters.growthSlot),
  );
  const body: AiSearchResponse = { error: false, total: ranked.total, profiles };
  return { body, credits: actualCredits(operation, { pageSize: paging.pageSize }, profiles.length).credits };
}
