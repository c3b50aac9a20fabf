import {
  AUDIENCE_TOP_COUNTRIES,
  AUDIENCE_TOP_INTERESTS,
  INTERESTS_PER_CREATOR,
  type PlatformCreators,
} from '../../data';
import { SandboxError } from '../../sandbox-error';
import { POST_SHARE_BY_SLOT } from './caption-words';

// Compiled to CommonJS, every read of an imported binding is a getter call: hot loops use these copies.
const INTEREST_SLOTS = INTERESTS_PER_CREATOR;
const TOP_INTERESTS = AUDIENCE_TOP_INTERESTS;
const TOP_COUNTRIES = AUDIENCE_TOP_COUNTRIES;
const POST_SHARES = POST_SHARE_BY_SLOT;

/**
 * The two "semantic" filters of search, made concrete over the generated world:
 * - `relevance` (`#hashtag` or `@username`): creators whose content is about the topic of the
 *   hashtag (an interest whose posts use it) or about the main topic of the account (lookalikes of
 *   it); scored by how much of their content is on those topics.
 * - `audienceRelevance` (`@username`): creators whose audience resembles the account's: the same
 *   top audience country and at least one of its top 3 audience interests; scored by the shared
 *   interest shares.
 * The accounts named are left out of their own results. Entries combine with OR.
 */

interface Relevance {
  matches(index: number): boolean;
  /** Higher is more relevant; only meaningful for creators that match. */
  score(index: number): number;
}

function accountOf(pc: PlatformCreators, entry: string, field: string): number {
  const index = pc.indexOfUsername(entry.slice(1));
  if (index < 0) {
    throw new SandboxError(
      'bad_request',
      `${field} names ${JSON.stringify(entry)}, which is not an account on ${pc.platform}`,
    );
  }
  return index;
}

export function relevanceOf(pc: PlatformCreators, entries: readonly string[]): Relevance {
  const c = pc.columns;
  const topics = new Uint8Array(256);
  const excluded = new Set<number>();
  entries.forEach((entry, position) => {
    if (entry.startsWith('#')) {
      for (const id of pc.dictionaries.interestsOfHashtag(entry.slice(1))) topics[id] = 1;
      return;
    }
    const account = accountOf(pc, entry, `filter.influencer.relevance[${position}]`);
    excluded.add(account);
    topics[c.interests[account * INTEREST_SLOTS]] = 1;
  });
  topics[0] = 0;
  const score = (index: number) => {
    let total = 0;
    for (let k = 0; k < INTEREST_SLOTS; k++) {
      if (topics[c.interests[index * INTEREST_SLOTS + k]] === 1) total += POST_SHARES[k];
    }
    return total;
  };
  return { matches: (index) => !excluded.has(index) && score(index) > 0, score };
}

interface AudienceProfile {
  readonly index: number;
  readonly country: number;
  /** Top audience interest ids and their units. */
  readonly interests: readonly { readonly id: number; readonly units: number }[];
}

export function audienceRelevanceOf(pc: PlatformCreators, entries: readonly string[]): Relevance {
  const c = pc.columns;
  const topInterests = (index: number) => {
    const list: { id: number; units: number }[] = [];
    for (let k = 0; k < TOP_INTERESTS; k++) {
      const units = c.audienceInterestWeights[index * TOP_INTERESTS + k];
      if (units > 0) list.push({ id: c.audienceInterests[index * TOP_INTERESTS + k], units });
    }
    return list;
  };
  const profiles: AudienceProfile[] = entries.map((entry, position) => {
    const index = accountOf(pc, entry, `filter.influencer.audienceRelevance[${position}]`);
    return { index, country: c.audienceCountries[index * TOP_COUNTRIES], interests: topInterests(index) };
  });
  const excluded = new Set(profiles.map((profile) => profile.index));
  /** Shared interest units with the closest account; 0 when none resembles. */
  const score = (index: number) => {
    const country = c.audienceCountries[index * TOP_COUNTRIES];
    let best = 0;
    for (const profile of profiles) {
      if (profile.country !== country) continue;
      let shared = 0;
      for (let k = 0; k < TOP_INTERESTS; k++) {
        const units = c.audienceInterestWeights[index * TOP_INTERESTS + k];
        if (units === 0) continue;
        const id = c.audienceInterests[index * TOP_INTERESTS + k];
        const match = profile.interests.find((interest) => interest.id === id);
        if (match !== undefined) shared += Math.min(units, match.units);
      }
      if (shared > best) best = shared;
    }
    return best;
  };
  return { matches: (index) => !excluded.has(index) && score(index) > 0, score };
}
