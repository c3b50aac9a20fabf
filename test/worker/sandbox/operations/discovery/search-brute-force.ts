import request from 'supertest';
import type { Platform } from '../../../../../shared/platforms';
import { searchResponseSchema } from '../../../../../shared/responses/search';
import {
  AGE_GROUPS,
  tokenize,
  type Audience,
  type Creator,
  type PlatformCreators,
} from '../../../../../worker/sandbox/data';
import { PRIVATE_ACCOUNT_MIN_FOLLOWERS } from '../../../../../worker/sandbox/operations/discovery/private-accounts';
import { bearer, type DiscoverySandbox } from './discovery-sandbox';
import { readComplete } from '../../../../support/complete-answer';

/**
 * The search rules written the slow, obvious way over the world's public objects (Creator,
 * audienceWeight, bio, posts' interests), to check the handler's column scans against.
 */

export type Rule = (creator: Creator) => boolean;

const DAY_MS = 86_400_000;

/** Search lists every creator but small private ones (never analysed). */
export const listed: Rule = (creator) =>
  !(creator.isPrivate && creator.followers < PRIVATE_ACCOUNT_MIN_FOLLOWERS);

export function everyCreator(pc: PlatformCreators): Creator[] {
  return Array.from({ length: pc.size }, (_, index) => pc.creator(index));
}

export function countMatching(creators: readonly Creator[], ...rules: Rule[]): number {
  return creators.filter((creator) => listed(creator) && rules.every((rule) => rule(creator))).length;
}

export const rules = {
  range:
    (field: keyof Creator, min = -Infinity, max = Infinity): Rule =>
    (creator) =>
      (creator[field] as number) >= min && (creator[field] as number) <= max,
  engagementRateAtLeast:
    (minimum: number): Rule =>
    (creator) =>
      creator.engagements / creator.followers >= minimum,
  inLocations:
    (ids: readonly number[]): Rule =>
    (creator) =>
      ids.includes(creator.countryId) || (creator.cityId !== null && ids.includes(creator.cityId)),
  language:
    (code: string): Rule =>
    (creator) =>
      creator.language === code,
  postedWithinDays:
    (pc: PlatformCreators, days: number): Rule =>
    (creator) =>
      creator.lastPostedAt >= pc.now - days * DAY_MS,
  anyInterest:
    (ids: readonly number[]): Rule =>
    (creator) =>
      creator.interestIds.some((id) => ids.includes(id)),
  anyBrand:
    (ids: readonly number[]): Rule =>
    (creator) =>
      creator.brandIds.some((id) => ids.includes(id)),
  bioWords:
    (pc: PlatformCreators, text: string): Rule =>
    (creator) => {
      const words = new Set([
        ...tokenize(pc.bio(creator.index)),
        ...tokenize(creator.fullname),
        ...tokenize(creator.username),
      ]);
      return tokenize(text).every((word) => words.has(word));
    },
  /** Every word is in the vocabulary or hashtags of one of the creator's interests. */
  keywords:
    (pc: PlatformCreators, text: string): Rule =>
    (creator) =>
      tokenize(text).every((word) =>
        creator.interestIds.some((id) => {
          const profile = pc.dictionaries.interestProfile(id);
          return (
            profile !== undefined && (profile.vocabulary.includes(word) || profile.hashtags.includes(word))
          );
        }),
      ),
  gender:
    (value: 'MALE' | 'FEMALE' | 'KNOWN' | 'UNKNOWN'): Rule =>
    (creator) =>
      value === 'KNOWN'
        ? creator.gender !== null
        : value === 'UNKNOWN'
          ? creator.gender === null
          : creator.gender === value,
  /** The creator's age group lies wholly within [min, max). */
  ageWithin:
    (min?: number, max?: number): Rule =>
    (creator) => {
      if (creator.ageGroup === null) return false;
      const [low, high] =
        creator.ageGroup === '65-' ? [65, Infinity] : creator.ageGroup.split('-').map(Number);
      const upper = creator.ageGroup === '65-' ? Infinity : high + 1;
      return low >= (min ?? 0) && upper <= (max ?? Infinity);
    },
  growth:
    (
      interval: keyof Creator['followersGrowthRate'],
      operator: 'gt' | 'gte' | 'lt' | 'lte',
      value: number,
    ): Rule =>
    (creator) => {
      const rate = creator.followersGrowthRate[interval];
      if (rate === undefined) return false;
      return operator === 'gt'
        ? rate > value
        : operator === 'gte'
          ? rate >= value
          : operator === 'lt'
            ? rate < value
            : rate <= value;
    },
  flag:
    (field: 'isVerified' | 'hasSponsoredPosts' | 'hasYouTube' | 'hasEmail', value: boolean): Rule =>
    (creator) =>
      creator[field] === value,
  accountTypes:
    (codes: readonly number[]): Rule =>
    (creator) =>
      codes.includes({ Regular: 1, Business: 2, Creator: 3 }[creator.accountType]),
  audienceAtLeast:
    (
      pc: PlatformCreators,
      dimension: 'location' | 'language' | 'interest' | 'age' | 'gender',
      key: string | number,
      weight: number,
    ): Rule =>
    (creator) =>
      audienceWeight(pc, creator.index, dimension, key) >= weight,
  credibility:
    (minimum: number): Rule =>
    (creator) =>
      creator.audience.credibility >= minimum,
  any:
    (...alternatives: Rule[]): Rule =>
    (creator) =>
      alternatives.some((rule) => rule(creator)),
};

export const AGE_GROUP_CODES = AGE_GROUPS;

const audiences = new Map<string, Audience>();

/**
 * The share of an audience item as the creator's full audience (the report's) states it; cities,
 * which the full audience lists only down to its top 15, from the world's own lookup.
 */
export function audienceWeight(
  pc: PlatformCreators,
  index: number,
  dimension: 'location' | 'language' | 'interest' | 'age' | 'gender',
  key: string | number,
): number {
  const location = dimension === 'location' ? pc.dictionaries.location(Number(key)) : undefined;
  if (dimension === 'age' || dimension === 'gender' || location?.kind === 'city') {
    return pc.audienceWeight(index, dimension, key);
  }
  const id = `${pc.platform}:${index}`;
  let audience = audiences.get(id);
  if (audience === undefined) {
    audience = pc.audience(index);
    audiences.set(id, audience);
  }
  if (dimension === 'location')
    return audience.geoCountries.find((entry) => entry.id === Number(key))?.weight ?? 0;
  if (dimension === 'language') return audience.languages.find((entry) => entry.code === key)?.weight ?? 0;
  return audience.interests.find((entry) => entry.id === Number(key))?.weight ?? 0;
}

export interface SearchPage {
  status: number;
  total: number;
  isExactMatch: boolean | undefined;
  directs: string[];
  lookalikes: string[];
  body: Record<string, unknown>;
}

export async function searchPage(
  sandbox: DiscoverySandbox,
  platform: Platform,
  body: unknown,
  token?: string,
): Promise<SearchPage> {
  const response = await request(sandbox.app)
    .post(`/v1/${platform}/search`)
    .set(bearer(token))
    .send(body as object);
  if (response.status !== 200) {
    return {
      status: response.status,
      total: -1,
      isExactMatch: undefined,
      directs: [],
      lookalikes: [],
      body: response.body,
    };
  }
  const parsed = readComplete(searchResponseSchema, response.body);
  return {
    status: response.status,
    total: parsed.total,
    isExactMatch: parsed.isExactMatch,
    directs: parsed.directs.map((item) => item.userId),
    lookalikes: (parsed.lookalikes ?? []).map((item) => item.userId),
    body: response.body,
  };
}

/** Every direct match of a search, page after page (for filters with few matches). */
export async function allDirects(
  sandbox: DiscoverySandbox,
  platform: Platform,
  body: Record<string, unknown>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 0; ; page++) {
    const result = await searchPage(sandbox, platform, { ...body, page });
    if (result.status !== 200) throw new Error(`search failed: ${JSON.stringify(result.body)}`);
    ids.push(...result.directs);
    if (result.directs.length < 15) return ids;
  }
}

/** The creators of a page's directs, by user id. */
export function creatorsOf(pc: PlatformCreators, userIds: readonly string[]): Creator[] {
  return userIds.map((userId) => pc.creator(pc.indexOfUserId(userId)));
}
