import { PLATFORMS, type Platform } from '../../../shared/platforms';
import type { Dictionaries } from './dictionaries';
import { cumulative, hashInts, Rng, STREAM } from './random';
import { HANDLE_WORDS, NAME_GROUP_SEEDS } from './word-lists/names';
import { AGE_GROUPS, type AgeGroup, type AiAccountType, type Gender } from './types';

/**
 * People behind the accounts. A person is a handle combination (given name x handle word x form),
 * so handles are unique by construction. Each platform maps its creator indexes onto people with its
 * own seeded bijection; the same person can therefore hold an account on several platforms, under
 * the same handle, with the same name, country, language, interests and e-mail ("anna.daily" on
 * Instagram and on YouTube is one person). Everything here derives from (seed, person id) alone.
 */

interface GivenName {
  readonly display: string;
  readonly ascii: string;
  readonly gender: Gender;
  readonly group: number;
}

/** What is shared by all accounts of a person. */
interface Person {
  readonly id: number;
  readonly givenName: string;
  readonly familyName: string;
  readonly gender: Gender;
  readonly nameGroup: number;
  /** Position of the country in `Dictionaries.countries`. */
  readonly country: number;
  /** City location id, or 0. */
  readonly cityId: number;
  readonly language: string;
  readonly ageGroup: AgeGroup;
  /** One to three interest ids, main interest first. */
  readonly interests: readonly number[];
  readonly hasEmail: boolean;
  readonly aiAccountType: AiAccountType;
}

/**
 * How many handle forms each name group uses (name.word, name_word, nameword, word.name,
 * word_name: the first n of them). A name's share of the handle space, hence of the creators, is
 * proportional to it: it weights the world towards the big creator markets.
 */
const FORMS_BY_GROUP: Record<string, number> = { english: 5, spanish: 4, portuguese: 4, indian: 4 };
const DEFAULT_FORMS = 3;
const AGE_WEIGHTS = cumulative([0.03, 0.3, 0.4, 0.17, 0.09, 0.01]);
export const CREATOR_AGE_GROUPS: readonly AgeGroup[] = AGE_GROUPS;

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/ş/g, 's')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function modInverse(a: number, m: number): number {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

/** a * b mod m; exact in doubles because a, b < m < 2^26 (checked in the constructor). */
function mulMod(a: number, b: number, m: number): number {
  return (a * b) % m;
}

export class PersonSpace {
  readonly givenNames: readonly GivenName[];
  readonly words: readonly string[] = HANDLE_WORDS;
  /** Number of distinct handle combinations before numeric suffixes are needed. */
  readonly combinations: number;

  private readonly affine: Record<Platform, { a: number; b: number; inverse: number }>;
  private readonly groupCountries: readonly { positions: number[]; weights: Float64Array }[];
  private readonly interestWeights: Float64Array;
  private readonly interestIds: readonly number[];
  private readonly rng = new Rng();
  private readonly nameIndex: ReadonlyMap<string, number>;
  private readonly wordIndex: ReadonlyMap<string, number>;
  /** Start of each name's block of combinations (words x forms), and its number of forms. */
  private readonly blockStart: Int32Array;
  private readonly forms: Int32Array;

  constructor(
    private readonly seedKey: number,
    private readonly dictionaries: Dictionaries,
  ) {
    const names: GivenName[] = [];
    const seen = new Set<string>();
    NAME_GROUP_SEEDS.forEach((group, groupPosition) => {
      const add = (display: string, gender: Gender) => {
        const ascii = fold(display);
        if (seen.has(ascii)) return;
        seen.add(ascii);
        names.push({ display, ascii, gender, group: groupPosition });
      };
      group.femaleNames.forEach((name) => add(name, 'FEMALE'));
      group.maleNames.forEach((name) => add(name, 'MALE'));
    });
    this.givenNames = names;
    this.nameIndex = new Map(names.map((name, position) => [name.ascii, position]));
    this.wordIndex = new Map(this.words.map((word, position) => [word, position]));
    const blockStart = new Int32Array(names.length + 1);
    const forms = new Int32Array(names.length);
    names.forEach((name, position) => {
      forms[position] = FORMS_BY_GROUP[NAME_GROUP_SEEDS[name.group].group] ?? DEFAULT_FORMS;
      blockStart[position + 1] = blockStart[position] + forms[position] * this.words.length;
    });
    this.blockStart = blockStart;
    this.forms = forms;
    this.combinations = blockStart[names.length];
    if (this.combinations >= 2 ** 26)
      throw new Error('handle combinations must stay below 2^26 for exact modular arithmetic');

    const affine = {} as Record<Platform, { a: number; b: number; inverse: number }>;
    PLATFORMS.forEach((platform, position) => {
      const m = this.combinations;
      let a = Math.floor(m * 0.6180339887) + (hashInts(seedKey, position, 0xaf) % 997);
      while (gcd(a, m) !== 1) a++;
      const b = hashInts(seedKey, position, 0xb0) % m;
      affine[platform] = { a, b, inverse: modInverse(a, m) };
    });
    this.affine = affine;

    this.groupCountries = NAME_GROUP_SEEDS.map((group) => ({
      positions: group.countries.map((entry) => dictionaries.countryPosition(entry.code)),
      weights: cumulative(group.countries.map((entry) => entry.weight)),
    }));
    this.interestIds = dictionaries.interestProfiles.map((interest) => interest.id);
    this.interestWeights = cumulative(dictionaries.interestProfiles.map((interest) => interest.popularity));
  }

  /** The person behind creator `index` of a platform. */
  personOf(platform: Platform, index: number): number {
    const { a, b } = this.affine[platform];
    const m = this.combinations;
    const round = Math.floor(index / m);
    const combo = (mulMod(a, index % m, m) + b) % m;
    return round * m + combo;
  }

  /** The creator index of a person on a platform (may exceed the platform's size). */
  indexOf(platform: Platform, personId: number): number {
    const { b, inverse } = this.affine[platform];
    const m = this.combinations;
    const round = Math.floor(personId / m);
    const combo = personId % m;
    return round * m + mulMod(inverse, (combo - b + m) % m, m);
  }

  /** Name, word and form of a combination. */
  private decompose(combo: number): { name: number; word: number; form: number } {
    let low = 0;
    let high = this.givenNames.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.blockStart[mid] <= combo) low = mid;
      else high = mid - 1;
    }
    const rest = combo - this.blockStart[low];
    return { name: low, word: rest % this.words.length, form: Math.floor(rest / this.words.length) };
  }

  handle(personId: number): string {
    const m = this.combinations;
    const round = Math.floor(personId / m);
    const { name: namePosition, word: wordPosition, form } = this.decompose(personId % m);
    const name = this.givenNames[namePosition].ascii;
    const word = this.words[wordPosition];
    const base =
      form === 0
        ? `${name}.${word}`
        : form === 1
          ? `${name}_${word}`
          : form === 2
            ? `${name}${word}`
            : form === 3
              ? `${word}.${name}`
              : `${word}_${name}`;
    return round === 0 ? base : `${base}${round + 1}`;
  }

  /** The given name and handle word a person's handle is built from. */
  handleParts(personId: number): { name: GivenName; word: string } {
    const { name, word } = this.decompose(personId % this.combinations);
    return { name: this.givenNames[name], word: this.words[word] };
  }

  /** Which e-mail pattern a person uses; a hash, so the e-mail index needs no full person. */
  emailStyle(personId: number): number {
    return hashInts(this.seedKey, STREAM.person, personId, 0xe3a1) % 6;
  }

  /** The person's public e-mail (whether it is public is `Person.hasEmail`). */
  email(personId: number): string {
    return personEmail(personId, this.handle(personId), this.emailStyle(personId));
  }

  /**
   * The person whose handle this is (lower case, no @), or -1. The inverse of `handle`: handles
   * are parsed, not looked up, so no per-creator index is kept in memory.
   */
  parseHandle(handle: string): number {
    const digits = /\d+$/.exec(handle);
    let round = 0;
    let base = handle;
    if (digits !== null) {
      if (digits[0].startsWith('0') || Number(digits[0]) < 2) return -1;
      round = Number(digits[0]) - 1;
      base = handle.slice(0, digits.index);
    }
    let name = -1;
    let word = -1;
    let form = -1;
    const separator = base.includes('.') ? '.' : base.includes('_') ? '_' : '';
    if (separator !== '') {
      const parts = base.split(separator);
      if (parts.length !== 2) return -1;
      const [left, right] = parts;
      if (this.nameIndex.has(left) && this.wordIndex.has(right)) {
        name = this.nameIndex.get(left) ?? -1;
        word = this.wordIndex.get(right) ?? -1;
        form = separator === '.' ? 0 : 1;
      } else if (this.wordIndex.has(left) && this.nameIndex.has(right)) {
        word = this.wordIndex.get(left) ?? -1;
        name = this.nameIndex.get(right) ?? -1;
        form = separator === '.' ? 3 : 4;
      }
    } else {
      for (const [candidate, position] of this.wordIndex) {
        if (base.length > candidate.length && base.endsWith(candidate)) {
          const prefix = this.nameIndex.get(base.slice(0, base.length - candidate.length));
          if (prefix !== undefined) {
            name = prefix;
            word = position;
            form = 2;
            break;
          }
        }
      }
    }
    if (form < 0 || form >= this.forms[name]) return -1;
    const combo = this.blockStart[name] + word + this.words.length * form;
    const personId = round * this.combinations + combo;
    return this.handle(personId) === handle ? personId : -1;
  }

  givenName(personId: number): GivenName {
    return this.givenNames[this.decompose(personId % this.combinations).name];
  }

  person(personId: number): Person {
    const given = this.givenName(personId);
    const group = NAME_GROUP_SEEDS[given.group];
    const rng = this.rng.reseed(hashInts(this.seedKey, STREAM.person, personId), personId);
    const familyName = rng.pick(group.familyNames);
    const countries = this.dictionaries.countries;
    const groupCountries = this.groupCountries[given.group];
    const country = rng.chance(0.92)
      ? groupCountries.positions[rng.weighted(groupCountries.weights)]
      : rng.int(countries.length);
    const countryProfile = countries[country];
    let cityId = 0;
    if (rng.chance(0.75)) {
      // Bigger cities first: the first city of a country gets about half of its creators.
      const pick = Math.min(countryProfile.cityIds.length - 1, Math.floor(rng.exponential(0.9)));
      cityId = countryProfile.cityIds[pick];
    }
    const languageRoll = rng.next();
    const language =
      languageRoll < 0.8
        ? (group.language ?? countryProfile.language)
        : languageRoll < 0.95
          ? 'en'
          : countryProfile.language;
    const ageGroup = CREATOR_AGE_GROUPS[rng.weighted(AGE_WEIGHTS)];
    const interestCount = 1 + Math.min(2, Math.floor(rng.exponential(1.1)));
    const interests: number[] = [];
    for (let attempt = 0; interests.length < interestCount && attempt < 10; attempt++) {
      const id = this.interestIds[rng.weighted(this.interestWeights)];
      if (!interests.includes(id)) interests.push(id);
    }
    const hasEmail = rng.chance(0.34);
    const typeRoll = rng.next();
    const aiAccountType: AiAccountType =
      typeRoll < 0.82 ? 'individual_creator' : typeRoll < 0.89 ? 'group_creator' : 'anonymous_content';
    return {
      id: personId,
      givenName: given.display,
      familyName,
      gender: given.gender,
      nameGroup: given.group,
      country,
      cityId,
      language,
      ageGroup,
      interests,
      hasEmail,
      aiAccountType,
    };
  }
}

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example', 'inbox.example'];

/**
 * A person's public e-mail. Every pattern contains the handle, so addresses are unique per person.
 * Generated addresses use reserved example domains (RFC 2606): none can reach a real mailbox.
 */
function personEmail(personId: number, handle: string, style: number): string {
  const domain = EMAIL_DOMAINS[(personId >>> 3) % EMAIL_DOMAINS.length];
  const local = [
    handle,
    `contact.${handle}`,
    `hello.${handle}`,
    `${handle}.business`,
    `${handle}.collabs`,
    `team.${handle}`,
  ];
  return `${local[style % local.length]}@${domain}`;
}
