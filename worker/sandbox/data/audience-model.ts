import type { Platform } from '../../../shared/platforms';
import { SHARE_UNITS } from './columns';
import type { Dictionaries } from './dictionaries';
import { cumulative, Rng } from './random';
import { NAME_GROUP_SEEDS } from './word-lists/names';

/**
 * The audience distributions of a creator, in two parts:
 * - the top (credibility, gender split, ages, top 3 countries, top 2 languages, top 3 interests),
 *   drawn for every creator at start-up and kept in the core;
 * - the tail (the other countries, languages and interests), drawn on demand from another stream,
 *   with every tail weight at most the smallest top weight of its dimension. So a search filter
 *   asking for more than that weight is answered from the core alone, and the full audience always
 *   agrees with the core.
 *
 * The top is drawn for 300,000 creators at start-up: it writes into a reusable scratch object and
 * avoids allocation.
 */

export interface AudienceInput {
  readonly platform: Platform;
  readonly followers: number;
  /** Position of the creator's country in `Dictionaries.countries`. */
  readonly country: number;
  /** Name group of the person (names.ts), or -1 for brands and the platform account. */
  readonly nameGroup: number;
  /** Position of the creator's language in `Dictionaries.languages`. */
  readonly language: number;
  readonly interests: readonly number[];
  /** 0 none, 1 male, 2 female. */
  readonly gender: number;
  /** Position in AGE_GROUPS, or -1. */
  readonly ageGroup: number;
}

/** Entries of one dimension: keys (country positions, language positions, interest ids) and units. */
export interface UnitEntry {
  readonly key: number;
  readonly units: number;
}

interface AudienceTail {
  /** Country positions; with the top, they sum to SHARE_UNITS. */
  readonly countries: readonly UnitEntry[];
  /** Language positions; with the top, they sum to SHARE_UNITS. */
  readonly languages: readonly UnitEntry[];
  /** Interest ids (shares of the audience, not exclusive). */
  readonly interests: readonly UnitEntry[];
}

const TOP_COUNTRIES = 3;
const TOP_LANGUAGES = 2;
const TOP_INTERESTS = 3;

// Compiled to CommonJS, every use of an import goes through a getter; this module runs for every
// creator at start-up, so it keeps local copies.
const UNITS = SHARE_UNITS;
function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** Reusable output of `drawTop`: entries sorted largest first. */
class AudienceScratch {
  credibility = 0;
  male = 0;
  readonly ages = new Int32Array(6);
  readonly countries = new Int32Array(TOP_COUNTRIES);
  readonly countryUnits = new Int32Array(TOP_COUNTRIES);
  readonly languages = new Int32Array(TOP_LANGUAGES);
  readonly languageUnits = new Int32Array(TOP_LANGUAGES);
  readonly interests = new Int32Array(TOP_INTERESTS);
  readonly interestUnits = new Int32Array(TOP_INTERESTS);
  readonly shares = new Float64Array(8);
}

const AGE_BASE: Record<Platform, readonly number[]> = {
  instagram: [0.06, 0.33, 0.34, 0.15, 0.1, 0.02],
  tiktok: [0, 0.45, 0.32, 0.13, 0.08, 0.02],
  youtube: [0.08, 0.28, 0.32, 0.17, 0.12, 0.03],
};

/**
 * How likely a country's users are to appear in a foreign creator's audience: population damped,
 * boosted where these platforms are big, nearly nil where they are blocked.
 */
const REACH_FACTOR: Record<string, number> = { US: 3, GB: 2, BR: 1.5, IN: 0.8, CN: 0.03, ID: 1.2, MX: 1.3 };
/** Languages that fill a language tail when the audience's countries do not provide enough. */
const FILLER_LANGUAGES = ['es', 'pt', 'fr', 'de', 'hi', 'ar', 'id', 'ru', 'it', 'tr', 'ja', 'ko'];

/** Sort entries by units descending, then key ascending (insertion sort: n is tiny). */
function sortTop(keys: Int32Array, units: Int32Array, count: number): void {
  for (let i = 1; i < count; i++) {
    const key = keys[i];
    const value = units[i];
    let j = i - 1;
    while (j >= 0 && (units[j] < value || (units[j] === value && keys[j] > key))) {
      keys[j + 1] = keys[j];
      units[j + 1] = units[j];
      j--;
    }
    keys[j + 1] = key;
    units[j + 1] = value;
  }
}

/**
 * Split `total` units over raw weights, no entry above `cap` (water-filling, then integer rounding
 * that respects the cap). Entries are added by `more()` until the cap can hold the total.
 */
function cappedSplit(total: number, cap: number, raw: number[], more: () => number | null): number[] {
  while (raw.length * cap < total) {
    const next = more();
    if (next === null) break;
    raw.push(next);
  }
  const shares = raw.map(() => 0);
  let open = raw.map((_, i) => i);
  let left = total;
  // Water-filling: entries whose proportional share exceeds the cap get the cap.
  for (let round = 0; round < raw.length && open.length > 0 && left > 0; round++) {
    const weight = open.reduce((sum, i) => sum + raw[i], 0);
    const capped = open.filter((i) => (raw[i] / weight) * left >= cap);
    if (capped.length === 0) {
      for (const i of open) shares[i] = (raw[i] / weight) * left;
      left = 0;
      break;
    }
    for (const i of capped) shares[i] = cap;
    left -= capped.length * cap;
    open = open.filter((i) => !capped.includes(i));
  }
  const units = shares.map((share) => Math.floor(share));
  let missing = total - units.reduce((sum, value) => sum + value, 0);
  const order = shares
    .map((share, i) => ({ i, rest: share - Math.floor(share) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; missing > 0 && k < order.length * 2; k++) {
    const i = order[k % order.length].i;
    if (units[i] < cap) {
      units[i]++;
      missing--;
    }
  }
  return units;
}

export class AudienceModel {
  private readonly countryPool: Float64Array;
  private readonly groupPools: readonly { positions: Int32Array; weights: Float64Array }[];
  private readonly interestPool: Float64Array;
  private readonly interestIds: Int32Array;
  private readonly femaleShare: Float64Array;
  private readonly countryLanguage: Int32Array;
  private readonly english: number;
  private readonly fillerLanguages: readonly number[];

  constructor(private readonly dictionaries: Dictionaries) {
    this.countryPool = cumulative(
      dictionaries.countries.map(
        (country) => Math.pow(country.populationMillions, 0.5) * (REACH_FACTOR[country.code] ?? 1),
      ),
    );
    this.groupPools = NAME_GROUP_SEEDS.map((group) => ({
      positions: Int32Array.from(group.countries.map((entry) => dictionaries.countryPosition(entry.code))),
      weights: cumulative(group.countries.map((entry) => entry.weight)),
    }));
    this.interestPool = cumulative(dictionaries.interestProfiles.map((interest) => interest.popularity));
    this.interestIds = Int32Array.from(dictionaries.interestProfiles.map((interest) => interest.id));
    const maxInterest = Math.max(...dictionaries.interestProfiles.map((interest) => interest.id));
    this.femaleShare = new Float64Array(maxInterest + 1).fill(0.5);
    for (const interest of dictionaries.interestProfiles)
      this.femaleShare[interest.id] = interest.femaleShare;
    this.countryLanguage = Int32Array.from(
      dictionaries.countries.map((country) => dictionaries.languagePosition(country.language)),
    );
    this.english = dictionaries.languagePosition('en');
    this.fillerLanguages = FILLER_LANGUAGES.map((code) => dictionaries.languagePosition(code));
  }

  scratch(): AudienceScratch {
    return new AudienceScratch();
  }

  /** A country for the audience: from the creator's cultural group or from the world. */
  private pickCountry(rng: Rng, nameGroup: number): number {
    const group = nameGroup >= 0 ? this.groupPools[nameGroup] : null;
    return group !== null && rng.chance(0.45)
      ? group.positions[rng.weighted(group.weights)]
      : rng.weighted(this.countryPool);
  }

  /** Draw the top of the audience into `out` (no allocation). */
  drawTop(rng: Rng, input: AudienceInput, out: AudienceScratch): void {
    const sizeFactor = Math.log10(Math.max(1000, input.followers) / 10_000);
    out.credibility = Math.round(clamp(0.78 - 0.03 * sizeFactor + 0.09 * rng.normal(), 0.25, 0.98) * UNITS);

    const interests = input.interests;
    let femaleShare = 0;
    for (let k = 0; k < interests.length; k++) femaleShare += this.femaleShare[interests[k]] ?? 0.5;
    femaleShare = interests.length > 0 ? femaleShare / interests.length : 0.5;
    const genderShift = input.gender === 2 ? 0.08 : input.gender === 1 ? -0.08 : 0;
    out.male = Math.round(clamp(1 - femaleShare - genderShift + 0.07 * rng.normal(), 0.03, 0.97) * UNITS);

    // Ages: the platform's typical audience, bumped around the creator's own age group.
    const base = AGE_BASE[input.platform];
    let sum = 0;
    let largest = 0;
    for (let slot = 0; slot < 6; slot++) {
      let share = 0;
      if (base[slot] > 0) {
        const distance = input.ageGroup < 0 ? 3 : Math.abs(slot - input.ageGroup);
        share = base[slot] * (distance === 0 ? 1.9 : distance === 1 ? 1.2 : 1) * (0.75 + 0.5 * rng.next());
      }
      out.shares[slot] = share;
      sum += share;
      if (share > out.shares[largest]) largest = slot;
    }
    let assigned = 0;
    for (let slot = 0; slot < 6; slot++) {
      out.ages[slot] = Math.round((out.shares[slot] / sum) * UNITS);
      assigned += out.ages[slot];
    }
    out.ages[largest] += UNITS - assigned;

    // Countries: home, then two more; the rest (at least 5% of the audience) is the tail.
    const home = clamp(0.3 + 0.5 * rng.next() - 0.05 * sizeFactor, 0.15, 0.92);
    const rest = 1 - home;
    const second = rest * rng.range(0.25, 0.6);
    const third = Math.min(second, rest * rng.range(0.1, 0.35));
    let secondCountry = this.pickCountry(rng, input.nameGroup);
    for (let attempt = 0; secondCountry === input.country && attempt < 8; attempt++)
      secondCountry = this.pickCountry(rng, input.nameGroup);
    let thirdCountry = this.pickCountry(rng, input.nameGroup);
    for (
      let attempt = 0;
      (thirdCountry === input.country || thirdCountry === secondCountry) && attempt < 8;
      attempt++
    ) {
      thirdCountry = this.pickCountry(rng, input.nameGroup);
    }
    out.countries[0] = input.country;
    out.countries[1] = secondCountry;
    out.countries[2] = thirdCountry;
    out.countryUnits[0] = Math.round(home * UNITS);
    out.countryUnits[1] = Math.round(second * UNITS);
    out.countryUnits[2] = Math.round(third * UNITS);
    sortTop(out.countries, out.countryUnits, TOP_COUNTRIES);

    // Languages: the creator's, then English (or the second country's language for English speakers).
    const first = clamp(home * rng.range(0.85, 1.05) + 0.05, 0.2, 0.95);
    let secondLanguage = input.language === this.english ? this.countryLanguage[secondCountry] : this.english;
    if (secondLanguage === input.language)
      secondLanguage = this.fillerLanguages[rng.int(this.fillerLanguages.length)];
    if (secondLanguage === input.language)
      secondLanguage =
        this.fillerLanguages[0] === input.language ? this.fillerLanguages[1] : this.fillerLanguages[0];
    out.languages[0] = input.language;
    out.languages[1] = secondLanguage;
    out.languageUnits[0] = Math.round(first * UNITS);
    out.languageUnits[1] = Math.round((1 - first) * rng.range(0.4, 0.7) * UNITS);
    sortTop(out.languages, out.languageUnits, TOP_LANGUAGES);

    // Interests: the creator's own, completed with popular ones; each a share of the audience.
    let count = 0;
    for (let k = 0; k < interests.length && count < TOP_INTERESTS; k++) {
      out.interests[count] = interests[k];
      out.interestUnits[count] = Math.round(
        (k === 0 ? rng.range(0.25, 0.5) : k === 1 ? rng.range(0.15, 0.3) : rng.range(0.1, 0.2)) * UNITS,
      );
      count++;
    }
    for (let attempt = 0; count < TOP_INTERESTS && attempt < 20; attempt++) {
      const id = this.interestIds[rng.weighted(this.interestPool)];
      let known = false;
      for (let i = 0; i < count; i++) if (out.interests[i] === id) known = true;
      if (known) continue;
      out.interests[count] = id;
      out.interestUnits[count] = Math.round(rng.range(0.06, 0.15) * UNITS);
      count++;
    }
    sortTop(out.interests, out.interestUnits, TOP_INTERESTS);
  }

  /**
   * The tail of the audience, given its top (as stored in the core). Tail entries never exceed the
   * smallest top entry of their dimension, and countries and languages complete the top to 1.
   */
  drawTail(
    rng: Rng,
    input: AudienceInput,
    top: {
      countries: readonly UnitEntry[];
      languages: readonly UnitEntry[];
      interests: readonly UnitEntry[];
    },
  ): AudienceTail {
    const countryCap = Math.min(...top.countries.map((entry) => entry.units));
    const countryLeft = UNITS - top.countries.reduce((sum, entry) => sum + entry.units, 0);
    const tailCountries: number[] = [];
    const taken = new Set(top.countries.map((entry) => entry.key));
    const nextCountry = (): number | null => {
      for (let attempt = 0; attempt < 30; attempt++) {
        const candidate = this.pickCountry(rng, input.nameGroup);
        if (!taken.has(candidate)) {
          taken.add(candidate);
          tailCountries.push(candidate);
          return rng.exponential(1);
        }
      }
      for (let candidate = 0; candidate < this.dictionaries.countries.length; candidate++) {
        if (!taken.has(candidate)) {
          taken.add(candidate);
          tailCountries.push(candidate);
          return 0.05;
        }
      }
      return null;
    };
    const rawCountries: number[] = [];
    const wanted = 4 + rng.int(4);
    for (let k = 0; k < wanted; k++) {
      const raw = nextCountry();
      if (raw !== null) rawCountries.push(raw);
    }
    const countryUnits =
      countryLeft > 0
        ? cappedSplit(countryLeft, countryCap, rawCountries, nextCountry)
        : rawCountries.map(() => 0);

    // Languages of the tail: those of the audience's other countries, then common ones.
    const languageCap = Math.min(...top.languages.map((entry) => entry.units));
    const languageLeft = UNITS - top.languages.reduce((sum, entry) => sum + entry.units, 0);
    const takenLanguages = new Set(top.languages.map((entry) => entry.key));
    const candidates: number[] = [];
    for (const position of [...top.countries.map((entry) => entry.key), ...tailCountries]) {
      const language = this.countryLanguage[position];
      if (!takenLanguages.has(language)) {
        takenLanguages.add(language);
        candidates.push(language);
      }
    }
    const tailLanguages: number[] = [];
    const nextLanguage = (): number | null => {
      let language = candidates.shift();
      while (language === undefined) {
        const filler = this.fillerLanguages.find((position) => !takenLanguages.has(position));
        if (filler === undefined) return null;
        takenLanguages.add(filler);
        language = filler;
      }
      tailLanguages.push(language);
      return rng.exponential(1);
    };
    const rawLanguages: number[] = [];
    for (let k = 0; k < 3; k++) {
      const raw = nextLanguage();
      if (raw !== null) rawLanguages.push(raw);
    }
    const languageUnits =
      languageLeft > 0
        ? cappedSplit(languageLeft, languageCap, rawLanguages, nextLanguage)
        : rawLanguages.map(() => 0);

    // Interests of the tail: popular ones, each below the smallest top interest.
    const interestCap = Math.min(...top.interests.map((entry) => entry.units));
    const takenInterests = new Set(top.interests.map((entry) => entry.key));
    const interests: UnitEntry[] = [];
    const extra = 4 + rng.int(3);
    for (let attempt = 0; interests.length < extra && attempt < 30; attempt++) {
      const id = this.interestIds[rng.weighted(this.interestPool)];
      if (takenInterests.has(id)) continue;
      takenInterests.add(id);
      interests.push({ key: id, units: Math.round(Math.min(interestCap, rng.range(0.02, 0.12) * UNITS)) });
    }

    const entries = (keys: readonly number[], units: readonly number[]) =>
      keys.map((key, i) => ({ key, units: units[i] })).filter((entry) => entry.units > 0);
    const byUnits = (a: UnitEntry, b: UnitEntry) => b.units - a.units || a.key - b.key;
    return {
      countries: entries(tailCountries, countryUnits).sort(byUnits),
      languages: entries(tailLanguages, languageUnits).sort(byUnits),
      interests: interests.filter((entry) => entry.units > 0).sort(byUnits),
    };
  }
}
