import type { DocumentChange, FormulaAsk } from '../../../shared/worker-api/formula-allowance';
import type { FormulaAllowanceView } from '../../bridge-contract/formula-allowance-api';
import { countOf, creditsText } from '../ui/count-text';
import { clockText, whenText } from '../ui/sheet-time';

/** What a refused formula is called in a cell, and what it wanted, by operation. */
const FORMULA_OF: Readonly<Record<string, { name: string; noun: string; plural: string }>> = {
  report: { name: '=INFLUENCER_REPORT', noun: 'new creator', plural: 'new creators' },
  emailSearch: { name: '=EMAIL_SEARCH', noun: 'new e-mail address', plural: 'new e-mail addresses' },
  audienceOverlap: { name: '=AUDIENCE_OVERLAP', noun: 'new comparison', plural: 'new comparisons' },
};

/** "5 credits a day (the default) + 8 approved today", or "No daily cap". */
export function allowanceText(view: FormulaAllowanceView): string {
  if (view.perDay === null) return 'No daily cap: formulas spend without asking';
  const base = `${creditsText(view.perDay)} a day${view.isDefault ? ' (the default)' : ''}`;
  return view.approvedToday > 0 ? `${base} + ${creditsText(view.approvedToday)} approved today` : base;
}

export function allowanceFacts(view: FormulaAllowanceView): { label: string; value: string }[] {
  const spent =
    view.pending > 0
      ? `${creditsText(view.spentToday)}, ${creditsText(view.pending)} more running`
      : creditsText(view.spentToday);
  const facts = [
    { label: 'Formula allowance', value: allowanceText(view) },
    { label: 'Spent by formulas today', value: spent },
  ];
  if (view.left !== null) {
    facts.push({
      label: 'Left today',
      value: `${creditsText(view.left)} (until ${clockText(view.resetsAt)})`,
    });
  }
  return facts;
}

/**
 * Who asks, by name and place (issue 25): "The schedule "Weekly" (tab Weekly report)", or
 * "=INFLUENCER_REPORT in Formulas!B4" (a formula whose cell an older worker did not keep: its
 * function only).
 */
export function askerText(ask: FormulaAsk): string {
  if (ask.source?.kind === 'schedule') return `The schedule "${ask.source.name}" (tab ${ask.source.tab})`;
  const name = FORMULA_OF[ask.operation]?.name ?? ask.operation;
  const cell = ask.source?.kind === 'formula' ? ask.source.cell : null;
  return cell === null ? name : `${name} in ${cell}`;
}

/**
 * "The schedule "Weekly" (tab Weekly report) wants up to 8 credits for 8 new creators (10:32)",
 * "=INFLUENCER_REPORT in Formulas!B4 wants ...".
 */
export function askText(ask: FormulaAsk): string {
  const formula = FORMULA_OF[ask.operation] ?? { name: ask.operation, noun: 'new item', plural: 'new items' };
  const items = countOf(ask.items, formula.noun, formula.plural);
  return `${askerText(ask)} wants up to ${creditsText(ask.credits)} for ${items} (${clockText(ask.at)})`;
}

/** The Approve button of one ask: what approving it does. */
export function approveAskLabel(ask: FormulaAsk): string {
  const then = ask.source?.kind === 'schedule' ? 'run it now' : 'refresh';
  return `Approve ${creditsText(ask.credits)} and ${then}`;
}

export function approveLabel(credits: number): string {
  return `Approve ${creditsText(credits)} and refresh formulas`;
}

/** Why this user sees the asks but no Approve button, and what they can do instead. */
export function whoMayApproveText(view: FormulaAllowanceView): string {
  const who = view.connectedBy ?? 'whoever connects the formulas';
  return `Only ${who} (their budget pays for these formulas) or an admin can approve or change the allowance. Or use your account for formulas.`;
}

/**
 * After an approval: what happened, in one line: the schedules it started (they write their tab
 * within seconds), the formulas it refreshed.
 */
export function approvedText(
  credits: number,
  refreshed: number,
  startedSchedules: readonly string[] = [],
): string {
  const parts: string[] = [];
  if (startedSchedules.length > 0) {
    const names = startedSchedules.map((name) => `"${name}"`).join(', ');
    parts.push(`${names} ${startedSchedules.length === 1 ? 'runs' : 'run'} now`);
  }
  if (refreshed > 0 || startedSchedules.length === 0) {
    parts.push(refreshed === 0 ? 'no formulas to refresh' : `${countOf(refreshed, 'formula')} refreshed`);
  }
  return `Approved ${creditsText(credits)} for today: ${parts.join('; ')}.`;
}

/** "25 Nov, 09:00 · ana@team.com connected the formulas (...)": one change to the document. */
export function changeText(change: DocumentChange): string {
  return `${whenText(change.at)} · ${change.summary}`;
}

/** The heading of the changes list: "Changes to this spreadsheet (3)". */
export function changesHeading(count: number): string {
  return count === 0 ? 'No changes recorded yet' : `Changes to this spreadsheet (${count})`;
}
