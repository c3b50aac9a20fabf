import { SEARCH_PAGE_SIZE } from '../../../../shared/limits';
import type { Platform } from '../../../../shared/platforms';
import { actualCredits } from '../../../../shared/pricing';
import { searchRequestSchema, type SearchFilterInput } from '../../../../shared/requests/search';
import type { PlatformCreators, World } from '../../data';
import type { OperationHandler } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { influencerProfile, type InfluencerProfile } from './influencer-profile';
import { isUnanalysedPrivate } from './private-accounts';
import { checkKnownFields, type AudienceFilter, type InfluencerFilter } from './search-fields';
import { compileFilters, type CreatorTest } from './search-filters';
import { compileSort, firstInOrder } from './search-sort';

/**
 * `POST /{platform}/search`: 15 results per page over the creators that match every filter.
 *
 * Pages run over one list: the direct matches in sort order, then lookalikes. Lookalikes only fill
 * the page on which the direct matches run out: the creators most similar to the first direct match
 * (same main interest, close size, same country and language), then those closest to it in size,
 * that do not match themselves, as many as the page has room for. So every page but the last holds 15 directs, the last holds the
 * remaining directs plus lookalikes (none when the directs fill it exactly), and the page after it
 * is empty and free. `total` counts the direct matches; `isExactMatch` is true when the page holds
 * no lookalike. Each returned item, direct or lookalike, costs 0.01 credits; an Instagram search
 * with an empty filter costs nothing (spec "Testing aids").
 *
 * Filters and sorts read the core's typical values whatever `calculationMethod` says: the average
 * form of a metric needs a creator's posts, which a scan of every creator cannot afford. Reports
 * honour the method.
 */

interface SearchItemBody {
  userId: string;
  profile: InfluencerProfile;
}

interface SearchBody {
  error: false;
  total: number;
  isExactMatch: boolean;
  directs: SearchItemBody[];
  lookalikes: SearchItemBody[];
}

export const searchHandler: OperationHandler<World> = (context) => {
  const platform = requirePlatform(context.platform);
  const request = parseWith(searchRequestSchema(platform), context.body);
  const pc = context.world.platform(platform);
  const influencer = request.filter.influencer as InfluencerFilter | undefined;
  const audience = request.filter.audience as AudienceFilter | undefined;
  checkKnownFields(platform, request.filter, influencer, audience);

  const sort = compileSort(pc, request.sort, influencer, audience);
  const tests = compileFilters(pc, influencer, audience);
  const matches = scan(pc, tests, sort.key === null);

  const start = request.page * SEARCH_PAGE_SIZE;
  const end = start + SEARCH_PAGE_SIZE;
  // A page past the end needs no ordering at all.
  const ordered =
    start < matches.length
      ? firstInOrder(pc, matches, sort, Math.min(end, matches.length))
      : new Int32Array(0);
  const directs = Array.from(ordered.subarray(Math.min(start, ordered.length)));
  // The page where the directs run out is topped up with lookalikes of the best match.
  const room = start < matches.length && end > matches.length ? end - matches.length : 0;
  const lookalikes = room > 0 ? lookalikesOf(pc, ordered[0], tests, room) : [];

  const body: SearchBody = {
    error: false,
    total: matches.length,
    isExactMatch: lookalikes.length === 0,
    directs: directs.map((index) => item(pc, index)),
    lookalikes: lookalikes.map((index) => item(pc, index)),
  };
  const filter = request.filter as SearchFilterInput;
  const { credits } = actualCredits('search', { platform, filter }, directs.length + lookalikes.length);
  return { body, credits };
};

function requirePlatform(platform: Platform | null): Platform {
  if (platform === null) throw new Error('search runs under /{platform}/search');
  return platform;
}

/** Indexes of every creator passing all tests; in followers order when `byFollowers`. */
function scan(pc: PlatformCreators, tests: readonly CreatorTest[], byFollowers: boolean): Int32Array {
  const found = new Int32Array(pc.size);
  let count = 0;
  const order = byFollowers ? pc.byFollowersDesc() : null;
  const testCount = tests.length;
  outer: for (let k = 0; k < pc.size; k++) {
    const index = order === null ? k : order[k];
    for (let t = 0; t < testCount; t++) if (!tests[t](index)) continue outer;
    found[count++] = index;
  }
  return found.subarray(0, count);
}

function lookalikesOf(
  pc: PlatformCreators,
  best: number,
  tests: readonly CreatorTest[],
  room: number,
): number[] {
  const chosen: number[] = [];
  const take = (index: number) => {
    if (chosen.length < room && !chosen.includes(index) && !tests.every((test) => test(index)))
      chosen.push(index);
  };
  for (const summary of pc.similarTo(pc.creator(best), room + 60)) {
    if (!isUnanalysedPrivate(pc, summary.index)) take(summary.index);
  }
  // Similar creators share the best match's main interest; when the filter asked for that
  // interest they all match, so the creators closest in size fill the rest.
  const order = pc.byFollowersDesc();
  const rank = order.indexOf(best);
  for (let step = 1; chosen.length < room && (rank - step >= 0 || rank + step < order.length); step++) {
    for (const position of [rank - step, rank + step]) {
      if (position >= 0 && position < order.length && !isUnanalysedPrivate(pc, order[position]))
        take(order[position]);
    }
  }
  return chosen;
}

function item(pc: PlatformCreators, index: number): SearchItemBody {
  return { userId: pc.userId(index), profile: influencerProfile(pc, index) };
}
