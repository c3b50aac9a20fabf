/**
 * The compact core of every creator of one platform, stored column by column in typed arrays:
 * about 150 bytes per creator, so 300,000 creators fit in ~45 MB and a search can scan a column
 * without touching objects. Read them in hot loops; use `PlatformCreators.creator(i)` for a typed
 * object. Shares are stored in units of 1/10,000 (`SHARE_UNITS`), exactly as published.
 */

/** Shares are stored as integers out of this many units (4 decimals). */
export const SHARE_UNITS = 10_000;
export const INTERESTS_PER_CREATOR = 3;
export const BRANDS_PER_CREATOR = 4;
export const GROWTH_SLOTS = 6;
export const AUDIENCE_AGE_SLOTS = 6;
export const AUDIENCE_TOP_COUNTRIES = 3;
export const AUDIENCE_TOP_LANGUAGES = 2;
export const AUDIENCE_TOP_INTERESTS = 3;

/** Bits of `flags`. */
export const FLAG = {
  private: 1,
  verified: 2,
  hasEmail: 4,
  hasSponsoredPosts: 8,
  hasYouTube: 16,
} as const;

/** Values of `kind`. */
export const KIND = { person: 0, brand: 1, platform: 2 } as const;
/** Values of `gender` (0 = none reported). */
export const GENDER_CODE = { none: 0, male: 1, female: 2 } as const;
/** Values of `accountType` (the service's Instagram account type numbers). */
export const ACCOUNT_TYPE_CODE = { Regular: 1, Business: 2, Creator: 3 } as const;

export interface CreatorColumns {
  readonly size: number;
  /** KIND value. */
  readonly kind: Uint8Array;
  /** Person id behind the account (persons.ts), or -1 for brands and the platform account. */
  readonly personId: Int32Array;
  readonly followers: Uint32Array;
  readonly following: Uint32Array;
  /** Typical likes + comments per post; engagement rate = engagements / followers. */
  readonly engagements: Uint32Array;
  readonly avgLikes: Uint32Array;
  readonly avgComments: Uint32Array;
  readonly avgViews: Uint32Array;
  readonly avgReelsPlays: Uint32Array;
  readonly avgShares: Uint32Array;
  readonly avgSaves: Uint32Array;
  readonly postsCount: Uint16Array;
  /** Posts per 30 days, two decimals. */
  readonly postingFrequency: Float64Array;
  /** Epoch ms of the newest post. */
  readonly lastPostedAt: Float64Array;
  /** FLAG bits. */
  readonly flags: Uint8Array;
  /** GENDER_CODE value. */
  readonly gender: Uint8Array;
  /** 1 + position in AGE_GROUPS, or 0 when not reported. */
  readonly ageGroup: Uint8Array;
  /** Location id of the country. */
  readonly countryId: Uint16Array;
  /** Location id of the city, or 0. */
  readonly cityId: Uint32Array;
  /** Position of the creator's language in `Dictionaries.languages`. */
  readonly language: Uint8Array;
  /** INTERESTS_PER_CREATOR interest ids per creator (0 = none), main first. */
  readonly interests: Uint8Array;
  /** BRANDS_PER_CREATOR brand ids per creator (0 = none). */
  readonly brands: Uint16Array;
  /** ACCOUNT_TYPE_CODE value. */
  readonly accountType: Uint8Array;
  /** Position in AI_ACCOUNT_TYPES. */
  readonly aiAccountType: Uint8Array;
  /** GROWTH_SLOTS growth fractions per creator (i1month..i6months), four decimals; NaN when missing. */
  readonly growth: Float64Array;
  /** Share of posts that are sponsored, four decimals. */
  readonly sponsoredShare: Float64Array;
  /** Audience credibility in SHARE_UNITS. */
  readonly audienceCredibility: Uint16Array;
  /** Share of men in the audience, SHARE_UNITS. */
  readonly audienceMale: Uint16Array;
  /** AUDIENCE_AGE_SLOTS shares per creator, in AGE_GROUPS order, SHARE_UNITS (13-17 is 0 on TikTok). */
  readonly audienceAges: Uint16Array;
  /** AUDIENCE_TOP_COUNTRIES country location ids and their shares per creator, largest first. */
  readonly audienceCountries: Uint16Array;
  readonly audienceCountryWeights: Uint16Array;
  /** AUDIENCE_TOP_LANGUAGES language positions (in `Dictionaries.languages`) and shares per creator. */
  readonly audienceLanguages: Uint8Array;
  readonly audienceLanguageWeights: Uint16Array;
  /** AUDIENCE_TOP_INTERESTS interest ids and shares per creator. */
  readonly audienceInterests: Uint8Array;
  readonly audienceInterestWeights: Uint16Array;
}

export function allocateColumns(size: number): CreatorColumns {
  return {
    size,
    kind: new Uint8Array(size),
    personId: new Int32Array(size),
    followers: new Uint32Array(size),
    following: new Uint32Array(size),
    engagements: new Uint32Array(size),
    avgLikes: new Uint32Array(size),
    avgComments: new Uint32Array(size),
    avgViews: new Uint32Array(size),
    avgReelsPlays: new Uint32Array(size),
    avgShares: new Uint32Array(size),
    avgSaves: new Uint32Array(size),
    postsCount: new Uint16Array(size),
    postingFrequency: new Float64Array(size),
    lastPostedAt: new Float64Array(size),
    flags: new Uint8Array(size),
    gender: new Uint8Array(size),
    ageGroup: new Uint8Array(size),
    countryId: new Uint16Array(size),
    cityId: new Uint32Array(size),
    language: new Uint8Array(size),
    interests: new Uint8Array(size * INTERESTS_PER_CREATOR),
    brands: new Uint16Array(size * BRANDS_PER_CREATOR),
    accountType: new Uint8Array(size),
    aiAccountType: new Uint8Array(size),
    growth: new Float64Array(size * GROWTH_SLOTS),
    sponsoredShare: new Float64Array(size),
    audienceCredibility: new Uint16Array(size),
    audienceMale: new Uint16Array(size),
    audienceAges: new Uint16Array(size * AUDIENCE_AGE_SLOTS),
    audienceCountries: new Uint16Array(size * AUDIENCE_TOP_COUNTRIES),
    audienceCountryWeights: new Uint16Array(size * AUDIENCE_TOP_COUNTRIES),
    audienceLanguages: new Uint8Array(size * AUDIENCE_TOP_LANGUAGES),
    audienceLanguageWeights: new Uint16Array(size * AUDIENCE_TOP_LANGUAGES),
    audienceInterests: new Uint8Array(size * AUDIENCE_TOP_INTERESTS),
    audienceInterestWeights: new Uint16Array(size * AUDIENCE_TOP_INTERESTS),
  };
}
