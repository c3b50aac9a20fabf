import {
  AUDIENCE_AGE_SLOTS,
  AUDIENCE_TOP_COUNTRIES,
  AUDIENCE_TOP_INTERESTS,
  AUDIENCE_TOP_LANGUAGES,
  BRANDS_PER_CREATOR,
  SHARE_UNITS,
} from './columns';
import type { UnitEntry } from './audience-model';
import { audienceInput, streamKey } from './generate-core';
import type { PlatformCreators } from './platform-creators';
import { apportion, clamp, hashInts, Rng, STREAM } from './random';
import { notableFollowers } from './relations';
import { AGE_GROUPS, type AgeGroup, type Audience, REACHABILITY_CODES } from './types';

/**
 * The full audience of a creator, derived on demand. Its distributions are drawn again from the
 * creator's audience stream (audience-model.ts), so their top entries equal the compact core's;
 * the rest (cities, regions, brands, notable users, types, reachability, ethnicities) comes from
 * the core and a second stream.
 */

/** Dimensions `audienceWeight` answers. `location` takes a country or a city id. */
export type AudienceDimension = 'location' | 'language' | 'interest' | 'age' | 'gender';

const ETHNICITY_CODES = ['White / Caucasian', 'Hispanic', 'African American', 'Asian'];
const ETHNICITY_MIX: Record<string, readonly number[]> = {
  us: [0.58, 0.19, 0.13, 0.1],
  anglo: [0.8, 0.05, 0.05, 0.1],
  europe: [0.88, 0.04, 0.04, 0.04],
  latin: [0.22, 0.7, 0.06, 0.02],
  africa: [0.08, 0.03, 0.85, 0.04],
  asia: [0.05, 0.01, 0.02, 0.92],
  mena: [0.7, 0.03, 0.07, 0.2],
};
const REGION_OF: Record<string, string> = {
  US: 'us',
  GB: 'anglo',
  CA: 'anglo',
  AU: 'anglo',
  IE: 'anglo',
  NZ: 'anglo',
  MX: 'latin',
  AR: 'latin',
  CO: 'latin',
  CL: 'latin',
  PE: 'latin',
  VE: 'latin',
  BR: 'latin',
  NG: 'africa',
  KE: 'africa',
  GH: 'africa',
  ZA: 'africa',
  TR: 'mena',
  IL: 'mena',
  SA: 'mena',
  AE: 'mena',
  EG: 'mena',
  MA: 'mena',
  KZ: 'mena',
  JP: 'asia',
  KR: 'asia',
  CN: 'asia',
  TW: 'asia',
  HK: 'asia',
  SG: 'asia',
  IN: 'asia',
  PK: 'asia',
  BD: 'asia',
  ID: 'asia',
  MY: 'asia',
  PH: 'asia',
  TH: 'asia',
  VN: 'asia',
};

/** Units of the whole audience living in a city, given its country's units. */
export function cityUnits(
  pc: PlatformCreators,
  index: number,
  countryUnits: number,
  cityId: number,
  position: number,
): number {
  const jitter = 0.7 + 0.6 * (hashInts(pc.context.seedKey, index, cityId, 0xc17) / 4294967296);
  return Math.round(countryUnits * (0.3 / (position + 1)) * jitter);
}

const toWeight = (units: number) => units / SHARE_UNITS;

/** The top entries of one dimension as stored in the core (keys mapped by `key`). */
export function topEntries(
  keys: ArrayLike<number>,
  weights: ArrayLike<number>,
  index: number,
  count: number,
  key: (raw: number) => number,
): UnitEntry[] {
  const entries: UnitEntry[] = [];
  for (let k = 0; k < count; k++) {
    const units = weights[index * count + k];
    if (units > 0) entries.push({ key: key(keys[index * count + k]), units });
  }
  return entries;
}
const round4 = (value: number) => Math.round(value * SHARE_UNITS) / SHARE_UNITS;

export function deriveAudience(pc: PlatformCreators, index: number): Audience {
  const { dictionaries, columns } = pc;
  const seedKey = pc.context.seedKey;
  const input = audienceInput(pc.context, columns, index);
  const top = {
    countries: topEntries(
      columns.audienceCountries,
      columns.audienceCountryWeights,
      index,
      AUDIENCE_TOP_COUNTRIES,
      (id) => dictionaries.countryPositionById(id),
    ),
    languages: topEntries(
      columns.audienceLanguages,
      columns.audienceLanguageWeights,
      index,
      AUDIENCE_TOP_LANGUAGES,
      (key) => key,
    ),
    interests: topEntries(
      columns.audienceInterests,
      columns.audienceInterestWeights,
      index,
      AUDIENCE_TOP_INTERESTS,
      (key) => key,
    ),
  };
  const rng = new Rng(streamKey(seedKey, pc.platform, index, STREAM.audienceTail));
  const tail = pc.context.audienceModel.drawTail(rng, input, top);
  // Tail entries never outweigh the top ones, so top then tail is already largest first (and the
  // top keeps its place on ties).
  const distributions = {
    credibility: columns.audienceCredibility[index],
    male: columns.audienceMale[index],
    ages: Array.from(
      columns.audienceAges.subarray(index * AUDIENCE_AGE_SLOTS, (index + 1) * AUDIENCE_AGE_SLOTS),
    ),
    countries: [...top.countries, ...tail.countries],
    languages: [...top.languages, ...tail.languages],
    interests: [...top.interests, ...tail.interests],
  };

  const platformAges = AGE_GROUPS.map((code, slot) => ({ code, units: distributions.ages[slot] })).filter(
    (entry) => !(pc.platform === 'tiktok' && entry.code === '13-17'),
  );
  const maleUnits = distributions.male;
  const malePerAge = apportion(
    platformAges.map(
      (entry) => entry.units * (maleUnits / SHARE_UNITS) * clamp(1 + 0.1 * rng.normal(), 0.8, 1.2),
    ),
    maleUnits,
  );
  // Keep male <= age total per group, moving any excess to groups with room.
  let excess = 0;
  malePerAge.forEach((units, k) => {
    if (units > platformAges[k].units) {
      excess += units - platformAges[k].units;
      malePerAge[k] = platformAges[k].units;
    }
  });
  for (let k = 0; excess > 0 && k < malePerAge.length; k++) {
    const room = platformAges[k].units - malePerAge[k];
    const moved = Math.min(room, excess);
    malePerAge[k] += moved;
    excess -= moved;
  }

  const geoCountries = distributions.countries.map(({ key, units }) => {
    const profile = dictionaries.countries[key];
    return { id: profile.id, name: profile.name, code: profile.code, weight: toWeight(units) };
  });
  const cities: { id: number; name: string; region: string; country: string; units: number }[] = [];
  for (const { key, units } of distributions.countries) {
    const profile = dictionaries.countries[key];
    profile.cityIds.forEach((cityId, position) => {
      const share = cityUnits(pc, index, units, cityId, position);
      if (share > 0) {
        cities.push({
          id: cityId,
          name: profile.cities[position].name,
          region: profile.cities[position].region,
          country: profile.code,
          units: share,
        });
      }
    });
  }
  cities.sort((a, b) => b.units - a.units || a.id - b.id);
  const states = new Map<string, number>();
  for (const city of cities)
    states.set(
      `${city.country}:${city.region}`,
      (states.get(`${city.country}:${city.region}`) ?? 0) + city.units,
    );

  const interests = distributions.interests.map(({ key, units }) => ({
    id: key,
    name: dictionaries.interest(key)?.name ?? '',
    weight: toWeight(units),
  }));
  const brandWeights = new Map<number, number>();
  for (const interest of interests.slice(0, 5)) {
    for (const brandId of dictionaries.interestProfile(interest.id)?.brandIds ?? []) {
      brandWeights.set(brandId, (brandWeights.get(brandId) ?? 0) + interest.weight * rng.range(0.1, 0.5));
    }
  }
  for (let k = 0; k < BRANDS_PER_CREATOR; k++) {
    const brandId = columns.brands[index * BRANDS_PER_CREATOR + k];
    if (brandId !== 0) brandWeights.set(brandId, (brandWeights.get(brandId) ?? 0) + 0.05);
  }
  const brandAffinity = [...brandWeights]
    .map(([id, weight]) => ({
      id,
      name: dictionaries.brand(id)?.name ?? '',
      weight: round4(Math.min(weight, 0.9)),
    }))
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.id - b.id)
    .slice(0, 10);

  const followers = columns.followers[index];
  const notable = round4(
    clamp(0.01 + 0.02 * Math.log10(Math.max(1000, followers) / 10_000) + 0.01 * rng.normal(), 0.002, 0.3),
  );
  const credibility = distributions.credibility;
  const influencers = Math.round(credibility * clamp(notable * 0.8, 0.001, 0.1));
  const mass = Math.round(credibility * rng.range(0.05, 0.15));
  const audienceTypes = [
    { code: 'real', weight: toWeight(credibility - influencers - mass) },
    { code: 'suspicious', weight: toWeight(SHARE_UNITS - credibility) },
    { code: 'mass_followers', weight: toWeight(mass) },
    { code: 'influencers', weight: toWeight(influencers) },
  ];
  const reachabilityUnits = apportion(
    [rng.range(0.3, 0.6), rng.range(0.2, 0.35), rng.range(0.05, 0.15), rng.range(0.05, 0.2)],
    SHARE_UNITS,
  );
  const ethnicityShares = [0, 0, 0, 0];
  for (const country of geoCountries) {
    const mix = ETHNICITY_MIX[REGION_OF[country.code] ?? 'europe'];
    mix.forEach((share, k) => (ethnicityShares[k] += share * country.weight));
  }
  const ethnicityUnits = apportion(ethnicityShares, SHARE_UNITS);

  const creator = pc.creator(index);
  return {
    credibility: toWeight(credibility),
    notable,
    genders: [
      { code: 'MALE', weight: toWeight(maleUnits) },
      { code: 'FEMALE', weight: toWeight(SHARE_UNITS - maleUnits) },
    ],
    ages: platformAges.map((entry) => ({ code: entry.code, weight: toWeight(entry.units) })),
    gendersPerAge: platformAges.map((entry, k) => ({
      code: entry.code,
      male: toWeight(malePerAge[k]),
      female: toWeight(entry.units - malePerAge[k]),
    })),
    geoCountries,
    geoCities: cities
      .slice(0, 15)
      .map((city) => ({ id: city.id, name: city.name, weight: toWeight(city.units) })),
    geoStates: [...states]
      .map(([key, units]) => ({ name: key.slice(key.indexOf(':') + 1), weight: toWeight(units) }))
      .sort((a, b) => b.weight - a.weight || (a.name < b.name ? -1 : 1))
      .slice(0, 15),
    languages: distributions.languages.map(({ key, units }) => ({
      code: dictionaries.languages[key].code,
      name: dictionaries.languages[key].name,
      weight: toWeight(units),
    })),
    interests,
    brandAffinity,
    notableUsers: notableFollowers(pc, index, 5 + (hashInts(index, 0x0b) % 6)).map((other) =>
      pc.summary(other),
    ),
    audienceLookalikes: pc.similarTo(creator, 10, 1),
    audienceTypes,
    audienceReachability: REACHABILITY_CODES.map((code, k) => ({
      code,
      weight: toWeight(reachabilityUnits[k]),
    })),
    ethnicities: ETHNICITY_CODES.map((code, k) => ({ code, weight: toWeight(ethnicityUnits[k]) })).filter(
      (entry) => entry.weight > 0,
    ),
  };
}

export function audienceWeight(
  pc: PlatformCreators,
  index: number,
  dimension: AudienceDimension,
  key: string | number,
): number {
  const c = pc.columns;
  switch (dimension) {
    case 'gender': {
      const male = c.audienceMale[index];
      return key === 'MALE' ? toWeight(male) : key === 'FEMALE' ? toWeight(SHARE_UNITS - male) : 0;
    }
    case 'age': {
      const slot = AGE_GROUPS.indexOf(String(key) as AgeGroup);
      return slot < 0 ? 0 : toWeight(c.audienceAges[index * AUDIENCE_AGE_SLOTS + slot]);
    }
    case 'language': {
      const position = pc.dictionaries.languagePosition(String(key));
      for (let k = 0; k < AUDIENCE_TOP_LANGUAGES; k++) {
        const units = c.audienceLanguageWeights[index * AUDIENCE_TOP_LANGUAGES + k];
        if (units > 0 && c.audienceLanguages[index * AUDIENCE_TOP_LANGUAGES + k] === position)
          return toWeight(units);
      }
      return pc.audience(index).languages.find((entry) => entry.code === key)?.weight ?? 0;
    }
    case 'interest': {
      const id = Number(key);
      for (let k = 0; k < AUDIENCE_TOP_INTERESTS; k++) {
        const units = c.audienceInterestWeights[index * AUDIENCE_TOP_INTERESTS + k];
        if (units > 0 && c.audienceInterests[index * AUDIENCE_TOP_INTERESTS + k] === id)
          return toWeight(units);
      }
      return pc.audience(index).interests.find((entry) => entry.id === id)?.weight ?? 0;
    }
    case 'location': {
      const location = pc.dictionaries.location(Number(key));
      if (location === undefined) return 0;
      const countryUnits = countryUnitsOf(pc, index, location.countryId);
      if (location.kind === 'country' || countryUnits === 0) return toWeight(countryUnits);
      const country = pc.dictionaries.countries.find((entry) => entry.id === location.countryId);
      const position = country?.cityIds.indexOf(location.id) ?? -1;
      return position < 0 ? 0 : toWeight(cityUnits(pc, index, countryUnits, location.id, position));
    }
  }
}

function countryUnitsOf(pc: PlatformCreators, index: number, countryId: number): number {
  const c = pc.columns;
  for (let k = 0; k < AUDIENCE_TOP_COUNTRIES; k++) {
    const units = c.audienceCountryWeights[index * AUDIENCE_TOP_COUNTRIES + k];
    if (units > 0 && c.audienceCountries[index * AUDIENCE_TOP_COUNTRIES + k] === countryId) return units;
  }
  const entry = pc.audience(index).geoCountries.find((country) => country.id === countryId);
  return entry === undefined ? 0 : Math.round(entry.weight * SHARE_UNITS);
}
