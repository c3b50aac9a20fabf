import type { RawAllowance, RawFeedUsage, RawUsage } from '../../bridge-contract/raw-data-api';
import { rawUnitsText } from '../../bridge-contract/raw-data-estimate';
import { rawCursorParam, rawOperation, rawOperationName } from '../../bridge-contract/raw-data-operations';
import { countOf, formatCount } from '../ui/count-text';

/** What the Raw data section says once a pull has ended: what it wrote, and exactly what it spent. */

/**
 * The allowance line: the account's allowance (admins), the user's raw budget, or why there is no
 * figure (a member is not told the account's allowance; the API did not say).
 */
export function allowanceText(allowance: RawAllowance): string {
  const left = allowance.rawRequestsLeft;
  if (left !== null) {
    return allowance.limitedBy === 'budget'
      ? `Raw requests your budget leaves: ${formatCount(left)}.`
      : `Raw requests left this month: ${formatCount(left)}.`;
  }
  return allowance.accountHidden
    ? "Raw requests left: only admins see the API account's allowance, and no raw budget limits yours."
    : 'Raw requests left this month: unknown (the API did not say).';
}

/** The allowance after a pull, from what its answer says is left (unchanged when it says nothing). */
export function afterPull(allowance: RawAllowance | undefined, usage: RawUsage): RawAllowance | undefined {
  if (usage.rawRequestsLeft === null) return allowance;
  return {
    rawRequestsLeft: usage.rawRequestsLeft,
    limitedBy: usage.limitedBy,
    accountHidden: allowance?.accountHidden ?? false,
  };
}

function spentText(usage: RawUsage): string {
  const where = usage.limitedBy === 'budget' ? 'under your raw budget' : 'this month';
  const left = usage.rawRequestsLeft === null ? '' : `; ${formatCount(usage.rawRequestsLeft)} left ${where}`;
  return `Spent ${rawUnitsText(usage.rawUnits)}${left}.`;
}

/** A one-request pull: "Wrote 1 row into 'Tab'!A2. Spent 1 raw request; 8,999 left this month." */
export function tableResultText(result: { destination: string; rows: number; usage: RawUsage }): string {
  const wrote =
    result.rows === 0
      ? `The answer held nothing to write; the header is in ${result.destination}.`
      : `Wrote ${countOf(result.rows, 'row')} into ${result.destination}.`;
  return `${wrote} ${spentText(result.usage)}`;
}

/**
 * What a feed job spent, once it has ended: "Spent 5 raw requests for 5 pages, no credits; 8,995
 * left this month." How it ended, its rows and its tab are on its line in the jobs strip (the one
 * place a job's state shows, issue 15), so they are not said again here. Units can exceed pages (a
 * not-found answer, a page fetched again after a restart): both are said as they are.
 */
export function feedSpendText(usage: RawFeedUsage): string {
  const where = usage.limitedBy === 'budget' ? 'under your raw budget' : 'this month';
  const left = usage.rawRequestsLeft === null ? '' : `; ${formatCount(usage.rawRequestsLeft)} left ${where}`;
  if (usage.rawUnits === 0) return `Spent no raw requests: no page was pulled${left}.`;
  return `Spent ${rawUnitsText(usage.rawUnits)} for ${countOf(usage.pages, 'page')}, no credits${left}.`;
}

/**
 * Where the feed goes on, when it does: the sentence under the result, or null. `placed`: the
 * cursor was put into the form's cursor field (the form still asks for that feed); otherwise the
 * cursor is given to copy.
 */
export function feedMoreText(usage: RawFeedUsage, placed: boolean): string | null {
  if (!usage.more || usage.cursor === null) return null;
  const operation = rawOperation(usage.operation);
  const field = operation === null ? null : rawCursorParam(operation);
  if (placed && operation !== null && field !== null) {
    return `The feed goes on: "${field.label}" of ${rawOperationName(operation)} now holds where it stopped. Pull again for the next pages: "This tab, below its table" adds them to the same table.`;
  }
  const where = field === null ? 'its cursor' : `"${field.label}"`;
  return `The feed goes on. To pull the next pages, put this in ${where}: ${usage.cursor}`;
}
