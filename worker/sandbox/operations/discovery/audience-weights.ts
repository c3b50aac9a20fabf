import {
  AUDIENCE_AGE_SLOTS,
  AUDIENCE_TOP_COUNTRIES,
  AUDIENCE_TOP_INTERESTS,
  AUDIENCE_TOP_LANGUAGES,
  SHARE_UNITS,
  type PlatformCreators,
} from '../../data';
import type { UnitEntry } from '../../data/audience-model';
import { cityUnits, topEntries } from '../../data/audience';
import { audienceInput, streamKey } from '../../data/generate-core';
import { Rng, STREAM } from '../../data/random';

// Compiled to CommonJS, every read of an imported binding is a getter call: hot loops use these copies.
const UNITS = SHARE_UNITS;
const TOP_COUNTRIES = AUDIENCE_TOP_COUNTRIES;
const TOP_LANGUAGES = AUDIENCE_TOP_LANGUAGES;
const TOP_INTERESTS = AUDIENCE_TOP_INTERESTS;
const AGE_SLOTS = AUDIENCE_AGE_SLOTS;

/**
 * Exact audience shares for search filters and sorts, fast enough for a scan of every creator.
 *
 * The core keeps each creator's top countries, languages and interests; every other item weighs at
 * most the smallest top entry (and, for countries and languages, at most what the top leaves over),
 * so most "at least w" questions are settled from the core. The rest needs the creator's audience
 * tail. `PlatformCreators.audienceWeight` answers it by deriving the whole audience (notable users,
 * lookalikes...: about 0.4 ms); this draws the tail alone, exactly as the full audience draws it
 * first (about 0.04 ms), and keeps it, so a scan pays for each creator's tail at most once per
 * process. A test checks that both always agree.
 */

/**
 * One creator's tail, packed to stay small when a scan fills it for every creator: three runs of
 * `count, key, units, key, units...` for countries (location ids), languages (dictionary positions)
 * and interests (ids), in that order. Keys and units (out of SHARE_UNITS) fit 16 bits.
 */
type Tail = Uint16Array;
const COUNTRIES = 0;
const LANGUAGES = 1;
const INTERESTS = 2;

function tailUnits(tail: Tail, run: number, key: number): number {
  let at = 0;
  for (let skip = 0; skip < run; skip++) at += 1 + 2 * tail[at];
  const count = tail[at];
  for (let k = 0; k < count; k++) if (tail[at + 1 + 2 * k] === key) return tail[at + 2 + 2 * k];
  return 0;
}

function pack(runs: readonly (readonly UnitEntry[])[]): Tail {
  const tail = new Uint16Array(runs.reduce((size, run) => size + 1 + 2 * run.length, 0));
  let at = 0;
  for (const run of runs) {
    tail[at++] = run.length;
    for (const entry of run) {
      tail[at++] = entry.key;
      tail[at++] = entry.units;
    }
  }
  return tail;
}

export class AudienceWeights {
  private readonly tails: (Tail | undefined)[];
  private readonly cityPositions = new Map<number, { countryId: number; position: number }>();

  constructor(private readonly pc: PlatformCreators) {
    this.tails = new Array<Tail | undefined>(pc.size);
    for (const country of pc.dictionaries.countries) {
      country.cityIds.forEach((cityId, position) =>
        this.cityPositions.set(cityId, { countryId: country.id, position }),
      );
    }
  }

  /** Share of the audience (0..1) in a country or city location id; 0 for unknown ids. */
  location(index: number, locationId: number): number {
    return this.locationUnits(index, locationId, 0) / UNITS;
  }

  /** Whether at least `weight` of the audience lives in the location. */
  locationAtLeast(index: number, locationId: number, weight: number): boolean {
    const needed = unitsOf(weight);
    return this.locationUnits(index, locationId, needed) >= needed;
  }

  language(index: number, position: number): number {
    return this.languageUnits(index, position, 0) / UNITS;
  }

  languageAtLeast(index: number, position: number, weight: number): boolean {
    const needed = unitsOf(weight);
    return this.languageUnits(index, position, needed) >= needed;
  }

  interest(index: number, interestId: number): number {
    return this.interestUnits(index, interestId, 0) / UNITS;
  }

  interestAtLeast(index: number, interestId: number, weight: number): boolean {
    const needed = unitsOf(weight);
    return this.interestUnits(index, interestId, needed) >= needed;
  }

  /** Share of an age group (slot in AGE_GROUPS); always in the core. */
  age(index: number, slot: number): number {
    return this.pc.columns.audienceAges[index * AGE_SLOTS + slot] / UNITS;
  }

  male(index: number): number {
    return this.pc.columns.audienceMale[index] / UNITS;
  }

  /**
   * Units of a location; when the answer is certainly below `needed` it may return any smaller
   * number (0) without drawing the tail.
   */
  private locationUnits(index: number, locationId: number, needed: number): number {
    const city = this.cityPositions.get(locationId);
    const countryId = city?.countryId ?? locationId;
    const country = this.countryUnits(index, countryId, needed);
    if (city === undefined || country === 0) return country;
    // A city holds part of its country's share, so a country below the bar rules the city out.
    if (country < needed) return 0;
    return cityUnits(this.pc, index, country, locationId, city.position);
  }

  private countryUnits(index: number, countryId: number, needed: number): number {
    const c = this.pc.columns;
    const base = index * TOP_COUNTRIES;
    let smallest = UNITS;
    let sum = 0;
    for (let k = 0; k < TOP_COUNTRIES; k++) {
      const units = c.audienceCountryWeights[base + k];
      if (units === 0) continue;
      if (c.audienceCountries[base + k] === countryId) return units;
      if (units < smallest) smallest = units;
      sum += units;
    }
    if (Math.min(smallest, UNITS - sum) < needed) return 0;
    return tailUnits(this.tail(index), COUNTRIES, countryId);
  }

  private languageUnits(index: number, position: number, needed: number): number {
    const c = this.pc.columns;
    const base = index * TOP_LANGUAGES;
    let smallest = UNITS;
    let sum = 0;
    for (let k = 0; k < TOP_LANGUAGES; k++) {
      const units = c.audienceLanguageWeights[base + k];
      if (units === 0) continue;
      if (c.audienceLanguages[base + k] === position) return units;
      if (units < smallest) smallest = units;
      sum += units;
    }
    if (Math.min(smallest, UNITS - sum) < needed) return 0;
    return tailUnits(this.tail(index), LANGUAGES, position);
  }

  private interestUnits(index: number, interestId: number, needed: number): number {
    const c = this.pc.columns;
    const base = index * TOP_INTERESTS;
    let smallest = UNITS;
    for (let k = 0; k < TOP_INTERESTS; k++) {
      const units = c.audienceInterestWeights[base + k];
      if (units === 0) continue;
      if (c.audienceInterests[base + k] === interestId) return units;
      if (units < smallest) smallest = units;
    }
    // Interest shares overlap (they need not sum to 1): only the smallest top entry bounds the tail.
    if (smallest < needed) return 0;
    return tailUnits(this.tail(index), INTERESTS, interestId);
  }

  /** The creator's audience tail, drawn as `deriveAudience` draws it (same input, same stream). */
  private tail(index: number): Tail {
    const cached = this.tails[index];
    if (cached !== undefined) return cached;
    const pc = this.pc;
    const c = pc.columns;
    const top = {
      countries: topEntries(c.audienceCountries, c.audienceCountryWeights, index, TOP_COUNTRIES, (id) =>
        pc.dictionaries.countryPositionById(id),
      ),
      languages: topEntries(
        c.audienceLanguages,
        c.audienceLanguageWeights,
        index,
        TOP_LANGUAGES,
        (key) => key,
      ),
      interests: topEntries(
        c.audienceInterests,
        c.audienceInterestWeights,
        index,
        TOP_INTERESTS,
        (key) => key,
      ),
    };
    const rng = new Rng(streamKey(pc.context.seedKey, pc.platform, index, STREAM.audienceTail));
    const drawn = pc.context.audienceModel.drawTail(rng, audienceInput(pc.context, c, index), top);
    const tail = pack([
      drawn.countries.map((entry) => ({ key: pc.dictionaries.countries[entry.key].id, units: entry.units })),
      drawn.languages,
      drawn.interests,
    ]);
    this.tails[index] = tail;
    return tail;
  }
}

function unitsOf(weight: number): number {
  // Weights come in as fractions (0.2); shares are whole units, so 0.2 needs 2000 units.
  return Math.ceil(weight * UNITS - 1e-9);
}

const cache = new WeakMap<PlatformCreators, AudienceWeights>();

/** The (process-wide, lazily filled) audience weights of one platform's creators. */
export function audienceWeightsOf(pc: PlatformCreators): AudienceWeights {
  let weights = cache.get(pc);
  if (weights === undefined) {
    weights = new AudienceWeights(pc);
    cache.set(pc, weights);
  }
  return weights;
}
