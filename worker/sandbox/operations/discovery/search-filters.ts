import {
  AGE_GROUPS,
  AUDIENCE_AGE_SLOTS,
  BRANDS_PER_CREATOR,
  FLAG,
  GENDER_CODE,
  GROWTH_INTERVALS,
  GROWTH_SLOTS,
  INTERESTS_PER_CREATOR,
  SHARE_UNITS,
  tokenize,
  type PlatformCreators,
} from '../../data';
import { DAY_MS } from '../../data/generate-core';
import { SandboxError } from '../../sandbox-error';
import { audienceWeightsOf } from './audience-weights';
import { interestsUsingWord, usesWord, type WordInterests } from './caption-words';
import { isUnanalysedPrivate } from './private-accounts';
import { profileWordIndexOf } from './profile-words';
import type { AudienceFilter, InfluencerFilter } from './search-fields';
import { audienceRelevanceOf, relevanceOf } from './search-relevance';

// Compiled to CommonJS, every read of an imported binding is a getter call: hot loops use these copies.
const INTEREST_SLOTS = INTERESTS_PER_CREATOR;
const BRAND_SLOTS = BRANDS_PER_CREATOR;
const AGE_SLOTS = AUDIENCE_AGE_SLOTS;
const GROWTH_SLOT_COUNT = GROWTH_SLOTS;
const UNITS = SHARE_UNITS;
const isUnanalysed = isUnanalysedPrivate;
const usesWordOf = usesWord;
const FLAGS = FLAG;
const GENDERS = GENDER_CODE;

/**
 * Search filters compiled into tests over the creators' columns. Every filter present must hold
 * (AND); inside an array filter one entry is enough (OR). Tests are ordered cheapest first, so the
 * costly ones (audience tails) only run for creators that passed the rest.
 */

export type CreatorTest = (index: number) => boolean;

interface RankedTest {
  readonly cost: number;
  readonly test: CreatorTest;
}

/** Column comparisons. */
const CHEAP = 0;
/** Lookups in small tables or sets built for the request. */
const TABLE = 1;
/** Audience shares, which may need a creator's audience tail. */
const AUDIENCE = 2;

/** What a search keeps, cheapest test first; an empty list keeps every listed creator. */
export function compileFilters(
  pc: PlatformCreators,
  influencer: InfluencerFilter | undefined,
  audience: AudienceFilter | undefined,
): CreatorTest[] {
  const tests: RankedTest[] = [
    // The service lists only creators it could analyse (private-accounts.ts).
    { cost: CHEAP, test: (index) => !isUnanalysed(pc, index) },
  ];
  if (influencer !== undefined) tests.push(...influencerTests(pc, influencer));
  if (audience !== undefined) tests.push(...audienceTests(pc, audience));
  return tests.sort((a, b) => a.cost - b.cost).map((entry) => entry.test);
}

function influencerTests(pc: PlatformCreators, filter: InfluencerFilter): RankedTest[] {
  const c = pc.columns;
  const dictionaries = pc.dictionaries;
  const tests: RankedTest[] = [];
  const cheap = (test: CreatorTest) => tests.push({ cost: CHEAP, test });
  const table = (test: CreatorTest) => tests.push({ cost: TABLE, test });

  const range = (column: ArrayLike<number>, bounds: { min?: number; max?: number } | undefined) => {
    if (bounds === undefined) return;
    const min = bounds.min ?? -Infinity;
    const max = bounds.max ?? Infinity;
    cheap((index) => column[index] >= min && column[index] <= max);
  };
  range(c.followers, filter.followers);
  range(c.engagements, filter.engagements);
  range(c.avgReelsPlays, filter.reelsPlays);
  range(c.avgViews, filter.views);
  range(c.avgShares, filter.shares);
  range(c.avgSaves, filter.saves);

  if (filter.engagementRate !== undefined) {
    const minimum = filter.engagementRate;
    cheap((index) => c.engagements[index] / c.followers[index] >= minimum);
  }

  if (filter.location !== undefined) {
    const countries: number[] = [];
    const cities: number[] = [];
    filter.location.forEach((id, position) => {
      const location = dictionaries.location(id);
      if (location === undefined) throw unknownId(`filter.influencer.location[${position}]`, id, 'location');
      (location.kind === 'country' ? countries : cities).push(id);
    });
    cheap((index) => countries.includes(c.countryId[index]) || cities.includes(c.cityId[index]));
  }

  if (filter.language !== undefined) {
    const position = languagePosition(pc, filter.language, 'filter.influencer.language');
    cheap((index) => c.language[index] === position);
  }

  if (filter.lastposted !== undefined) {
    const since = pc.now - filter.lastposted * DAY_MS;
    cheap((index) => c.lastPostedAt[index] >= since);
  }

  if (filter.interests !== undefined) {
    const wanted = idTable(filter.interests, 'filter.influencer.interests', 'interest', (id) =>
      dictionaries.interest(id),
    );
    cheap((index) => anyIn(c.interests, index * INTEREST_SLOTS, INTEREST_SLOTS, wanted));
  }

  if (filter.brands !== undefined) {
    const wanted = new Set<number>();
    filter.brands.forEach((id, position) => {
      if (dictionaries.brand(id) === undefined)
        throw unknownId(`filter.influencer.brands[${position}]`, id, 'brand');
      wanted.add(id);
    });
    cheap((index) => {
      for (let k = 0; k < BRAND_SLOTS; k++) {
        if (wanted.has(c.brands[index * BRAND_SLOTS + k])) return true;
      }
      return false;
    });
  }

  if (filter.gender !== undefined) {
    const gender = filter.gender;
    const code = gender === 'MALE' ? GENDERS.male : gender === 'FEMALE' ? GENDERS.female : null;
    if (code !== null) cheap((index) => c.gender[index] === code);
    else if (gender === 'KNOWN') cheap((index) => c.gender[index] !== GENDERS.none);
    else cheap((index) => c.gender[index] === GENDERS.none);
  }

  if (filter.age !== undefined) {
    const groups = ageGroupsWithin(filter.age.min, filter.age.max);
    cheap((index) => c.ageGroup[index] !== 0 && groups[c.ageGroup[index] - 1]);
  }

  if (filter.followersGrowthRate !== undefined) {
    const { interval, value, operator } = filter.followersGrowthRate;
    const slot = GROWTH_INTERVALS.indexOf(interval);
    const compare = GROWTH_COMPARISONS[operator];
    // A creator without a rate for the interval (NaN) fails every comparison.
    cheap((index) => compare(c.growth[index * GROWTH_SLOT_COUNT + slot], value));
  }

  for (const [position, contact] of (filter.hasContactDetails ?? []).entries()) {
    tests.push(contactTest(pc, contact.contactType, contact.filterAction, position));
  }

  if (filter.accountTypes !== undefined) {
    const types = filter.accountTypes;
    cheap((index) => (types as readonly number[]).includes(c.accountType[index]));
  }

  const flag = (value: boolean | undefined, bit: number) => {
    if (value === undefined) return;
    cheap((index) => ((c.flags[index] & bit) !== 0) === value);
  };
  flag(filter.isVerified, FLAGS.verified);
  flag(filter.hasSponsoredPosts, FLAGS.hasSponsoredPosts);
  flag(filter.hasYouTube, FLAGS.hasYouTube);

  if (filter.keywords !== undefined) {
    const words = keywordTables(pc, filter.keywords);
    table((index) => words.every((word) => usesWordOf(pc, index, word)));
  }

  if (filter.relevance !== undefined) {
    const relevance = relevanceOf(pc, filter.relevance);
    table((index) => relevance.matches(index));
  }

  if (filter.audienceRelevance !== undefined) {
    const relevance = audienceRelevanceOf(pc, filter.audienceRelevance);
    table((index) => relevance.matches(index));
  }

  if (filter.textTags !== undefined) {
    const tagTests = filter.textTags.map((tag) => textTagTest(pc, tag.type, tag.value));
    table((index) => tagTests.some((test) => test(index)));
  }

  if (filter.bio !== undefined) {
    const words = tokenize(filter.bio);
    if (words.length === 0) {
      throw new SandboxError(
        'bad_request',
        `filter.influencer.bio must hold at least one word (letters or digits), got ${JSON.stringify(filter.bio)}`,
      );
    }
    const having = profileWordIndexOf(pc).creatorsWithAll(pc.size, words);
    tests.push({ cost: TABLE, test: (index) => having[index] === 1 });
  }

  return tests;
}

function audienceTests(pc: PlatformCreators, filter: AudienceFilter): RankedTest[] {
  const c = pc.columns;
  const weights = audienceWeightsOf(pc);
  const tests: RankedTest[] = [];
  const audience = (test: CreatorTest) => tests.push({ cost: AUDIENCE, test });

  if (filter.location !== undefined) {
    const entries = filter.location.map((entry, position) => {
      if (pc.dictionaries.location(entry.id) === undefined) {
        throw unknownId(`filter.audience.location[${position}].id`, entry.id, 'location');
      }
      return entry;
    });
    audience((index) => entries.some((entry) => weights.locationAtLeast(index, entry.id, entry.weight)));
  }

  if (filter.language !== undefined) {
    const { id, weight } = filter.language;
    const position = languagePosition(pc, id, 'filter.audience.language.id');
    audience((index) => weights.languageAtLeast(index, position, weight));
  }

  if (filter.gender !== undefined) {
    const needed = unitsOf(filter.gender.weight);
    const male = filter.gender.id === 'MALE';
    tests.push({
      cost: CHEAP,
      test: (index) => (male ? c.audienceMale[index] : UNITS - c.audienceMale[index]) >= needed,
    });
  }

  if (filter.age !== undefined) {
    const entries = filter.age.map((entry) => ({
      slot: AGE_GROUPS.indexOf(entry.id),
      needed: unitsOf(entry.weight),
    }));
    tests.push({
      cost: CHEAP,
      test: (index) =>
        entries.some((entry) => c.audienceAges[index * AGE_SLOTS + entry.slot] >= entry.needed),
    });
  }

  if (filter.interests !== undefined) {
    const entries = filter.interests.map((entry, position) => {
      if (pc.dictionaries.interest(entry.id) === undefined) {
        throw unknownId(`filter.audience.interests[${position}].id`, entry.id, 'interest');
      }
      return entry;
    });
    audience((index) => entries.some((entry) => weights.interestAtLeast(index, entry.id, entry.weight)));
  }

  if (filter.credibility !== undefined) {
    const needed = unitsOf(filter.credibility);
    tests.push({ cost: CHEAP, test: (index) => c.audienceCredibility[index] >= needed });
  }
  return tests;
}

/** Words of a `keywords` filter, each with the interests whose captions use it. */
export function keywordTables(pc: PlatformCreators, keywords: string): WordInterests[] {
  const words = tokenize(keywords);
  if (words.length === 0) {
    throw new SandboxError(
      'bad_request',
      `filter.influencer.keywords must hold at least one word (letters or digits), got ${JSON.stringify(keywords)}`,
    );
  }
  return words.map((word) => interestsUsingWord(pc.dictionaries, word));
}

/** Position of a language code in the dictionary, or 400 naming the field. */
export function languagePosition(pc: PlatformCreators, code: string, field: string): number {
  const position = pc.dictionaries.languagePosition(code.toLowerCase());
  if (position < 0) {
    throw new SandboxError(
      'bad_request',
      `${field} ${JSON.stringify(code)} is not a language code of the languages dictionary (GET /${pc.platform}/languages)`,
    );
  }
  return position;
}

export function unknownId(field: string, id: number, kind: 'location' | 'interest' | 'brand'): SandboxError {
  const path =
    kind === 'location'
      ? '/{platform}/locations'
      : kind === 'interest'
        ? '/instagram/interests'
        : '/instagram/brands';
  const article = kind === 'interest' ? 'an' : 'a';
  return new SandboxError(
    'bad_request',
    `${field} ${id} is not ${article} ${kind} id of the ${kind}s dictionary (GET ${path})`,
  );
}

/** Shares are whole units of 1/10,000; a weight w needs ceil(w x 10,000) of them. */
function unitsOf(weight: number): number {
  return Math.ceil(weight * UNITS - 1e-9);
}

function idTable(
  ids: readonly number[],
  field: string,
  kind: 'interest',
  lookup: (id: number) => unknown,
): Uint8Array {
  const table = new Uint8Array(256);
  ids.forEach((id, position) => {
    if (lookup(id) === undefined || id > 255) throw unknownId(`${field}[${position}]`, id, kind);
    table[id] = 1;
  });
  return table;
}

function anyIn(column: ArrayLike<number>, base: number, count: number, table: Uint8Array): boolean {
  for (let k = 0; k < count; k++) {
    const id = column[base + k];
    if (id !== 0 && table[id] === 1) return true;
  }
  return false;
}

/** Lower and upper (exclusive) ages of each age group; `65-` has no upper end. */
const AGE_BOUNDS: readonly (readonly [number, number])[] = [
  [13, 18],
  [18, 25],
  [25, 35],
  [35, 45],
  [45, 65],
  [65, Infinity],
];

/** Age groups (by slot) lying wholly within [min, max): `{ min: 18, max: 35 }` is 18-24 and 25-34. */
function ageGroupsWithin(min: number | undefined, max: number | undefined): boolean[] {
  return AGE_BOUNDS.map(([low, high]) => low >= (min ?? 0) && high <= (max ?? Infinity));
}

const GROWTH_COMPARISONS: Record<'gt' | 'gte' | 'lt' | 'lte', (rate: number, value: number) => boolean> = {
  gt: (rate, value) => rate > value,
  gte: (rate, value) => rate >= value,
  lt: (rate, value) => rate < value,
  lte: (rate, value) => rate <= value,
};

/**
 * `hasContactDetails` entries. The sandbox's creators publish e-mail only, so a `must` on any other
 * contact type keeps nobody. api-notes documents `must` alone; `mustNot` is taken as its opposite
 * and anything else is refused, so a misspelt action never silently filters nothing.
 */
function contactTest(
  pc: PlatformCreators,
  contactType: string,
  action: string,
  position: number,
): RankedTest {
  const isEmail = contactType.toLowerCase() === 'email';
  const has = (index: number) => isEmail && (pc.columns.flags[index] & FLAGS.hasEmail) !== 0;
  if (action === 'must') return { cost: CHEAP, test: has };
  if (action === 'mustNot') return { cost: CHEAP, test: (index) => !has(index) };
  throw new SandboxError(
    'bad_request',
    `filter.influencer.hasContactDetails[${position}].filterAction must be must or mustNot, got ${JSON.stringify(action)}`,
  );
}

/**
 * A creator uses a hashtag when one of its interests does (captions carry their topic's tags), or
 * when it is a platform-wide tag (#fyp, #reels: any feed has some), or #ad / #sponsored when it has
 * sponsored posts. It mentions a brand it works with (sponsored captions mention the sponsor), and
 * a creator its posts feature.
 */
function textTagTest(pc: PlatformCreators, type: 'hashtag' | 'mention', raw: string): CreatorTest {
  const c = pc.columns;
  if (type === 'hashtag') {
    const tag = raw.replace(/^#/, '').toLowerCase();
    if (pc.dictionaries.platformHashtags(pc.platform).includes(tag)) return () => true;
    if (tag === 'ad' || tag === 'sponsored')
      return (index) => (c.flags[index] & FLAGS.hasSponsoredPosts) !== 0;
    const table = new Uint8Array(256);
    for (const id of pc.dictionaries.interestsOfHashtag(tag)) table[id] = 1;
    return (index) => anyIn(c.interests, index * INTEREST_SLOTS, INTEREST_SLOTS, table);
  }
  const handle = raw.replace(/^@/, '').toLowerCase();
  const brand = pc.dictionaries.brands.find((entry) => entry.username === handle);
  const members = new Set<number>(
    brand !== undefined
      ? pc.brandCollaborators(brand.id)
      : pc.indexOfUsername(handle) >= 0
        ? pc.featuringCreators(pc.indexOfUsername(handle))
        : [],
  );
  return (index) => members.has(index);
}
