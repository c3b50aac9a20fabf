import { DEPRECATED_COLLABORATIONS_PAGE_SIZE } from '../../../../shared/limits';
import type { Platform } from '../../../../shared/platforms';
import { actualCredits } from '../../../../shared/pricing';
import {
  collaborationsBrandQuerySchema,
  collaborationsInfluencerQuerySchema,
} from '../../../../shared/requests/collaborations';
import type { Brand, PlatformCreators, Post, World } from '../../data';
import type { HandlerContext, OperationHandler } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { SandboxError } from '../../sandbox-error';
import { resolveParty } from './collaboration-parties';
import { brandOf, collaborationPost, CollaborationTotals, influencerOf } from './collaboration-payloads';
import { feedOffset, nextFeedCursor, type ServedPage } from './feed-cursor';
import { PLATFORM_NAMES } from './raw-lookups';

/**
 * The deprecated `GET /{platform}/collaborations/influencer` and `/brand` (the core adds the
 * `Deprecation: true` header). Up to 30 collaborations per page, newest first, 1 credit per page;
 * `end_cursor` is the next request's `after` while `more_available`, and "" after the last page.
 * Items are not described by the spec: the sandbox sends the collaboration posts of the newer
 * endpoint, with the brand (influencer variant) or the influencer (brand variant) alongside, and
 * with `groupedBrands` one item per brand domain instead of one per post.
 */

const PAGE = DEPRECATED_COLLABORATIONS_PAGE_SIZE;
const ALL = Number.MAX_SAFE_INTEGER;

function platformOf(context: HandlerContext<World>): Platform {
  if (context.platform === null) throw new Error(`${context.operationId} needs its :platform segment`);
  return context.platform;
}

function deprecatedPage<T, R>(page: ServedPage<T>, scope: string, toItem: (item: T) => R) {
  return {
    error: false,
    collaborations: page.items.map(toItem),
    more_available: page.nextOffset !== null,
    end_cursor: nextFeedCursor(scope, page) ?? '',
  };
}

function postWithBrand(pc: PlatformCreators, post: Post) {
  const sponsor = post.sponsors[0];
  const brand = sponsor === undefined ? undefined : pc.dictionaries.brand(sponsor.brandId);
  return { ...collaborationPost(post), brand: brand === undefined ? null : brandOf(pc, brand) };
}

/** One item per brand domain: the creator's posts for it, newest brand first. */
function brandGroups(pc: PlatformCreators, index: number) {
  const groups = new Map<
    string,
    { brand: Brand; totals: CollaborationTotals; postIds: string[]; last: number; first: number }
  >();
  for (const post of pc.sponsoredPosts(index, { limit: ALL }).posts) {
    for (const sponsor of post.sponsors) {
      const brand = pc.dictionaries.brand(sponsor.brandId);
      if (brand === undefined) continue;
      let group = groups.get(brand.domain);
      if (group === undefined) {
        group = {
          brand,
          totals: new CollaborationTotals(),
          postIds: [],
          last: post.createdAt,
          first: post.createdAt,
        };
        groups.set(brand.domain, group);
      }
      group.totals.add(post);
      group.postIds.push(post.id);
      group.first = Math.min(group.first, post.createdAt);
    }
  }
  // Posts arrive newest first, so each group's first post seen is its latest.
  return [...groups.values()].map((group) => ({
    ...brandOf(pc, group.brand),
    posts_count: group.totals.posts,
    last_post_timestamp: group.last,
    first_post_timestamp: group.first,
    post_ids: group.postIds,
    summary: group.totals.toSummary(),
  }));
}

export const deprecatedInfluencerCollaborationsHandler: OperationHandler<World> = (context) => {
  const query = parseWith(collaborationsInfluencerQuerySchema, context.query);
  const platform = platformOf(context);
  const party = resolveParty(context.world, platform, query.influencerId, 'influencerId');
  if (party.side !== 'influencer') {
    throw new SandboxError(
      'bad_request',
      `influencerId ${JSON.stringify(query.influencerId)} names the brand ${party.brand.name}, not an influencer`,
    );
  }
  const pc = party.pc;
  const grouped = query.groupedBrands ?? false;
  const scope = `collaborationsInfluencerDeprecated:${platform}:${party.index}:${grouped ? 'grouped' : 'posts'}`;
  const offset = feedOffset(query.after, scope, 'after');
  let body;
  if (grouped) {
    const groups = brandGroups(pc, party.index);
    const items = groups.slice(offset, offset + PAGE);
    const next = offset + items.length;
    body = deprecatedPage({ items, nextOffset: next < groups.length ? next : null }, scope, (item) => item);
  } else {
    const page = pc.sponsoredPosts(party.index, { offset, limit: PAGE });
    body = deprecatedPage({ items: page.posts, nextOffset: page.nextOffset }, scope, (post) =>
      postWithBrand(pc, post),
    );
  }
  return { body, credits: actualCredits('collaborationsInfluencerDeprecated').credits };
};

export const deprecatedBrandCollaborationsHandler: OperationHandler<World> = (context) => {
  const query = parseWith(collaborationsBrandQuerySchema, context.query);
  const platform = platformOf(context);
  const party = resolveParty(context.world, platform, query.brandId, 'brandId');
  if (party.side !== 'brand') {
    throw new SandboxError(
      'bad_request',
      `brandId ${JSON.stringify(query.brandId)} names the ${PLATFORM_NAMES[platform]} influencer @${party.pc.username(party.index)}, not a brand`,
    );
  }
  const pc = party.pc;
  const scope = `collaborationsBrandDeprecated:${platform}:${party.brand.id}`;
  const offset = feedOffset(query.after, scope, 'after');
  const page = pc.brandPosts(party.brand.id, { offset, limit: PAGE });
  const body = deprecatedPage({ items: page.posts, nextOffset: page.nextOffset }, scope, (post) => ({
    ...collaborationPost(post),
    influencer: influencerOf(pc, post.creatorIndex),
  }));
  return { body, credits: actualCredits('collaborationsBrandDeprecated').credits };
};
