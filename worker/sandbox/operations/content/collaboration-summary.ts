import { actualCredits } from '../../../../shared/pricing';
import type { Brand, PlatformCreators, Post, World } from '../../data';
import { Lru } from '../../data/lru';
import type { OperationHandler } from '../../operation-handler';
import { collaborationPosts, hasCollaborations } from './collaboration-parties';
import { brandOf, CollaborationTotals, influencerOf, summaryBrand } from './collaboration-payloads';
import { readCollaborationQuery, type CollaborationQuery } from './collaboration-request';

/**
 * `POST /collaborations/summary`: totals over every collaboration post the request selects (the
 * same posts `/collaborations/posts` pages through, so the two always agree), overall and per
 * counterpart. `cursor` and `limit` page the posts only; a summary is never paged. Priced per the
 * price table (0.2 per call, like posts). A profile without any collaboration gets neither side.
 * A per-brand summary names its brand as a sponsor object `{ name, username, domain, logo_url,
 * user_id, category }` (api-notes "Seen from the real service").
 *
 * A big brand's summary reads tens of thousands of posts at 100,000 creators per platform, so
 * summaries are kept per platform in a small LRU (the first call for the biggest brand takes about
 * half a second there, a repeat a few milliseconds): the world never changes, so they never go stale.
 */

const ALL = Number.MAX_SAFE_INTEGER;
const CACHED_SUMMARIES = 64;
const caches = new WeakMap<PlatformCreators, Lru<string, object>>();

function cacheOf(pc: PlatformCreators): Lru<string, object> {
  let cache = caches.get(pc);
  if (cache === undefined) {
    cache = new Lru<string, object>(CACHED_SUMMARIES);
    caches.set(pc, cache);
  }
  return cache;
}

/** Per brand, or per brand domain with `groupBrandCollaborations`. */
function influencerSummary(query: CollaborationQuery, index: number) {
  const { primary } = query;
  const pc = primary.pc;
  const total = new CollaborationTotals();
  const groups = new Map<string | number, { brand: Brand; totals: CollaborationTotals }>();
  for (const post of collaborationPosts(primary, query.collaborator, { ...query.window, limit: ALL }).posts) {
    total.add(post);
    for (const sponsor of post.sponsors) {
      const key = query.groupBrands ? sponsor.domain : sponsor.brandId;
      let group = groups.get(key);
      if (group === undefined) {
        const brand = pc.dictionaries.brand(sponsor.brandId);
        if (brand === undefined) continue;
        group = { brand, totals: new CollaborationTotals() };
        groups.set(key, group);
      }
      group.totals.add(post);
    }
  }
  const perBrand = [...groups.values()]
    .sort((a, b) => b.totals.posts - a.totals.posts || a.brand.name.localeCompare(b.brand.name))
    .map(({ brand, totals }) => ({ brand: summaryBrand(pc, brand), summary: totals.toSummary() }));
  return {
    id: pc.userId(index),
    platform: pc.platform,
    username: pc.username(index),
    user_picture: pc.picture(index),
    summary: total.toSummary(),
    per_brand_summary: perBrand,
  };
}

/** Per influencer, biggest contributors first (ties: most followed first). */
function brandSummary(query: CollaborationQuery, brand: Brand) {
  const pc = query.primary.pc;
  const total = new CollaborationTotals();
  const influencers =
    query.collaborator?.side === 'influencer' ? [query.collaborator.index] : pc.brandCollaborators(brand.id);
  const perInfluencer: { index: number; totals: CollaborationTotals }[] = [];
  for (const index of influencers) {
    const posts: readonly Post[] = pc.sponsoredPosts(index, {
      ...query.window,
      brandId: brand.id,
      limit: ALL,
    }).posts;
    if (posts.length === 0) continue;
    const totals = new CollaborationTotals();
    for (const post of posts) {
      totals.add(post);
      total.add(post);
    }
    perInfluencer.push({ index, totals });
  }
  perInfluencer.sort((a, b) => b.totals.posts - a.totals.posts);
  return {
    ...brandOf(pc, brand),
    platform: pc.platform,
    summary: total.toSummary(),
    per_influencer_summary: perInfluencer.map(({ index, totals }) => {
      const { username, user_id, user_picture } = influencerOf(pc, index);
      return { influencer: { username, user_id, user_picture }, summary: totals.toSummary() };
    }),
  };
}

export const collaborationSummaryHandler: OperationHandler<World> = (context) => {
  const query = readCollaborationQuery(context);
  const { primary } = query;
  const { credits } = actualCredits('collaborationSummary');
  // An empty answer, not an error, and billed like any answer.
  if (!hasCollaborations(primary)) return { body: { error: false }, credits };
  const key = `${query.key}|${query.groupBrands ? 'by-domain' : 'by-brand'}`;
  const side = cacheOf(primary.pc).get(key, () =>
    primary.side === 'influencer'
      ? influencerSummary(query, primary.index)
      : brandSummary(query, primary.brand),
  );
  const body =
    primary.side === 'influencer' ? { error: false, influencer: side } : { error: false, brand: side };
  return { body, credits };
};
