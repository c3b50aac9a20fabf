import type { RunKind, RunLine, RunOutcome, SpendLine } from '../../bridge-contract/saved-work-api';
import type { AccountView, JobKindName, SpendView } from '../../bridge-contract/sidebar-api';
import { countOf, creditsText, formatCount } from '../ui/count-text';
import type { Fact } from '../ui/estimate-text';
import { JOB_KIND_TITLES } from '../jobs/job-progress-text';
import { operationLabel } from '../ui/operation-label';
import { whenText } from '../ui/sheet-time';

/** "12 of 50 credits (24%)", or "12 credits (no budget)" when none is set. */
export function budgetText(spent: number, budget: number | null): string {
  if (budget === null) return `${creditsText(spent)} (no budget set)`;
  if (budget <= 0) return `${creditsText(spent)} of a budget of 0: paid actions are blocked`;
  const percent = Math.round((spent / budget) * 100);
  return `${formatCount(spent)} of ${creditsText(budget)} (${percent}%)`;
}

/** A credit balance the API did not report shows as unknown rather than as zero. */
export function balanceText(value: number | null, noun: string): string {
  return value === null ? 'Unknown' : countOf(value, noun);
}

/**
 * What is left on the API account, for admins; for members the worker's sentence saying that only
 * admins see it, rather than two lines of "Unknown".
 */
export function balanceFacts(
  account: Pick<AccountView, 'creditsLeft' | 'rawRequestsLeft' | 'balanceNote'>,
): Fact[] {
  if (account.balanceNote !== null) return [{ label: 'API balance', value: account.balanceNote }];
  return [
    { label: 'Credits left', value: balanceText(account.creditsLeft, 'credit') },
    { label: 'Raw requests left', value: balanceText(account.rawRequestsLeft, 'request') },
  ];
}

/** One column of the spend table: what a day or a month cost and what the cache saved. */
export function spendFacts(spend: SpendView): Fact[] {
  return [
    { label: 'Credits', value: formatCount(spend.credits) },
    { label: 'Calls', value: formatCount(spend.calls) },
    { label: 'Cache hits', value: formatCount(spend.cacheHits) },
    { label: 'Credits saved', value: formatCount(spend.creditsSaved) },
  ];
}

const TABLE_RUN_TITLES: Readonly<Record<Exclude<RunKind, JobKindName>, string>> = {
  overlap: 'Audience overlap',
  'collaboration-summary': 'Collaboration summary',
  'raw-request': 'Raw data',
  'list-members': 'List members',
  dictionary: 'Dictionary',
  'scheduled-run': 'Scheduled run',
};

/** "Search", "Audience overlap": what a run was, in the words of its section. */
function runKindText(kind: RunKind): string {
  if (Object.prototype.hasOwnProperty.call(JOB_KIND_TITLES, kind))
    return JOB_KIND_TITLES[kind as JobKindName];
  return TABLE_RUN_TITLES[kind as Exclude<RunKind, JobKindName>] ?? kind;
}

const MODE_WORDS: Readonly<Record<RunLine['mode'], string>> = {
  new: 'new tab',
  replace: 'replaced',
  append: 'added below',
  beside: 'beside the input',
};

const OUTCOME_WORDS: Readonly<Record<RunOutcome, string>> = {
  running: 'Running',
  done: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
  unknown: 'Ended out of sight',
};

/** "24 Nov, 14:02" or "today, 14:02", on the spreadsheet's clock as every time the sidebar shows. */
function runWhenText(iso: string, now: Date = new Date()): string {
  return whenText(new Date(iso).getTime(), { now: now.getTime() });
}

/** "Search into 'Vegan' (replaced)": what ran, and where its rows went. */
export function runWhatText(line: RunLine): string {
  return `${runKindText(line.kind)} into ${line.place} (${MODE_WORDS[line.mode] ?? line.mode})`;
}

/**
 * "Done: 45 rows, 0.45 credits · today, 14:02 · ana@team.com": how it ended, what it wrote and
 * cost, when and who. Raw data says its raw requests instead of credits it does not spend.
 */
export function runOutcomeText(line: RunLine, now?: Date): string {
  const cost =
    line.rawRequests !== null && line.credits === 0
      ? countOf(line.rawRequests, 'raw request')
      : creditsText(line.credits);
  const what =
    line.outcome === 'running'
      ? 'Running'
      : `${OUTCOME_WORDS[line.outcome]}: ${countOf(line.rows, 'row')}, ${cost}`;
  const note = line.note === null ? '' : ` (${line.note.replace(/\.$/, '')})`;
  const who = line.who === null ? '' : ` · ${line.who}`;
  return `${what}${note} · ${runWhenText(line.endedAt ?? line.startedAt, now)}${who}`;
}

/** "Search", "Instagram user posts (raw data)": operation ids in the words people use. */
export function spendLineLabel(line: SpendLine, by: 'operation' | 'day'): string {
  return by === 'operation' ? operationLabel(line.key) : line.key;
}

/** "12.5 credits", with the raw requests when there are any. */
export function spendLineText(line: Pick<SpendLine, 'credits' | 'rawRequests'>): string {
  const raw = line.rawRequests > 0 ? `, ${countOf(line.rawRequests, 'raw request')}` : '';
  return `${creditsText(line.credits)}${raw}`;
}
