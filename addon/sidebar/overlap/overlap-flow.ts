import type { OverlapCheck, OverlapEstimate, OverlapOutcome } from '../../bridge-contract/overlap-api';
import { OVERLAP_MAX_CREATORS, OVERLAP_MIN_CREATORS } from '../../bridge-contract/overlap-creators';
import { creditsText, formatCount, percentText } from '../ui/count-text';
import type { Fact } from '../ui/estimate-text';

/**
 * The Overlap section's rules without the page: which estimate belongs to the form as it is now,
 * why Compare cannot run yet, and the figures it shows before and after.
 */

/** The limits as the section states them up front. */
export const OVERLAP_LIMITS_TEXT =
  `${OVERLAP_MIN_CREATORS} to ${OVERLAP_MAX_CREATORS} different creators per comparison; ` +
  'one paid call compares them all.';

export interface OverlapFlowState {
  /** The form as it is now (overlapCheckKey). */
  currentKey: string;
  /** The estimate shown, and the form it was made for. */
  checked: { key: string; estimate: OverlapEstimate } | null;
  estimating: boolean;
}

/**
 * The flow as Compare is judged: the state above and the consent to the cost, which the costed run
 * holds (`costed.confirmed()`) and drops with every count or comparison, so it is never kept here.
 */
export interface OverlapRunCheck extends OverlapFlowState {
  confirmedCost: boolean;
}

/**
 * What an estimate is tied to: platform and creators, and for the selection the selection last
 * read, since the same check names other cells once the user selects elsewhere.
 */
export function overlapCheckKey(check: OverlapCheck, selection: string | null): string {
  return JSON.stringify([
    check.platform,
    check.creators,
    check.creators.kind === 'selection' ? selection : null,
  ]);
}

/** Why Compare cannot start, in words that say what to do; null when it can. */
export function overlapRunBlocker(state: OverlapRunCheck): string | null {
  if (state.checked === null || state.checked.key !== state.currentKey) {
    return state.estimating
      ? 'Counting the creators…'
      : 'Choose the creators first: select them and press "Count again", or type them.';
  }
  const { estimate } = state.checked;
  if (estimate.problem !== null) return estimate.problem;
  if (estimate.needsConfirmation && !state.confirmedCost)
    return 'Tick the box to accept the cost, then compare.';
  return null;
}

export function overlapEstimateFacts(estimate: OverlapEstimate): Fact[] {
  const facts: Fact[] = [
    { label: 'Read from', value: estimate.source },
    { label: 'Creators to compare', value: formatCount(estimate.creators) },
  ];
  if (estimate.repeats > 0)
    facts.push({ label: 'Repeats (counted once)', value: formatCount(estimate.repeats) });
  if (estimate.blanks > 0) facts.push({ label: 'Blank cells', value: formatCount(estimate.blanks) });
  if (estimate.unreadableCount > 0) {
    facts.push({ label: 'Unreadable', value: formatCount(estimate.unreadableCount) });
  }
  facts.push({ label: 'Most it can cost', value: creditsText(estimate.maxCredits) });
  return facts;
}

/** "@name: 'reason'" lines for the unreadable values the estimate names. */
export function unreadableLines(estimate: OverlapEstimate): string[] {
  const lines = estimate.unreadable.map((item) => `${item.where}: ${item.reason}`);
  const more = estimate.unreadableCount - estimate.unreadable.length;
  if (more > 0) lines.push(`and ${formatCount(more)} more`);
  return lines;
}

export interface OverlapShareRow {
  handle: string;
  followers: string;
  unique: string;
  overlapping: string;
}

function shareText(value: number | null): string {
  return value === null ? '–' : percentText(value);
}

/** The sidebar's short table: each creator's unique and overlapping shares, then the totals. */
export function overlapShareRows(outcome: OverlapOutcome): OverlapShareRow[] {
  const rows = outcome.creators.map((creator) => ({
    handle: creator.handle,
    followers: creator.followers === null ? '–' : formatCount(creator.followers),
    unique: shareText(creator.unique),
    overlapping: shareText(creator.overlapping),
  }));
  const { followers, uniqueShare } = outcome.totals;
  rows.push({
    handle: 'Total',
    followers: followers === null ? '–' : formatCount(followers),
    unique: shareText(uniqueShare),
    overlapping: uniqueShare === null ? '–' : percentText(1 - uniqueShare),
  });
  return rows;
}

/** The cost line under the count: fresh figures are always paid, a set compared before is free. */
export function overlapCostText(estimate: OverlapEstimate, refresh: boolean): string {
  const most = creditsText(estimate.maxCredits);
  return refresh
    ? `Costs ${most}: fresh figures are always paid.`
    : `At most ${most}; free when the worker compared this set before.`;
}
