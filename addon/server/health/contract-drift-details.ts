import type {
  ContractDrift,
  DriftFinding,
  DriftingOperation,
  DriftKind,
  UnreadableAnswerSummary,
} from '../../bridge-contract/health-api';
import {
  optionalNumberAt,
  optionalRecordAt,
  optionalStringAt,
  type JsonRecord,
} from '../worker-client/worker-answers';

/**
 * The `contract` section of `GET /api/health`, which the worker sends to admins only: how the API's
 * answers drifted from the contract, per operation and field path, and the latest paid answers it
 * could not read. Read tolerantly, as every detail of the health: a member, or a worker older than
 * the section, gets none, and an entry this version cannot make sense of is skipped, not fatal.
 */

/**
 * Caps on what goes to the sidebar: google.script.run carries the whole answer, and a 300 px panel
 * shows a few lines per operation anyway. The worker's own caps are near these; these hold if a
 * later worker lists more.
 */
const MAX_OPERATIONS = 30;
const MAX_FINDINGS = 20;
const MAX_UNREADABLE = 10;
const MAX_PROBLEMS = 5;
const MAX_PROBLEM_CHARS = 300;
const MAX_VALUE_CHARS = 60;

const KINDS: readonly DriftKind[] = ['missing', 'wrong_type', 'unknown_value'];

function recordsAt(record: JsonRecord, key: string): JsonRecord[] {
  const value = record[key];
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is JsonRecord => typeof item === 'object' && item !== null && !Array.isArray(item),
  );
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The worker writes ISO times in the drift counts and milliseconds in the answers' records. */
function timeAt(record: JsonRecord, key: string): string | null {
  const text = optionalStringAt(record, key);
  if (text !== null) return text;
  const ms = optionalNumberAt(record, key);
  return ms === null ? null : new Date(ms).toISOString();
}

function countAt(record: JsonRecord, key: string): number {
  return Math.max(0, optionalNumberAt(record, key) ?? 0);
}

function findingOf(record: JsonRecord): DriftFinding | null {
  const path = optionalStringAt(record, 'path');
  if (path === null) return null;
  const kind = optionalStringAt(record, 'kind');
  const value = optionalStringAt(record, 'value');
  return {
    kind: (KINDS as readonly (string | null)[]).indexOf(kind) >= 0 ? (kind as DriftKind) : 'other',
    path,
    value: value === null ? null : cut(value, MAX_VALUE_CHARS),
    answers: countAt(record, 'answers'),
    lastAt: timeAt(record, 'lastAt'),
  };
}

function driftingOf(record: JsonRecord): DriftingOperation | null {
  const operation = optionalStringAt(record, 'operation');
  if (operation === null) return null;
  const findings = recordsAt(record, 'findings')
    .map(findingOf)
    .filter((finding): finding is DriftFinding => finding !== null);
  return {
    operation,
    answers: countAt(record, 'answers'),
    unreadable: countAt(record, 'unreadable'),
    lastAt: timeAt(record, 'lastAt'),
    lastUnreadableAt: timeAt(record, 'lastUnreadableAt'),
    findings: findings.slice(0, MAX_FINDINGS),
    moreFindings: Math.max(0, findings.length - MAX_FINDINGS),
  };
}

function unreadableOf(record: JsonRecord): UnreadableAnswerSummary | null {
  const id = optionalStringAt(record, 'id');
  if (id === null) return null;
  const problems = Array.isArray(record.problems)
    ? record.problems.filter((problem): problem is string => typeof problem === 'string')
    : [];
  return {
    id,
    at: timeAt(record, 'at'),
    operation: optionalStringAt(record, 'operation') ?? 'unknown',
    status: optionalNumberAt(record, 'status'),
    credits: optionalNumberAt(record, 'credits'),
    rawRequests: optionalNumberAt(record, 'rawRequests'),
    bodyChars: optionalNumberAt(record, 'bodyChars'),
    truncated: record.truncated === true,
    problems: problems.slice(0, MAX_PROBLEMS).map((problem) => cut(problem, MAX_PROBLEM_CHARS)),
    moreProblems: Math.max(0, problems.length - MAX_PROBLEMS),
  };
}

/** The health answer's `contract` section, or null when it has none. */
export function toContractDrift(health: JsonRecord): ContractDrift | null {
  const contract = optionalRecordAt(health, 'contract');
  if (contract === null) return null;
  return {
    drifting: recordsAt(contract, 'drifting')
      .map(driftingOf)
      .filter((item): item is DriftingOperation => item !== null)
      .slice(0, MAX_OPERATIONS),
    answersRead: optionalNumberAt(contract, 'answersRead'),
    operationsRead: optionalNumberAt(contract, 'operationsRead'),
    unreadableAnswers: recordsAt(contract, 'unreadableAnswers')
      .map(unreadableOf)
      .filter((item): item is UnreadableAnswerSummary => item !== null)
      .slice(0, MAX_UNREADABLE),
  };
}
