import { AI_SEARCH_MIN_FOLLOWERS } from '../../../../shared/limits';
import type { Platform } from '../../../../shared/platforms';
import { snapAiFilters, type AiFilters } from '../../../../shared/requests/ai-search';
import {
  AI_ACCOUNT_TYPES,
  FLAG,
  GENDER_CODE,
  GROWTH_INTERVALS,
  GROWTH_SLOTS,
  INTERESTS_PER_CREATOR,
  BRANDS_PER_CREATOR,
  SHARE_UNITS,
  isVideoType,
  tokenize,
  type PlatformCreators,
  type Post,
  type World,
} from '../../data';
import { postCreatedAt } from '../../data/post-traits';
import { SandboxError } from '../../sandbox-error';
import type { AiListStore } from './ai-list-store';

/**
 * `filters.*` of the AI searches, resolved once per request into what the scans test: ids instead
 * of names, sets instead of arrays, typed-column thresholds. Three stages read them:
 * - `passesColumns`: everything the compact core answers (one cheap test per creator, in the scan);
 * - `postWindow`: which posts may be matched posts (`contentType`, `maxPostAgeMonths`);
 * - `passesText`: bio and keyword phrases, which need derived text, tested only on creators the
 *   ranking actually reaches.
 * Names that are not in a dictionary (a brand, a language, a location id, a list) are refused with
 * a 400 or 404 naming them, rather than silently matching nobody.
 */

const DAY_MS = 86_400_000;
/** `maxPostAgeMonths` counts months of 30 days. */
const MONTH_MS = 30 * DAY_MS;
/** Lower bound of each AGE_GROUPS entry, by ageGroup column code - 1. */
const AGE_GROUP_LOWER_BOUNDS = [13, 18, 25, 35, 45, 65];
/**
 * Views per post spread log-normally around the typical (median) value with sigma 0.6 (the world's
 * post model), so their mean is the median times e^(0.6^2 / 2). The AI profile's `viewsCountMean`
 * and the `average` views filter both use it, so a filtered creator shows a value that passes.
 */
export const VIEWS_MEAN_OVER_MEDIAN = Math.exp((0.6 * 0.6) / 2);
/** Newest posts looked at for a `keywords` phrase. */
const KEYWORD_SCAN_POSTS = 12;
/** The default trailing window of `followersGrowthRate`. */
const DEFAULT_GROWTH_SLOT = GROWTH_INTERVALS.indexOf('i6months');

// Imported bindings are property reads through getters once compiled to CommonJS; the per-creator
// tests below read these local copies instead.
const COVERAGE_MIN_FOLLOWERS = AI_SEARCH_MIN_FOLLOWERS;
const PRIVATE_FLAG = FLAG.private;
const HAS_EMAIL_FLAG = FLAG.hasEmail;
const SPONSORED_FLAG = FLAG.hasSponsoredPosts;
const GROWTH_STRIDE = GROWTH_SLOTS;
const BRAND_STRIDE = BRANDS_PER_CREATOR;
const INTEREST_STRIDE = INTERESTS_PER_CREATOR;

interface TagRule {
  readonly matches: (index: number) => boolean;
}

export interface ResolvedAiFilters {
  readonly followersMin: number;
  readonly followersMax: number;
  readonly countryIds: ReadonlySet<number> | null;
  readonly cityIds: ReadonlySet<number> | null;
  /** GENDER_CODE values allowed, or null. */
  readonly genderCodes: ReadonlySet<number> | null;
  readonly lastPostedAfter: number | null;
  /** Positions in AI_ACCOUNT_TYPES allowed, or null. */
  readonly accountTypeCodes: ReadonlySet<number> | null;
  readonly languagePosition: number | null;
  /** ageGroup column codes allowed, or null. */
  readonly ageGroupCodes: ReadonlySet<number> | null;
  readonly engagementRateMin: number | null;
  readonly postingFrequencyMin: number | null;
  readonly postingFrequencyMax: number | null;
  readonly viewsMin: number | null;
  readonly viewsMax: number | null;
  readonly viewsMethod: 'median' | 'average';
  /** The growth interval profiles report (the filter's, or six months). */
  readonly growthSlot: number;
  readonly growthFilter: { readonly min: number; readonly max: number } | null;
  readonly hasEmail: boolean | null;
  readonly brandIds: ReadonlySet<number> | null;
  /** The one creator `username` names (-1 when it names nobody), or null. */
  readonly usernameIndex: number | null;
  readonly postsAfter: number | null;
  readonly contentType: 'video' | 'image' | null;
  readonly includeTags: readonly TagRule[];
  readonly excludeTags: readonly TagRule[];
  /** Phrases as " word word " for a substring test against " words of the text ". */
  readonly bioPhrases: readonly string[] | null;
  readonly keywordPhrases: readonly string[] | null;
  readonly list: { readonly include: boolean; readonly indexes: ReadonlySet<number> } | null;
  readonly credibilityMinUnits: number | null;
}

interface FilterContext {
  readonly world: World;
  readonly platform: Platform;
  /** The caller: lists are looked up among its own. */
  readonly token: string;
  readonly lists: AiListStore;
}

export function resolveAiFilters(raw: AiFilters | undefined, context: FilterContext): ResolvedAiFilters {
  const filters = snapAiFilters(raw ?? {});
  const { world, platform } = context;
  const pc = world.platform(platform);
  const dictionaries = world.dictionaries;

  let countryIds: Set<number> | null = null;
  let cityIds: Set<number> | null = null;
  if (filters.locations !== undefined) {
    countryIds = new Set();
    cityIds = new Set();
    for (const [position, id] of filters.locations.entries()) {
      const location = dictionaries.location(id);
      if (location === undefined) {
        throw badFilter(
          `filters.locations[${position}] ${id} is not a location id; see GET /${platform}/locations`,
        );
      }
      (location.kind === 'country' ? countryIds : cityIds).add(id);
    }
  }

  let languagePosition: number | null = null;
  if (filters.language !== undefined) {
    languagePosition = dictionaries.languagePosition(filters.language.toLowerCase());
    if (languagePosition < 0) {
      throw badFilter(
        `filters.language "${filters.language}" is not a language code; see GET /${platform}/languages`,
      );
    }
  }

  let brandIds: Set<number> | null = null;
  if (filters.brands !== undefined) {
    brandIds = new Set();
    for (const [position, name] of filters.brands.entries()) {
      const brand = dictionaries.brands.find((entry) => entry.name.toLowerCase() === name.toLowerCase());
      if (brand === undefined) {
        throw badFilter(`filters.brands[${position}] "${name}" is not a brand name of GET /ai/brands`);
      }
      brandIds.add(brand.id);
    }
  }

  let list: ResolvedAiFilters['list'] = null;
  if (filters.lists !== undefined) {
    const listId = filters.lists.listIds[0];
    const record = context.lists.get(context.token, listId);
    if (record.platform !== platform) {
      throw badFilter(
        `filters.lists: list "${listId}" holds ${record.platform} creators but this search is on ${platform}; the list platform must equal the search platform`,
      );
    }
    list = { include: filters.lists.mode === 'include', indexes: record.indexes };
  }

  const growth = filters.followersGrowthRate;
  const views = filters.viewsCount;
  return {
    followersMin: filters.followersCount?.min ?? 0,
    followersMax: filters.followersCount?.max ?? Infinity,
    countryIds,
    cityIds,
    genderCodes: genderCodes(filters.gender),
    lastPostedAfter:
      filters.lastPostedInDays === undefined ? null : pc.now - filters.lastPostedInDays * DAY_MS,
    accountTypeCodes: accountTypeCodes(filters.accountType),
    languagePosition,
    ageGroupCodes: ageGroupCodes(filters.age),
    engagementRateMin: filters.engagementRate?.min ?? null,
    postingFrequencyMin: filters.postingFrequency?.min ?? null,
    postingFrequencyMax: filters.postingFrequency?.max ?? null,
    viewsMin: views?.min ?? null,
    viewsMax: views?.max ?? null,
    viewsMethod: views?.calculationMethod ?? 'median',
    growthSlot: growth === undefined ? DEFAULT_GROWTH_SLOT : GROWTH_INTERVALS.indexOf(growth.interval),
    growthFilter: growth === undefined ? null : { min: growth.min ?? -Infinity, max: growth.max ?? Infinity },
    hasEmail: filters.hasEmail ?? null,
    brandIds,
    usernameIndex: filters.username === undefined ? null : pc.indexOfUsername(filters.username),
    postsAfter: filters.maxPostAgeMonths === undefined ? null : pc.now - filters.maxPostAgeMonths * MONTH_MS,
    contentType: filters.contentType ?? null,
    includeTags: (filters.textTags ?? [])
      .filter((tag) => tag.mode === 'include')
      .map((tag) => tagRule(pc, tag)),
    excludeTags: (filters.textTags ?? [])
      .filter((tag) => tag.mode === 'exclude')
      .map((tag) => tagRule(pc, tag)),
    bioPhrases: phrases(filters.bio, 'filters.bio'),
    keywordPhrases: phrases(filters.keywords, 'filters.keywords'),
    list,
    credibilityMinUnits:
      filters.audience?.credibility === undefined ? null : filters.audience.credibility * SHARE_UNITS,
  };
}

/** AI coverage (public creators above 10,000 followers) and every filter the columns answer. */
export function passesColumns(pc: PlatformCreators, f: ResolvedAiFilters, i: number): boolean {
  const c = pc.columns;
  const followers = c.followers[i];
  if (followers <= COVERAGE_MIN_FOLLOWERS || (c.flags[i] & PRIVATE_FLAG) !== 0) return false;
  if (followers < f.followersMin || followers > f.followersMax) return false;
  if (f.usernameIndex !== null && i !== f.usernameIndex) return false;
  if (
    f.countryIds !== null &&
    f.cityIds !== null &&
    !f.countryIds.has(c.countryId[i]) &&
    !f.cityIds.has(c.cityId[i])
  )
    return false;
  if (f.genderCodes !== null && !f.genderCodes.has(c.gender[i])) return false;
  if (f.lastPostedAfter !== null && c.lastPostedAt[i] < f.lastPostedAfter) return false;
  if (f.accountTypeCodes !== null && !f.accountTypeCodes.has(c.aiAccountType[i])) return false;
  if (f.languagePosition !== null && c.language[i] !== f.languagePosition) return false;
  if (f.ageGroupCodes !== null && !f.ageGroupCodes.has(c.ageGroup[i])) return false;
  if (f.engagementRateMin !== null && c.engagements[i] / followers < f.engagementRateMin) return false;
  if (f.postingFrequencyMin !== null && c.postingFrequency[i] < f.postingFrequencyMin) return false;
  if (f.postingFrequencyMax !== null && c.postingFrequency[i] > f.postingFrequencyMax) return false;
  if (f.viewsMin !== null || f.viewsMax !== null) {
    const views = viewsOf(pc, i, f.viewsMethod);
    if (f.viewsMin !== null && views < f.viewsMin) return false;
    if (f.viewsMax !== null && views > f.viewsMax) return false;
  }
  if (f.growthFilter !== null) {
    const rate = c.growth[i * GROWTH_STRIDE + f.growthSlot];
    // NaN (no rate for the interval) fails both comparisons' negation below: excluded.
    if (!(rate >= f.growthFilter.min && rate <= f.growthFilter.max)) return false;
  }
  if (f.hasEmail !== null && ((c.flags[i] & HAS_EMAIL_FLAG) !== 0) !== f.hasEmail) return false;
  if (f.brandIds !== null && !hasAnyBrand(pc, i, f.brandIds)) return false;
  if (f.credibilityMinUnits !== null && c.audienceCredibility[i] < f.credibilityMinUnits) return false;
  if (f.list !== null && f.list.indexes.has(i) !== f.list.include) return false;
  if (f.includeTags.length > 0 && !f.includeTags.some((rule) => rule.matches(i))) return false;
  if (f.excludeTags.some((rule) => rule.matches(i))) return false;
  return true;
}

/** Typical views per post by the filter's calculation method (median: the world's typical value). */
function viewsOf(pc: PlatformCreators, i: number, method: 'median' | 'average'): number {
  const median = pc.columns.avgViews[i];
  return method === 'median' ? median : Math.round(median * VIEWS_MEAN_OVER_MEDIAN);
}

/**
 * Whether post `j` of creator `i` may be a matched post: 'ok', 'skip' (wrong content type) or
 * 'stop' (older than `maxPostAgeMonths`; feeds run newest first, so every later post is older too).
 */
export function postWindow(
  pc: PlatformCreators,
  f: ResolvedAiFilters,
  i: number,
  j: number,
): 'ok' | 'skip' | 'stop' {
  if (f.postsAfter !== null && postCreatedAt(pc, i, j) < f.postsAfter) return 'stop';
  if (f.contentType !== null && isVideoType(pc.postType(i, j)) !== (f.contentType === 'video')) return 'skip';
  return 'ok';
}

/** Bio and keyword phrases: any phrase of each filter must appear (as whole words). */
export function passesText(pc: PlatformCreators, f: ResolvedAiFilters, i: number): boolean {
  if (f.bioPhrases !== null) {
    const bio = pc.bioWords(i);
    if (!f.bioPhrases.some((phrase) => bio.includes(phrase))) return false;
  }
  if (f.keywordPhrases !== null) {
    const phrases = f.keywordPhrases;
    const scan = Math.min(KEYWORD_SCAN_POSTS, pc.postCount(i));
    let found = false;
    for (let j = 0; j < scan && !found; j++) {
      const post = pc.post(i, j);
      if (post !== null) {
        const words = postWords(post);
        found = phrases.some((phrase) => words.includes(phrase));
      }
    }
    if (!found) return false;
  }
  return true;
}

/** " words of the caption and title ", for whole-word phrase tests. */
function postWords(post: Post): string {
  return ['', ...postTokens(post), ''].join(' ');
}

/** Words of a post's text: the caption, plus the title on YouTube (elsewhere it repeats the caption). */
export function postTokens(post: Post): string[] {
  const words = tokenize(post.text);
  if (post.platform === 'youtube') words.push(...tokenize(post.title));
  return words;
}

function phrases(value: string | string[] | undefined, field: string): string[] | null {
  if (value === undefined) return null;
  const list = typeof value === 'string' ? [value] : value;
  return list.map((phrase, position) => {
    const words = tokenize(phrase);
    if (words.length === 0) {
      const where = typeof value === 'string' ? field : `${field}[${position}]`;
      throw badFilter(`${where} "${phrase}" holds no letters or digits to look for`);
    }
    return ` ${words.join(' ')} `;
  });
}

function genderCodes(gender: AiFilters['gender']): Set<number> | null {
  switch (gender) {
    case undefined:
      return null;
    case 'MALE':
      return new Set([GENDER_CODE.male]);
    case 'FEMALE':
      return new Set([GENDER_CODE.female]);
    case 'KNOWN':
      return new Set([GENDER_CODE.male, GENDER_CODE.female]);
    case 'UNKNOWN':
      return new Set([GENDER_CODE.none]);
  }
}

function accountTypeCodes(type: AiFilters['accountType']): Set<number> | null {
  if (type === undefined) return null;
  const names = type === 'creator' ? ['individual_creator', 'group_creator'] : [type];
  return new Set(names.map((name) => AI_ACCOUNT_TYPES.findIndex((entry) => entry === name)));
}

/** Age groups starting at or above `min` and below `max` ("18".."35" is 18-24 and 25-34). */
function ageGroupCodes(age: AiFilters['age']): Set<number> | null {
  if (age === undefined || (age.min === undefined && age.max === undefined)) return null;
  const min = age.min === undefined ? 0 : Number(age.min);
  const max = age.max === undefined ? Infinity : Number(age.max);
  const codes = new Set<number>();
  AGE_GROUP_LOWER_BOUNDS.forEach((lower, position) => {
    if (lower >= min && lower < max) codes.add(position + 1);
  });
  return codes;
}

function hasAnyBrand(pc: PlatformCreators, i: number, brandIds: ReadonlySet<number>): boolean {
  for (let k = 0; k < BRAND_STRIDE; k++) {
    const id = pc.columns.brands[i * BRAND_STRIDE + k];
    if (id !== 0 && brandIds.has(id)) return true;
  }
  return false;
}

/**
 * Who carries a hashtag or mention in their posts, from the rules captions are generated by: topic
 * hashtags come from the interests of the post, platform tags (#fyp) from any feed, #ad and
 * #sponsored from sponsored posts; brands are mentioned in their sponsored posts, creators in the
 * posts that feature them.
 */
function tagRule(pc: PlatformCreators, tag: { type: 'hashtag' | 'mention'; value: string }): TagRule {
  const value = tag.value.toLowerCase();
  const c = pc.columns;
  if (tag.type === 'hashtag') {
    if (pc.dictionaries.platformHashtags(pc.platform).includes(value)) {
      return { matches: (i) => c.postsCount[i] > 0 };
    }
    if (value === 'ad' || value === 'sponsored') {
      return { matches: (i) => (c.flags[i] & SPONSORED_FLAG) !== 0 };
    }
    const interests = new Set(pc.dictionaries.interestsOfHashtag(value));
    return {
      matches: (i) => {
        for (let k = 0; k < INTEREST_STRIDE; k++) {
          if (interests.has(c.interests[i * INTEREST_STRIDE + k])) return true;
        }
        return false;
      },
    };
  }
  const brand = pc.dictionaries.brands.find((entry) => entry.username === value);
  if (brand !== undefined) {
    const ids = new Set([brand.id]);
    return { matches: (i) => c.sponsoredShare[i] > 0 && hasAnyBrand(pc, i, ids) };
  }
  const featured = pc.indexOfUsername(value);
  const featuring = new Set(featured < 0 ? [] : pc.featuringCreators(featured));
  return { matches: (i) => featuring.has(i) };
}

function badFilter(message: string): SandboxError {
  return new SandboxError('bad_request', message);
}
