import type {
  ContractDrift,
  DriftFinding,
  DriftingOperation,
  UnreadableAnswerSummary,
} from '../../bridge-contract/health-api';
import { countOf, creditsText, formatCount } from '../ui/count-text';
import { operationLabel } from '../ui/operation-label';

/** What the Health section says about contract drift (admins only), without the page. */

/** What drift means for the people whose sheets it touches, in one line. */
export const CONTRACT_DRIFT_TEXT =
  'Drift: the API answered without fields (or with values) this version expects. The rows from ' +
  'those answers show empty cells there; nothing was paid twice.';

/** Where an admin reads what the worker kept of an unreadable answer. */
export const UNREADABLE_BODY_HINT =
  'Each answer the worker could not read was billed once and its rows say so. An admin reads the ' +
  'body the worker kept at GET /api/admin/unreadable-answers/{id}.';

/** A line names this many findings of an operation; the rest are counted. */
export const FINDINGS_PER_LINE = 3;

/** The folded group's title: whether there is anything to look at, without opening it. */
export function contractSummaryText(contract: ContractDrift): string {
  const read = contract.answersRead === null ? '' : ` (${countOf(contract.answersRead, 'answer')} read)`;
  // The list holds the latest few; the counts per operation hold them all.
  const counted = contract.drifting.reduce((sum, drift) => sum + drift.unreadable, 0);
  const unreadable = Math.max(counted, contract.unreadableAnswers.length);
  if (contract.drifting.length === 0 && unreadable === 0) return `Contract drift: none${read}`;
  const parts = [countOf(contract.drifting.length, 'operation')];
  if (unreadable > 0) parts.push(countOf(unreadable, 'unreadable answer'));
  return `Contract drift: ${parts.join(', ')}${read}`;
}

function where(path: string): string {
  return path === '(root)' ? 'the whole answer' : path;
}

/** "lacked profile.audience.credibility", after how many answers showed it. */
function findingClause(finding: DriftFinding): string {
  switch (finding.kind) {
    case 'missing':
      return `lacked ${where(finding.path)}`;
    case 'wrong_type':
      return `had ${where(finding.path)} of an unexpected type`;
    case 'unknown_value':
      return finding.value === null
        ? `carried an unknown value at ${where(finding.path)}`
        : `carried an unknown value ${JSON.stringify(finding.value)} at ${where(finding.path)}`;
    case 'other':
      return `differed at ${where(finding.path)}`;
  }
}

/**
 * "Report: 12 of 40 answers lacked profile.audience.credibility; 3 carried an unknown value
 * "NON_BINARY" at audience.genders[].code; 1 could not be read at all."
 */
export function driftLine(drift: DriftingOperation): string {
  const clauses: { count: number; text: string }[] = drift.findings
    .slice(0, FINDINGS_PER_LINE)
    .map((finding) => ({ count: finding.answers, text: findingClause(finding) }));
  if (drift.unreadable > 0) clauses.push({ count: drift.unreadable, text: 'could not be read at all' });
  const parts = clauses.map(({ count, text }, index) =>
    // The first clause says out of how many: the scale of the rest.
    index === 0
      ? `${formatCount(count)} of ${countOf(drift.answers, 'answer')} ${text}`
      : `${formatCount(count)} ${text}`,
  );
  const hidden = Math.max(0, drift.findings.length - FINDINGS_PER_LINE) + drift.moreFindings;
  if (hidden > 0) parts.push(`and ${countOf(hidden, 'more field')}`);
  const said = parts.length === 0 ? 'no findings listed' : parts.join('; ');
  return `${operationLabel(drift.operation)}: ${said}.`;
}

/** "Report, <time>": the page puts the id beside it on its own, for copying. */
export function unreadableAnswerTitle(
  answer: UnreadableAnswerSummary,
  time: (iso: string) => string,
): string {
  const when = answer.at === null ? '' : `, ${time(answer.at)}`;
  return `${operationLabel(answer.operation)}${when}`;
}

/** What was recorded for it and why it could not be read. */
export function unreadableAnswerRecord(answer: UnreadableAnswerSummary): string {
  const recorded: string[] = [];
  if (answer.credits !== null && answer.credits > 0) recorded.push(creditsText(answer.credits));
  if (answer.rawRequests !== null && answer.rawRequests > 0) {
    recorded.push(countOf(answer.rawRequests, 'raw request'));
  }
  if (recorded.length === 0 && answer.credits !== null) recorded.push('nothing charged');
  const facts: string[] = [];
  if (recorded.length > 0) facts.push(`Recorded: ${recorded.join(', ')}`);
  if (answer.status !== null) facts.push(`HTTP ${answer.status}`);
  if (answer.bodyChars !== null) {
    facts.push(`${countOf(answer.bodyChars, 'character')}${answer.truncated ? ' (kept cut)' : ''}`);
  }
  const head = facts.length === 0 ? '' : `${facts.join('; ')}.`;
  if (answer.problems.length === 0) return head;
  const more = answer.moreProblems > 0 ? ` (and ${formatCount(answer.moreProblems)} more)` : '';
  const why = `Why: ${answer.problems.map((problem) => problem.replace(/[.\s]+$/, '')).join('; ')}${more}.`;
  return head === '' ? why : `${head} ${why}`;
}
