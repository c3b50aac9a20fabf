import { PLATFORMS, type Platform } from '../../../shared/platforms';
import { COUNTRY_SEEDS, type CountrySeed } from './word-lists/countries';
import { INTEREST_SEEDS, type InterestSeed } from './word-lists/interests';
import { LANGUAGE_SEEDS } from './word-lists/languages';
import { BRAND_PREFIXES } from './word-lists/phrases';

/**
 * The dictionaries of the world, built from the committed word lists. They do not depend on the
 * seed: ids stay stable across seeds, so a cached dictionary never goes stale.
 */

interface Interest {
  readonly id: number;
  readonly name: string;
}

interface Language {
  readonly code: string;
  readonly name: string;
}

interface Location {
  readonly id: number;
  /** "Paris" or "France". */
  readonly name: string;
  /** Full title: "Paris, Île-de-France, France" or "France". */
  readonly title: string;
  readonly kind: 'country' | 'city';
  /** ISO 3166 alpha-2 code of the country (the location itself for a country). */
  readonly countryCode: string;
  /** Location id of the country (the location itself for a country). */
  readonly countryId: number;
  /** Region of a city ("Île-de-France"); null for a country. */
  readonly region: string | null;
}

export interface Brand {
  readonly id: number;
  readonly name: string;
  /** The brand's handle on every platform (its account exists on each). */
  readonly username: string;
  readonly domain: string;
  readonly logoUrl: string;
  /** The interest the brand belongs to. */
  readonly interestId: number;
  /** The interest's name, used as the brand category in collaboration payloads. */
  readonly category: string;
}

/** Interest seeds with their generated extras, for the generator (not part of the API answers). */
interface InterestProfile extends InterestSeed {
  readonly brandIds: readonly number[];
}

interface CountryProfile extends CountrySeed {
  readonly id: number;
  readonly cityIds: readonly number[];
}

export const CDN_HOST = 'https://cdn.sandbox.invalid';

const PLATFORM_HASHTAGS: Record<Platform, readonly string[]> = {
  instagram: ['instagood', 'photooftheday', 'reels', 'explore', 'love', 'instadaily'],
  tiktok: ['fyp', 'foryou', 'foryoupage', 'viral', 'trending', 'tiktok'],
  youtube: ['shorts', 'youtube', 'subscribe', 'vlog', 'youtuber'],
};

/** Location id of a city: derived from its country's numeric code and position, never reused. */
function cityId(country: CountrySeed, position: number): number {
  return 100_000 + country.numeric * 100 + position + 1;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function buildBrands(): Brand[] {
  const brands: Brand[] = [];
  const names = new Set<string>();
  let counter = 0;
  for (const interest of INTEREST_SEEDS) {
    for (const noun of interest.brandNouns) {
      for (let copy = 0; copy < 2; copy++) {
        let name = '';
        // Walk the prefixes with a stride coprime to their count until an unused name appears.
        do {
          name = `${BRAND_PREFIXES[(counter * 37 + 11) % BRAND_PREFIXES.length]} ${noun}`;
          counter++;
        } while (names.has(name));
        names.add(name);
        const handle = slug(name);
        brands.push({
          id: brands.length + 1,
          name,
          username: handle,
          domain: `${handle}.example`,
          logoUrl: `${CDN_HOST}/brands/${handle}.png`,
          interestId: interest.id,
          category: interest.name,
        });
      }
    }
  }
  return brands;
}

export class Dictionaries {
  readonly interests: readonly Interest[];
  readonly languages: readonly Language[];
  /** Countries first (in word-list order), then every city. */
  readonly locations: readonly Location[];
  readonly brands: readonly Brand[];
  /** Names for the AI search `brands` filter (`GET /ai/brands`). */
  readonly aiBrands: readonly string[];
  readonly interestProfiles: readonly InterestProfile[];
  readonly countries: readonly CountryProfile[];

  private readonly interestIndex = new Map<number, number>();
  private readonly locationIndex = new Map<number, Location>();
  private readonly languageIndex = new Map<string, Language>();
  private readonly languagePositions = new Map<string, number>();
  private readonly brandIndex = new Map<number, Brand>();
  private readonly brandByKey = new Map<string, Brand>();
  private readonly countryIndex = new Map<string, number>();
  private readonly countryIdIndex = new Map<number, number>();
  private readonly topicLists: Record<Platform, readonly string[]>;
  private readonly hashtagLists: Record<Platform, readonly string[]>;
  private readonly hashtagPositions: Record<Platform, Map<string, number>>;
  private readonly hashtagInterestIds = new Map<string, number[]>();
  private readonly termInterestIds = new Map<string, number[]>();

  constructor() {
    this.interests = INTEREST_SEEDS.map(({ id, name }) => ({ id, name }));
    INTEREST_SEEDS.forEach((interest, position) => this.interestIndex.set(interest.id, position));
    this.languages = LANGUAGE_SEEDS.map(({ code, name }) => ({ code, name }));
    this.languages.forEach((language, position) => {
      this.languageIndex.set(language.code, language);
      this.languagePositions.set(language.code, position);
    });

    const countryLocations: Location[] = [];
    const cityLocations: Location[] = [];
    this.countries = COUNTRY_SEEDS.map((country, position) => {
      this.countryIndex.set(country.code, position);
      this.countryIdIndex.set(country.numeric, position);
      countryLocations.push({
        id: country.numeric,
        name: country.name,
        title: country.name,
        kind: 'country',
        countryCode: country.code,
        countryId: country.numeric,
        region: null,
      });
      const cityIds = country.cities.map((city, cityPosition) => {
        const id = cityId(country, cityPosition);
        const sameAsRegion = city.region === city.name;
        cityLocations.push({
          id,
          name: city.name,
          title: sameAsRegion
            ? `${city.name}, ${country.name}`
            : `${city.name}, ${city.region}, ${country.name}`,
          kind: 'city',
          countryCode: country.code,
          countryId: country.numeric,
          region: city.region,
        });
        return id;
      });
      return { ...country, id: country.numeric, cityIds };
    });
    this.locations = [...countryLocations, ...cityLocations];
    for (const location of this.locations) this.locationIndex.set(location.id, location);

    this.brands = buildBrands();
    for (const brand of this.brands) {
      this.brandIndex.set(brand.id, brand);
      this.brandByKey.set(brand.name.toLowerCase(), brand);
      this.brandByKey.set(brand.username, brand);
      this.brandByKey.set(brand.domain, brand);
    }
    this.aiBrands = this.brands.map((brand) => brand.name);
    this.interestProfiles = INTEREST_SEEDS.map((interest) => ({
      ...interest,
      brandIds: this.brands.filter((brand) => brand.interestId === interest.id).map((brand) => brand.id),
    }));

    for (const interest of INTEREST_SEEDS) {
      for (const tag of interest.hashtags) addTo(this.hashtagInterestIds, tag, interest.id);
      for (const word of interest.vocabulary) addTo(this.termInterestIds, word, interest.id);
    }

    const topics = unique([
      ...INTEREST_SEEDS.map((interest) => interest.name.toLowerCase()),
      ...INTEREST_SEEDS.flatMap((interest) => interest.vocabulary),
    ]);
    const sharedHashtags = unique(INTEREST_SEEDS.flatMap((interest) => interest.hashtags));
    const topicLists = {} as Record<Platform, readonly string[]>;
    const hashtagLists = {} as Record<Platform, readonly string[]>;
    const hashtagPositions = {} as Record<Platform, Map<string, number>>;
    for (const platform of PLATFORMS) {
      topicLists[platform] = topics;
      const tags = unique([...sharedHashtags, ...PLATFORM_HASHTAGS[platform]]);
      hashtagLists[platform] = tags;
      hashtagPositions[platform] = new Map(tags.map((tag, position) => [tag, position]));
    }
    this.topicLists = topicLists;
    this.hashtagLists = hashtagLists;
    this.hashtagPositions = hashtagPositions;
  }

  /** Topic strings for `/{platform}/topics` (interest names and their vocabulary). */
  topics(platform: Platform): readonly string[] {
    return this.topicLists[platform];
  }

  /** Hashtags (without #) for `/{platform}/hashtags` and TikTok challenges, in a stable order. */
  hashtags(platform: Platform): readonly string[] {
    return this.hashtagLists[platform];
  }

  /** Position of a hashtag in `hashtags(platform)` (the TikTok challenge number), or -1. */
  hashtagPosition(platform: Platform, tag: string): number {
    return this.hashtagPositions[platform].get(tag.replace(/^#/, '').toLowerCase()) ?? -1;
  }

  /** Platform-wide hashtags (#fyp, #reels...) that any post may carry. */
  platformHashtags(platform: Platform): readonly string[] {
    return PLATFORM_HASHTAGS[platform];
  }

  /** Interests whose posts use this hashtag. */
  interestsOfHashtag(tag: string): readonly number[] {
    return this.hashtagInterestIds.get(tag.replace(/^#/, '').toLowerCase()) ?? [];
  }

  /** Interests whose caption vocabulary holds this word (lower case). */
  interestsOfTerm(term: string): readonly number[] {
    return this.termInterestIds.get(term) ?? [];
  }

  interest(id: number): Interest | undefined {
    const position = this.interestIndex.get(id);
    return position === undefined ? undefined : this.interests[position];
  }

  interestProfile(id: number): InterestProfile | undefined {
    const position = this.interestIndex.get(id);
    return position === undefined ? undefined : this.interestProfiles[position];
  }

  location(id: number): Location | undefined {
    return this.locationIndex.get(id);
  }

  language(code: string): Language | undefined {
    return this.languageIndex.get(code);
  }

  /** Position of a language code in `languages`, or -1. */
  languagePosition(code: string): number {
    return this.languagePositions.get(code) ?? -1;
  }

  brand(id: number): Brand | undefined {
    return this.brandIndex.get(id);
  }

  /** A brand by name (case-insensitive), handle or domain. */
  findBrand(nameHandleOrDomain: string): Brand | undefined {
    const key = nameHandleOrDomain.trim().replace(/^@/, '').toLowerCase();
    return (
      this.brandByKey.get(key) ??
      this.brandByKey.get(key.replace(/^https?:\/\/(www\.)?/, '').replace(/\/.*$/, ''))
    );
  }

  /** Position of a country in `countries` by location id, or -1. */
  countryPositionById(id: number): number {
    return this.countryIdIndex.get(id) ?? -1;
  }

  /** Position of a country in `countries` by ISO code, or -1. */
  countryPosition(code: string): number {
    return this.countryIndex.get(code) ?? -1;
  }
}

function addTo(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

/** ASCII slug of a name: lower case letters and digits only. */
