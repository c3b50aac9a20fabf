import { parseHandle } from '../../shared/handles';
import { OVERLAP_PLATFORMS, type OverlapPlatform } from '../../shared/platforms';
import { MAX_OVERLAP_HANDLES } from '../../shared/worker-api/request-limits';

/**
 * The creators an audience overlap compares, read with the worker's own rules
 * (worker/src/operations/overlap.ts `overlapInfluencers`): each value through shared parseHandle,
 * blanks skipped, repeats merged. Pure, so the sidebar counts typed creators as they are typed and
 * the server counts the selection the same way; what either shows is what the worker will compare.
 */

/** An overlap needs 2 different creators (shared/requests/overlap.ts OVERLAP_MIN_INFLUENCERS). */
export const OVERLAP_MIN_CREATORS = 2;
/** The worker compares at most this many in one paid call; the API documents no bound of its own. */
export const OVERLAP_MAX_CREATORS = MAX_OVERLAP_HANDLES;
/** Unreadable values named one by one; the rest are counted. */
export const NAMED_UNREADABLE = 5;

export interface UnreadableCreator {
  /** Where the value is: "Creators!A5", "line 3". */
  where: string;
  value: string;
  /** parseHandle's sentence. */
  reason: string;
}

interface OverlapCount {
  /** Values that are not blank. */
  rows: number;
  blanks: number;
  /** Values naming a creator already named above. */
  repeats: number;
  /** The distinct creators, as the worker's `handles` takes them, in the order first named. */
  handles: string[];
  /** Every unreadable value (show the first NAMED_UNREADABLE). */
  unreadable: UnreadableCreator[];
  /** The other overlap platform, when the profile URLs given all belong to it. */
  suggestedPlatform: OverlapPlatform | null;
  /** Why the overlap cannot run as it is, or null when it can. */
  problem: string | null;
}

/** One creator per line; a line may also hold several separated by commas or semicolons. */
function typedCreatorLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Splits a typed line at commas and semicolons, which no handle or profile URL holds. */
function valuesOfLine(line: string): string[] {
  return line.split(/[,;]/);
}

/** The typed list as values, each with where it was typed ("line 3"). */
export function typedCreators(text: string): { values: string[]; where: string[] } {
  const values: string[] = [];
  const where: string[] = [];
  typedCreatorLines(text).forEach((line, index) => {
    for (const value of valuesOfLine(line)) {
      values.push(value);
      where.push(`line ${index + 1}`);
    }
  });
  return { values, where };
}

function otherPlatform(values: readonly unknown[], platform: OverlapPlatform): OverlapPlatform | null {
  let found: OverlapPlatform | null = null;
  for (const value of values) {
    // Without a hint a URL says its own platform; plain names say nothing and are skipped.
    if (typeof value !== 'string' || !/[./]/.test(value)) continue;
    const parsed = parseHandle(value);
    if (!parsed.ok) continue;
    const named = OVERLAP_PLATFORMS.find((candidate) => candidate === parsed.platform);
    if (named === undefined || (found !== null && found !== named)) return null;
    found = named;
  }
  return found !== null && found !== platform ? found : null;
}

function problemOf(count: Omit<OverlapCount, 'problem'>, platform: OverlapPlatform): string | null {
  const first = count.unreadable[0];
  if (first !== undefined) {
    const switchHint =
      count.suggestedPlatform === null
        ? ''
        : ` These are ${count.suggestedPlatform} profiles: choose ${count.suggestedPlatform} as the platform.`;
    const more = count.unreadable.length - 1;
    return (
      `${first.where}: ${first.reason}${more > 0 ? ` (and ${more} more)` : ''}. ` +
      `Correct or remove ${count.unreadable.length === 1 ? 'it' : 'them'} to compare.${switchHint}`
    );
  }
  const distinct = count.handles.length;
  if (distinct < OVERLAP_MIN_CREATORS) {
    return (
      `An overlap compares ${OVERLAP_MIN_CREATORS} to ${OVERLAP_MAX_CREATORS} different ${platform} creators: ` +
      `${distinct === 0 ? 'none is given yet' : 'only 1 is given'}.`
    );
  }
  if (distinct > OVERLAP_MAX_CREATORS) {
    return (
      `An overlap compares at most ${OVERLAP_MAX_CREATORS} creators at once, and ${distinct} are given: ` +
      'split them into smaller sets.'
    );
  }
  return null;
}

/**
 * Counts what an overlap of `values` on `platform` would compare. `where(i)` names the place of
 * value i for the messages.
 */
export function countOverlapCreators(
  values: readonly unknown[],
  platform: OverlapPlatform,
  where: (index: number) => string,
): OverlapCount {
  const handles: string[] = [];
  const seen: Record<string, true> = {};
  const unreadable: UnreadableCreator[] = [];
  let blanks = 0;
  let repeats = 0;
  values.forEach((value, index) => {
    const parsed = parseHandle(value, platform);
    if (parsed.ok) {
      // The worker's rule: an all-digit username goes as @123, or the API would read an id.
      const digitsOnly = parsed.kind === 'username' && /^\d+$/.test(parsed.handle);
      const handle = digitsOnly ? `@${parsed.handle}` : parsed.handle;
      if (seen[handle] === true) repeats += 1;
      else {
        seen[handle] = true;
        handles.push(handle);
      }
    } else if (parsed.blank) {
      blanks += 1;
    } else {
      unreadable.push({ where: where(index), value: parsed.input, reason: parsed.error });
    }
  });
  const counted = {
    rows: values.length - blanks,
    blanks,
    repeats,
    handles,
    unreadable,
    suggestedPlatform: unreadable.length > 0 ? otherPlatform(values, platform) : null,
  };
  return { ...counted, problem: problemOf(counted, platform) };
}
