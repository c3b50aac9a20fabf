import type { Platform } from '../../../shared/platforms';
import { AUDIENCE_TOP_COUNTRIES, INTERESTS_PER_CREATOR, SHARE_UNITS } from './columns';
import type { Dictionaries } from './dictionaries';
import type { PlatformCreators } from './platform-creators';
import type { CreatorRef, OverlapEntry, OverlapResult } from './types';

/**
 * Audience overlap from a follower model. The users of a platform form communities (an interest in
 * a country, the general public of a country, an interest worldwide); a creator's followers are
 * spread over a few of them, following its audience countries and interests; inside a community,
 * followers of different creators are independent random subsets. With f_ic followers of creator i
 * in community c of size N_c and p_ic = f_ic / N_c:
 *
 *   unique_i = sum_c f_ic * prod_{j != i} (1 - p_jc)      (followers of i who follow no other)
 *   union    = sum_c N_c * (1 - prod_j (1 - p_jc))        (distinct followers of the set)
 *
 * so unique% + overlapping% = 100 per creator and sum unique <= union <= sum followers. Creators
 * sharing interests and countries share communities and overlap more; a creator listed twice
 * overlaps itself fully.
 */

const PLATFORM_USERS: Record<Platform, number> = { instagram: 2.0e9, tiktok: 1.6e9, youtube: 2.5e9 };
/** Share of a country's users in one interest community, for an interest of average popularity. */
const INTEREST_SHARE = 0.004;
/** Share of a country's users in its general community. */
const GENERAL_SHARE = 0.3;
/** A community is at least this much bigger than any one creator's followers in it. */
const MAX_COMMUNITY_SHARE = 0.9;

interface Membership {
  readonly community: string;
  readonly size: number;
  readonly followers: number;
}

export class OverlapModel {
  private readonly countryShare = new Map<number, number>();
  private readonly interestShare = new Map<number, number>();

  constructor(dictionaries: Dictionaries) {
    const population = dictionaries.countries.reduce((sum, country) => sum + country.populationMillions, 0);
    for (const country of dictionaries.countries)
      this.countryShare.set(country.id, country.populationMillions / population);
    const meanPopularity =
      dictionaries.interestProfiles.reduce((sum, interest) => sum + interest.popularity, 0) /
      dictionaries.interestProfiles.length;
    for (const interest of dictionaries.interestProfiles) {
      this.interestShare.set(interest.id, INTEREST_SHARE * Math.sqrt(interest.popularity / meanPopularity));
    }
  }

  /** How a creator's followers spread over communities. */
  memberships(pc: PlatformCreators, index: number): Membership[] {
    const c = pc.columns;
    const followers = c.followers[index];
    const users = PLATFORM_USERS[pc.platform];
    const main = c.interests[index * INTERESTS_PER_CREATOR];
    const second = c.interests[index * INTERESTS_PER_CREATOR + 1] || main;
    const parts = new Map<string, Membership>();
    const add = (interest: number, country: number, amount: number) => {
      if (amount <= 0) return;
      const community = `${pc.platform}:${interest}:${country}`;
      const countryFactor = country === 0 ? 1 : (this.countryShare.get(country) ?? 0.001);
      const interestFactor =
        interest === 0 ? GENERAL_SHARE : (this.interestShare.get(interest) ?? INTEREST_SHARE);
      const existing = parts.get(community);
      parts.set(community, {
        community,
        size: users * countryFactor * interestFactor,
        followers: (existing?.followers ?? 0) + amount,
      });
    };
    let rest = 1;
    for (let k = 0; k < AUDIENCE_TOP_COUNTRIES; k++) {
      const units = c.audienceCountryWeights[index * AUDIENCE_TOP_COUNTRIES + k];
      if (units === 0) continue;
      const weight = units / SHARE_UNITS;
      const country = c.audienceCountries[index * AUDIENCE_TOP_COUNTRIES + k];
      rest -= weight;
      add(main, country, followers * weight * 0.6);
      add(second, country, followers * weight * 0.25);
      add(0, country, followers * weight * 0.15);
    }
    add(main, 0, followers * Math.max(0, rest) * 0.7);
    add(0, 0, followers * Math.max(0, rest) * 0.3);
    return [...parts.values()];
  }

  overlap(platforms: Record<Platform, PlatformCreators>, refs: readonly CreatorRef[]): OverlapResult {
    const keyOf = (ref: CreatorRef) => `${ref.platform}:${ref.index}`;
    const counts = new Map<string, number>();
    for (const ref of refs) counts.set(keyOf(ref), (counts.get(keyOf(ref)) ?? 0) + 1);
    const distinct = [...new Map(refs.map((ref) => [keyOf(ref), ref])).values()];
    const members = distinct.map((ref) => this.memberships(platforms[ref.platform], ref.index));

    // Community sizes, widened so that no creator fills more than 90% of one.
    const sizes = new Map<string, number>();
    for (const list of members) {
      for (const m of list)
        sizes.set(
          m.community,
          Math.max(sizes.get(m.community) ?? 0, m.size, m.followers / MAX_COMMUNITY_SHARE),
        );
    }
    const notFollowing = new Map<string, number>();
    for (const list of members) {
      for (const m of list) {
        const size = sizes.get(m.community) ?? m.size;
        notFollowing.set(m.community, (notFollowing.get(m.community) ?? 1) * (1 - m.followers / size));
      }
    }
    let union = 0;
    for (const [community, product] of notFollowing) union += (sizes.get(community) ?? 0) * (1 - product);

    const uniqueByKey = new Map<string, number>();
    distinct.forEach((ref, k) => {
      let unique = 0;
      for (const m of members[k]) {
        const size = sizes.get(m.community) ?? m.size;
        const own = 1 - m.followers / size;
        const others = own > 0 ? (notFollowing.get(m.community) ?? 1) / own : 0;
        unique += m.followers * others;
      }
      uniqueByKey.set(keyOf(ref), (counts.get(keyOf(ref)) ?? 1) > 1 ? 0 : unique);
    });

    let totalFollowers = 0;
    for (const ref of distinct) totalFollowers += platforms[ref.platform].columns.followers[ref.index];
    const data: OverlapEntry[] = refs.map((ref) => {
      const pc = platforms[ref.platform];
      const followers = pc.columns.followers[ref.index];
      const unique = Math.min(followers, uniqueByKey.get(keyOf(ref)) ?? 0);
      const uniqueBasisPoints = Math.round((unique / followers) * 10_000);
      return {
        platform: ref.platform,
        index: ref.index,
        userId: pc.userId(ref.index),
        username: pc.username(ref.index),
        followers,
        uniqueFollowers: Math.round(unique),
        uniquePercentage: uniqueBasisPoints / 100,
        overlappingPercentage: (10_000 - uniqueBasisPoints) / 100,
      };
    });
    return { totalFollowers, totalUniqueFollowers: Math.min(totalFollowers, Math.round(union)), data };
  }
}
