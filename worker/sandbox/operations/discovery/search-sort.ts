import type { SortDirection } from '../../../../shared/enums';
import { INSTAGRAM_SORT_FIELDS } from '../../../../shared/enums';
import type { Platform } from '../../../../shared/platforms';
import { AGE_GROUPS, GROWTH_INTERVALS, GROWTH_SLOTS, type PlatformCreators } from '../../data';
import { SandboxError } from '../../sandbox-error';
import { audienceWeightsOf } from './audience-weights';
import { wordsScore } from './caption-words';
import type { AudienceFilter, InfluencerFilter } from './search-fields';
import { keywordTables, languagePosition, unknownId } from './search-filters';
import { audienceRelevanceOf, relevanceOf } from './search-relevance';

// Compiled to CommonJS, every read of an imported binding is a getter call: hot loops use these copies.
const GROWTH_SLOT_COUNT = GROWTH_SLOTS;

/**
 * Search sorts (api-notes "Search request"). Instagram's fields are documented; TikTok and YouTube
 * take the same ones with `views` (TikTok also `shares` and `saves`) in place of `reelsPlays`.
 * `keywords`, `relevance`, `audienceRelevance`, the audience sorts and `followersGrowth` rank by
 * what their filter asks, so they need that filter, else 400 saying which one. Ties go to the
 * creator with more followers, then to the lower index, so every order is total and pages never
 * overlap.
 */

const AUDIENCE_AND_TEXT_SORTS = [
  'keywords',
  'audienceGeo',
  'audienceLang',
  'audienceGender',
  'audienceAge',
  'audienceRelevance',
  'relevance',
  'followersGrowth',
  'audienceInterest',
] as const;

const SORT_FIELDS: Record<Platform, readonly string[]> = {
  instagram: INSTAGRAM_SORT_FIELDS,
  tiktok: [
    'followers',
    'engagements',
    'engagementRate',
    'views',
    'shares',
    'saves',
    ...AUDIENCE_AND_TEXT_SORTS,
  ],
  youtube: ['followers', 'engagements', 'engagementRate', 'views', ...AUDIENCE_AND_TEXT_SORTS],
};

interface SortRequest {
  field: string;
  value?: string | number;
  direction: SortDirection;
}

/** How to order matches: by a numeric key, or (key null) by followers, largest first. */
interface CompiledSort {
  readonly key: ((index: number) => number) | null;
  readonly direction: SortDirection;
}

export function compileSort(
  pc: PlatformCreators,
  sort: SortRequest,
  influencer: InfluencerFilter | undefined,
  audience: AudienceFilter | undefined,
): CompiledSort {
  const platform = pc.platform;
  const c = pc.columns;
  const { field, direction } = sort;
  if (!SORT_FIELDS[platform].includes(field)) {
    throw new SandboxError(
      'bad_request',
      `sort.field must be one of ${SORT_FIELDS[platform].join(', ')} on ${platform}, got ${JSON.stringify(field)}`,
    );
  }
  const by = (key: (index: number) => number): CompiledSort => ({ key, direction });
  const needs = (present: unknown, filter: string): void => {
    if (present === undefined) {
      throw new SandboxError(
        'bad_request',
        `sort.field ${field} needs the ${filter} filter: it sorts by what that filter asks for`,
      );
    }
  };
  const weights = audienceWeightsOf(pc);

  switch (field) {
    case 'followers':
      return direction === 'desc' ? { key: null, direction } : by((index) => c.followers[index]);
    case 'engagements':
      return by((index) => c.engagements[index]);
    case 'engagementRate':
      return by((index) => c.engagements[index] / c.followers[index]);
    case 'reelsPlays':
      return by((index) => c.avgReelsPlays[index]);
    case 'views':
      return by((index) => c.avgViews[index]);
    case 'shares':
      return by((index) => c.avgShares[index]);
    case 'saves':
      return by((index) => c.avgSaves[index]);
    case 'keywords': {
      needs(influencer?.keywords, 'filter.influencer.keywords');
      const words = keywordTables(pc, influencer?.keywords ?? '');
      return by((index) => wordsScore(pc, index, words));
    }
    case 'relevance': {
      needs(influencer?.relevance, 'filter.influencer.relevance');
      const relevance = relevanceOf(pc, influencer?.relevance ?? []);
      return by((index) => relevance.score(index));
    }
    case 'audienceRelevance': {
      needs(influencer?.audienceRelevance, 'filter.influencer.audienceRelevance');
      const relevance = audienceRelevanceOf(pc, influencer?.audienceRelevance ?? []);
      return by((index) => relevance.score(index));
    }
    case 'followersGrowth': {
      needs(influencer?.followersGrowthRate, 'filter.influencer.followersGrowthRate');
      const slot = GROWTH_INTERVALS.indexOf(influencer?.followersGrowthRate?.interval ?? 'i6months');
      return by((index) => c.growth[index * GROWTH_SLOT_COUNT + slot]);
    }
    case 'audienceGeo': {
      needs(audience?.location, 'filter.audience.location');
      const id = sortValueId(sort, 'location id');
      if (pc.dictionaries.location(id) === undefined) throw unknownId('sort.value', id, 'location');
      return by((index) => weights.location(index, id));
    }
    case 'audienceInterest': {
      needs(audience?.interests, 'filter.audience.interests');
      const id = sortValueId(sort, 'interest id');
      if (pc.dictionaries.interest(id) === undefined) throw unknownId('sort.value', id, 'interest');
      return by((index) => weights.interest(index, id));
    }
    case 'audienceLang': {
      needs(audience?.language, 'filter.audience.language');
      const position = languagePosition(pc, audience?.language?.id ?? '', 'filter.audience.language.id');
      return by((index) => weights.language(index, position));
    }
    case 'audienceGender': {
      needs(audience?.gender, 'filter.audience.gender');
      const male = audience?.gender?.id === 'MALE';
      return by((index) => (male ? weights.male(index) : 1 - weights.male(index)));
    }
    case 'audienceAge': {
      needs(audience?.age, 'filter.audience.age');
      const slots = (audience?.age ?? []).map((entry) => AGE_GROUPS.indexOf(entry.id));
      return by((index) => slots.reduce((sum, slot) => sum + weights.age(index, slot), 0));
    }
    default:
      throw new Error(`sort field ${field} has no key`);
  }
}

function sortValueId(sort: SortRequest, what: string): number {
  const id = typeof sort.value === 'number' ? sort.value : Number(sort.value);
  if (!Number.isInteger(id) || id < 0) {
    throw new SandboxError(
      'bad_request',
      `sort.value must be a ${what} when sort.field is ${sort.field}, got ${JSON.stringify(sort.value)}`,
    );
  }
  return id;
}

/**
 * The first `count` matches in sort order. Only a page's worth is ordered: a bounded heap keeps the
 * best `count` of the matches (O(n log count)), so a sort over 100,000 matches stays cheap.
 */
export function firstInOrder(
  pc: PlatformCreators,
  matches: Int32Array,
  sort: CompiledSort,
  count: number,
): Int32Array {
  const { key } = sort;
  if (key === null) return matches.slice(0, count); // matches are already in followers order
  const followers = pc.columns.followers;
  const keys = new Float64Array(matches.length);
  for (let k = 0; k < matches.length; k++) {
    const value = key(matches[k]);
    // A missing value (NaN growth) sorts last in either direction.
    keys[k] = Number.isNaN(value) ? (sort.direction === 'desc' ? -Infinity : Infinity) : value;
  }
  const sign = sort.direction === 'desc' ? 1 : -1;
  /** Positive when position a comes before position b. */
  const before = (a: number, b: number): boolean => {
    const difference = (keys[a] - keys[b]) * sign;
    if (difference !== 0 && !Number.isNaN(difference)) return difference > 0;
    const ia = matches[a];
    const ib = matches[b];
    return followers[ia] !== followers[ib] ? followers[ia] > followers[ib] : ia < ib;
  };

  const wanted = Math.min(count, matches.length);
  if (wanted * 4 >= matches.length) {
    const positions = Array.from({ length: matches.length }, (_, k) => k);
    positions.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    return Int32Array.from(positions.slice(0, wanted), (position) => matches[position]);
  }
  // A heap whose root is the worst of the best `wanted` seen so far.
  const heap: number[] = [];
  const worse = (a: number, b: number) => before(b, a);
  const siftUp = (at: number) => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!worse(heap[at], heap[parent])) break;
      [heap[at], heap[parent]] = [heap[parent], heap[at]];
      at = parent;
    }
  };
  const siftDown = (at: number) => {
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let worst = at;
      if (left < heap.length && worse(heap[left], heap[worst])) worst = left;
      if (right < heap.length && worse(heap[right], heap[worst])) worst = right;
      if (worst === at) return;
      [heap[at], heap[worst]] = [heap[worst], heap[at]];
      at = worst;
    }
  };
  for (let position = 0; position < matches.length; position++) {
    if (heap.length < wanted) {
      heap.push(position);
      siftUp(heap.length - 1);
    } else if (before(position, heap[0])) {
      heap[0] = position;
      siftDown(0);
    }
  }
  heap.sort((a, b) => (before(a, b) ? -1 : 1));
  return Int32Array.from(heap, (position) => matches[position]);
}
