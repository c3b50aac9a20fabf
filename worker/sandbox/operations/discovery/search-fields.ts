import type { Platform } from '../../../../shared/platforms';
import type { SearchAudienceFilter, SearchRequest } from '../../../../shared/requests/search';
import { SandboxError } from '../../sandbox-error';

/**
 * The filter fields the search of each platform knows (api-notes "Search request"). The request
 * schemas are loose, so a field of another platform (`views` on Instagram) or a typo (`folowers`)
 * would pass them and be ignored; the sandbox refuses it instead, so a client never believes a
 * filter applied that did not.
 */

const COMMON_INFLUENCER_FIELDS = [
  'followers',
  'engagements',
  'reelsPlays',
  'engagementRate',
  'location',
  'language',
  'lastposted',
  'interests',
  'brands',
  'bio',
  'keywords',
  'relevance',
  'audienceRelevance',
  'gender',
  'age',
  'followersGrowthRate',
  'hasContactDetails',
  'accountTypes',
  'textTags',
  'isVerified',
  'hasSponsoredPosts',
  'hasYouTube',
] as const;

const INFLUENCER_FIELDS: Record<Platform, readonly string[]> = {
  instagram: COMMON_INFLUENCER_FIELDS,
  tiktok: [...COMMON_INFLUENCER_FIELDS, 'views', 'shares', 'saves'],
  youtube: [...COMMON_INFLUENCER_FIELDS, 'views'],
};

const AUDIENCE_FIELDS = ['location', 'language', 'gender', 'age', 'interests', 'credibility'] as const;
const FILTER_FIELDS = ['influencer', 'audience'];

/** The parsed influencer filter; TikTok's is the widest (every other platform's is a part of it). */
export type InfluencerFilter = NonNullable<SearchRequest<'tiktok'>['filter']['influencer']>;
export type AudienceFilter = SearchAudienceFilter;

export function checkKnownFields(
  platform: Platform,
  filter: Record<string, unknown>,
  influencer: Record<string, unknown> | undefined,
  audience: Record<string, unknown> | undefined,
): void {
  refuseUnknown('filter', Object.keys(filter), FILTER_FIELDS, platform);
  if (influencer !== undefined) {
    refuseUnknown('filter.influencer', Object.keys(influencer), INFLUENCER_FIELDS[platform], platform);
  }
  if (audience !== undefined)
    refuseUnknown('filter.audience', Object.keys(audience), AUDIENCE_FIELDS, platform);
}

function refuseUnknown(
  where: string,
  keys: readonly string[],
  known: readonly string[],
  platform: Platform,
): void {
  const unknown = keys.filter((key) => !known.includes(key));
  if (unknown.length === 0) return;
  const otherPlatform = unknown.every((key) =>
    Object.values(INFLUENCER_FIELDS).some((fields) => fields.includes(key)),
  );
  const names = unknown.map((key) => `${where}.${key}`).join(', ');
  throw new SandboxError(
    'bad_request',
    otherPlatform
      ? `${names} ${unknown.length === 1 ? 'is not a filter' : 'are not filters'} of ${platform} search`
      : `${names} ${unknown.length === 1 ? 'is not a known filter' : 'are not known filters'}; ${where} takes ${known.join(', ')}`,
  );
}
