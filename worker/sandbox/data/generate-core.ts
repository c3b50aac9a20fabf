import type { Platform } from '../../../shared/platforms';
import { type AudienceInput, AudienceModel } from './audience-model';
import {
  ACCOUNT_TYPE_CODE,
  allocateColumns,
  AUDIENCE_AGE_SLOTS,
  AUDIENCE_TOP_COUNTRIES,
  AUDIENCE_TOP_INTERESTS,
  AUDIENCE_TOP_LANGUAGES,
  BRANDS_PER_CREATOR,
  type CreatorColumns,
  FLAG,
  GENDER_CODE,
  GROWTH_SLOTS,
  INTERESTS_PER_CREATOR,
  KIND,
} from './columns';
import type { Dictionaries } from './dictionaries';
import { drawMonthlyGrowthInto, monthsOfHistory } from './growth-model';
import { MAX_POSTS_PER_CREATOR } from './id-codec';
import { CREATOR_AGE_GROUPS, type PersonSpace } from './persons';
import { clamp as clampImported, hashInts as hashIntsImported, Rng, STREAM } from './random';
import { AI_ACCOUNT_TYPES, type AiAccountType } from './types';

/**
 * Generation of the compact core of every creator of a platform, eagerly at start-up. Each creator
 * is drawn from streams keyed by (seed, platform, index), so `describeCore` can also rebuild one
 * creator's inputs alone (the lazy parts do).
 */

export const DAY_MS = 86_400_000;
// Compiled to CommonJS, every use of an import goes through a getter; this module runs for every
// creator at start-up, so it keeps local copies of the functions it calls there.
const clamp = clampImported;
const hashInts = hashIntsImported;
const STREAM_CORE = STREAM.core;
const STREAM_GROWTH = STREAM.growth;
export const PLATFORM_CODE: Record<Platform, number> = { instagram: 1, tiktok: 2, youtube: 3 };

interface PlatformParams {
  /** Pareto tail index of followers above 1,000. */
  readonly alpha: number;
  readonly maxFollowers: number;
  /** Engagement rate at 1,000 followers. */
  readonly engagementBase: number;
  readonly likeShare: number;
  /** Views per like of a video post. */
  readonly viewsPerLike: number;
  readonly privateShare: number;
  /** Median posts per 30 days. */
  readonly frequencyMedian: number;
  /** Account age range in days. */
  readonly minAgeDays: number;
  readonly maxAgeDays: number;
  readonly followingMedian: number;
}

const PLATFORM_PARAMS: Record<Platform, PlatformParams> = {
  instagram: {
    alpha: 0.78,
    maxFollowers: 60e6,
    engagementBase: 0.075,
    likeShare: 0.975,
    viewsPerLike: 14,
    privateShare: 0.04,
    frequencyMedian: 10,
    minAgeDays: 200,
    maxAgeDays: 5200,
    followingMedian: 700,
  },
  tiktok: {
    alpha: 0.72,
    maxFollowers: 80e6,
    engagementBase: 0.12,
    likeShare: 0.985,
    viewsPerLike: 11,
    privateShare: 0.02,
    frequencyMedian: 16,
    minAgeDays: 150,
    maxAgeDays: 2700,
    followingMedian: 150,
  },
  youtube: {
    alpha: 0.8,
    maxFollowers: 50e6,
    engagementBase: 0.045,
    likeShare: 0.96,
    viewsPerLike: 28,
    privateShare: 0,
    frequencyMedian: 5,
    minAgeDays: 300,
    maxAgeDays: 6800,
    followingMedian: 0,
  },
};

/** The Instagram account of Instagram (index 0 on Instagram). */
const PLATFORM_ACCOUNT = {
  followers: 690_000_000,
  following: 180,
  engagementRate: 0.0006,
  postsCount: 7_900,
  postingFrequency: 30,
  interests: ['Photography', 'Art & Illustration', 'Lifestyle'],
  country: 'US',
  city: 'San Francisco',
};

export interface GeneratorContext {
  readonly seedKey: number;
  readonly platform: Platform;
  readonly size: number;
  readonly now: number;
  readonly dictionaries: Dictionaries;
  readonly persons: PersonSpace;
  readonly audienceModel: AudienceModel;
}

/** Index of the first brand account and of the first person on a platform. */
export function brandIndexOffset(platform: Platform): number {
  return platform === 'instagram' ? 1 : 0;
}

export function firstPersonIndex(platform: Platform, brandCount: number): number {
  return brandIndexOffset(platform) + brandCount;
}

export function streamKey(
  seedKey: number,
  platform: Platform,
  index: number,
  stream: number,
  extra = 0,
): number {
  return hashInts(seedKey, PLATFORM_CODE[platform], index, stream, extra);
}

/** Rebuild the audience draw inputs of a creator from its core (and its person). */
export function audienceInput(ctx: GeneratorContext, columns: CreatorColumns, index: number): AudienceInput {
  const personId = columns.personId[index];
  const interests: number[] = [];
  for (let k = 0; k < INTERESTS_PER_CREATOR; k++) {
    const id = columns.interests[index * INTERESTS_PER_CREATOR + k];
    if (id !== 0) interests.push(id);
  }
  const country = ctx.dictionaries.countryPositionById(columns.countryId[index]);
  return {
    platform: ctx.platform,
    followers: columns.followers[index],
    country,
    nameGroup: personId >= 0 ? ctx.persons.givenName(personId).group : -1,
    language: columns.language[index],
    interests,
    gender: columns.gender[index],
    ageGroup: columns.ageGroup[index] - 1,
  };
}

/** Draw followers from a Pareto tail above 1,000, truncated at the platform's maximum. */
function drawFollowers(rng: Rng, params: PlatformParams): number {
  const uMin = Math.pow(params.maxFollowers / 1000, -params.alpha);
  const u = uMin + (1 - uMin) * rng.next();
  return Math.round(1000 * Math.pow(u, -1 / params.alpha));
}

function verifiedChance(followers: number): number {
  return 0.003 + 1 / (1 + Math.exp(-(Math.log10(followers) - 6.1) * 2.6));
}

export function generatePlatformCore(ctx: GeneratorContext): CreatorColumns {
  const { platform, size, dictionaries, persons } = ctx;
  const columns = allocateColumns(size);
  const rng = new Rng();
  const growthRng = new Rng();
  const params = PLATFORM_PARAMS[platform];
  const brands = dictionaries.brands;
  const brandOffset = brandIndexOffset(platform);
  const personStart = firstPersonIndex(platform, brands.length);
  const youtubeSize = size;
  const youtubePersonStart = firstPersonIndex('youtube', brands.length);
  const categoryOfType = new Map<AiAccountType, number>(
    AI_ACCOUNT_TYPES.map((type, position) => [type, position]),
  );
  const usCountry = dictionaries.countryPosition('US');
  // Module constants read through getters once compiled to CommonJS: copy them out of the hot loop.
  const growthSlots = GROWTH_SLOTS;
  const ageSlots = AUDIENCE_AGE_SLOTS;
  const topCountries = AUDIENCE_TOP_COUNTRIES;
  const topLanguages = AUDIENCE_TOP_LANGUAGES;
  const topInterests = AUDIENCE_TOP_INTERESTS;
  const interestSlots = INTERESTS_PER_CREATOR;
  const brandSlots = BRANDS_PER_CREATOR;
  const flag = { ...FLAG };
  const countryIds = Int32Array.from(dictionaries.countries.map((country) => country.id));
  const multipliers = new Float64Array(12);
  const scratch = ctx.audienceModel.scratch();

  for (let index = 0; index < size; index++) {
    // One stream for identity, performance and audience; growth has its own (the history replays it).
    rng.reseed(streamKey(ctx.seedKey, platform, index, STREAM_CORE));
    let input: AudienceInput;
    let followers: number;
    let engagementRate: number;
    let isBrandLike = false;

    if (platform === 'instagram' && index === 0) {
      const account = PLATFORM_ACCOUNT;
      const country = dictionaries.countries[dictionaries.countryPosition(account.country)];
      const cityId = country.cityIds[country.cities.findIndex((city) => city.name === account.city)];
      const interests = account.interests.map(
        (name) => dictionaries.interests.find((entry) => entry.name === name)?.id ?? 0,
      );
      columns.kind[index] = KIND.platform;
      columns.personId[index] = -1;
      columns.countryId[index] = country.id;
      columns.cityId[index] = cityId;
      columns.language[index] = dictionaries.languagePosition('en');
      interests.forEach((id, k) => (columns.interests[index * interestSlots + k] = id));
      columns.accountType[index] = ACCOUNT_TYPE_CODE.Business;
      columns.aiAccountType[index] = categoryOfType.get('brand') ?? 2;
      columns.flags[index] = flag.verified | flag.hasYouTube;
      followers = account.followers;
      engagementRate = account.engagementRate;
      columns.following[index] = account.following;
      isBrandLike = true;
      input = {
        platform,
        followers,
        country: dictionaries.countryPosition(account.country),
        nameGroup: -1,
        language: dictionaries.languagePosition('en'),
        interests,
        gender: 0,
        ageGroup: -1,
      };
    } else if (index < personStart) {
      const brand = brands[index - brandOffset];
      columns.kind[index] = KIND.brand;
      columns.personId[index] = -1;
      const countryPosition = rng.chance(0.6) ? usCountry : rng.int(dictionaries.countries.length);
      const country = dictionaries.countries[countryPosition];
      columns.countryId[index] = country.id;
      columns.cityId[index] = country.cityIds[0];
      columns.language[index] = dictionaries.languagePosition(rng.chance(0.7) ? 'en' : country.language);
      columns.interests[index * interestSlots] = brand.interestId;
      columns.accountType[index] = ACCOUNT_TYPE_CODE.Business;
      columns.aiAccountType[index] = categoryOfType.get('brand') ?? 2;
      followers = Math.round(clamp(rng.logNormal(Math.log(150_000), 1.3), 5_000, 30e6));
      engagementRate = clamp(0.02 * Math.pow(followers / 1000, -0.2) * rng.logNormal(0, 0.3), 0.0005, 0.1);
      columns.following[index] = platform === 'youtube' ? 0 : Math.round(rng.logNormal(Math.log(300), 0.8));
      columns.flags[index] =
        flag.hasEmail | flag.hasYouTube | (rng.chance(verifiedChance(followers * 3)) ? flag.verified : 0);
      isBrandLike = true;
      input = {
        platform,
        followers,
        country: countryPosition,
        nameGroup: -1,
        language: columns.language[index],
        interests: [brand.interestId],
        gender: 0,
        ageGroup: -1,
      };
    } else {
      const personId = persons.personOf(platform, index);
      const person = persons.person(personId);
      columns.kind[index] = KIND.person;
      columns.personId[index] = personId;
      const country = dictionaries.countries[person.country];
      columns.countryId[index] = country.id;
      columns.cityId[index] = person.cityId;
      columns.language[index] = dictionaries.languagePosition(person.language);
      for (let k = 0; k < person.interests.length; k++)
        columns.interests[index * interestSlots + k] = person.interests[k];
      const individual = person.aiAccountType === 'individual_creator';
      columns.gender[index] = individual
        ? person.gender === 'MALE'
          ? GENDER_CODE.male
          : GENDER_CODE.female
        : 0;
      let ageSlot = individual ? CREATOR_AGE_GROUPS.indexOf(person.ageGroup) : -1;
      if (platform === 'tiktok' && ageSlot === 0) ageSlot = 1;
      columns.ageGroup[index] = ageSlot + 1;
      columns.aiAccountType[index] = categoryOfType.get(person.aiAccountType) ?? 0;

      followers = drawFollowers(rng, params);
      engagementRate = clamp(
        params.engagementBase * Math.pow(followers / 1000, -0.2) * rng.logNormal(0, 0.4),
        0.0005,
        0.35,
      );
      columns.following[index] =
        platform === 'youtube'
          ? 0
          : Math.round(clamp(rng.logNormal(Math.log(params.followingMedian), 1), 0, 7500));
      const youtubeIndex = platform === 'youtube' ? index : persons.indexOf('youtube', personId);
      let flags = 0;
      if (person.hasEmail) flags |= flag.hasEmail;
      if (youtubeIndex >= youtubePersonStart && youtubeIndex < youtubeSize) flags |= flag.hasYouTube;
      if (followers < 200_000 && rng.chance(params.privateShare)) flags |= flag.private;
      if (rng.chance(verifiedChance(followers))) flags |= flag.verified;
      columns.flags[index] = flags;
      const typeRoll = rng.next();
      const regularShare =
        person.aiAccountType === 'anonymous_content' ? 0.5 : followers < 50_000 ? 0.3 : 0.1;
      columns.accountType[index] =
        typeRoll < regularShare
          ? ACCOUNT_TYPE_CODE.Regular
          : typeRoll < regularShare + 0.25
            ? ACCOUNT_TYPE_CODE.Business
            : ACCOUNT_TYPE_CODE.Creator;
      input = {
        platform,
        followers,
        country: person.country,
        nameGroup: person.nameGroup,
        language: columns.language[index],
        interests: person.interests,
        gender: columns.gender[index],
        ageGroup: ageSlot,
      };
    }

    // Performance, shared by every kind of account (drawn from the core stream after identity).
    const likeShare = clamp(params.likeShare + 0.01 * rng.normal(), 0.9, 0.998);
    const engagements = Math.max(1, Math.round(followers * engagementRate));
    const avgLikes = Math.max(1, Math.round(engagements * likeShare));
    const avgComments = Math.max(0, engagements - avgLikes);
    const avgViews = Math.round(avgLikes * params.viewsPerLike * rng.logNormal(0, 0.45));
    columns.followers[index] = followers;
    columns.engagements[index] = avgLikes + avgComments;
    columns.avgLikes[index] = avgLikes;
    columns.avgComments[index] = avgComments;
    columns.avgViews[index] = avgViews;
    columns.avgReelsPlays[index] = avgViews;
    columns.avgShares[index] = Math.round(avgLikes * rng.logNormal(Math.log(0.02), 0.6));
    columns.avgSaves[index] = Math.round(avgLikes * rng.logNormal(Math.log(0.035), 0.6));

    let frequency: number;
    let postsCount: number;
    if (platform === 'instagram' && index === 0) {
      frequency = PLATFORM_ACCOUNT.postingFrequency;
      postsCount = PLATFORM_ACCOUNT.postsCount;
    } else {
      frequency = clamp(rng.logNormal(Math.log(params.frequencyMedian), 0.7), 0.3, 120);
      const ageDays = rng.range(params.minAgeDays, params.maxAgeDays);
      postsCount = Math.floor((ageDays * frequency) / 30);
    }
    frequency = roundTo(frequency, 2);
    // At least two pages of an Instagram feed (12 per page), as the raw feeds page through them.
    postsCount = Math.max(24, Math.min(MAX_POSTS_PER_CREATOR, postsCount));
    const gapDays = 30 / frequency;
    const dormant = !isBrandLike && rng.chance(0.15);
    const lastPostedDays = dormant ? rng.range(20, 400) : Math.min(30, rng.exponential(gapDays * 0.7));
    const lastPostedAt = Math.round(ctx.now - lastPostedDays * DAY_MS);
    columns.postingFrequency[index] = frequency;
    columns.postsCount[index] = postsCount;
    columns.lastPostedAt[index] = lastPostedAt;

    if (!isBrandLike && rng.chance(0.55)) {
      const sizeBoost = 1 + Math.max(0, Math.log10(followers / 10_000)) / 2;
      const share = clamp(rng.logNormal(Math.log(0.05 * sizeBoost), 0.6), 0.01, 0.35);
      columns.sponsoredShare[index] = roundTo(share, 4);
      columns.flags[index] |= flag.hasSponsoredPosts;
      const count = Math.min(brandSlots, 1 + Math.floor(rng.exponential(0.8 * sizeBoost)));
      const main = dictionaries.interestProfile(input.interests[0]);
      const chosen: number[] = [];
      for (let attempt = 0; chosen.length < count && attempt < 12; attempt++) {
        const id =
          main !== undefined && main.brandIds.length > 0 && rng.chance(0.7)
            ? rng.pick(main.brandIds)
            : brands[rng.int(brands.length)].id;
        if (!chosen.includes(id)) chosen.push(id);
      }
      chosen.forEach((id, k) => (columns.brands[index * brandSlots + k] = id));
    }

    // Growth: the same stream the stat history replays.
    const known = drawMonthlyGrowthInto(
      growthRng.reseed(streamKey(ctx.seedKey, platform, index, STREAM_GROWTH)),
      followers,
      multipliers,
      growthSlots,
    );
    const accountCreatedAt = lastPostedAt - postsCount * gapDays * DAY_MS;
    const months = monthsOfHistory(ctx.now, accountCreatedAt);
    let product = 1;
    for (let k = 0; k < growthSlots; k++) {
      product *= multipliers[k];
      columns.growth[index * growthSlots + k] =
        known && months >= k + 1 ? roundTo(product - 1, 4) : Number.NaN;
    }

    ctx.audienceModel.drawTop(rng, input, scratch);
    columns.audienceCredibility[index] = scratch.credibility;
    columns.audienceMale[index] = scratch.male;
    for (let k = 0; k < ageSlots; k++) columns.audienceAges[index * ageSlots + k] = scratch.ages[k];
    for (let k = 0; k < topCountries; k++) {
      columns.audienceCountries[index * topCountries + k] = countryIds[scratch.countries[k]];
      columns.audienceCountryWeights[index * topCountries + k] = scratch.countryUnits[k];
    }
    for (let k = 0; k < topLanguages; k++) {
      columns.audienceLanguages[index * topLanguages + k] = scratch.languages[k];
      columns.audienceLanguageWeights[index * topLanguages + k] = scratch.languageUnits[k];
    }
    for (let k = 0; k < topInterests; k++) {
      columns.audienceInterests[index * topInterests + k] = scratch.interests[k];
      columns.audienceInterestWeights[index * topInterests + k] = scratch.interestUnits[k];
    }
  }
  return columns;
}

/** Epoch ms when an account was created: before its oldest post. */
export function accountCreatedAt(columns: CreatorColumns, index: number): number {
  const gapDays = 30 / columns.postingFrequency[index];
  return columns.lastPostedAt[index] - columns.postsCount[index] * gapDays * DAY_MS;
}

function roundTo(value: number, decimals: 2 | 4): number {
  const factor = decimals === 2 ? 100 : 10_000;
  return Math.round(value * factor) / factor;
}
