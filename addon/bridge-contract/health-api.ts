/**
 * The Health part of the sidebar's contract (see sidebar-api.ts): the header badge's HealthView
 * plus what the Health section shows beside it (why the API is unreachable, the worker's own
 * calls to the API lately, its store, and for admins the API's drift from the contract).
 */
import type { HealthView } from './sidebar-api';
import type { LedgerReconciliation } from '../../shared/ledger-reconciliation';

/**
 * How an answer differed from what this version reads (shared/responses/tolerant.ts): a wanted
 * field absent, a field of another type, an enumerated value outside the list; `other` for a kind
 * a newer worker reports that this version does not know.
 */
export type DriftKind = 'missing' | 'wrong_type' | 'unknown_value' | 'other';

/** One field path where an operation's answers differed. */
export interface DriftFinding {
  kind: DriftKind;
  /** Dotted path from the body's root; `[]` stands for every element of a list. */
  path: string;
  /** The unknown value, for `unknown_value`. */
  value: string | null;
  /** Answers that showed it. */
  answers: number;
  /** ISO time it was last seen, when the worker says. */
  lastAt: string | null;
}

/** An operation whose answers drifted, with its worst findings first (as the worker ranks them). */
export interface DriftingOperation {
  /** The operation's id as the worker names it (`report`); the sidebar names it for people. */
  operation: string;
  /** Answers read since the worker started counting. */
  answers: number;
  /** Of those, answers that could not be read at all. */
  unreadable: number;
  /** ISO times, when the worker says. */
  lastAt: string | null;
  lastUnreadableAt: string | null;
  findings: DriftFinding[];
  /** Findings the worker listed beyond `findings` (the payload stays small). */
  moreFindings: number;
}

/** A paid answer the worker could not read: its body is kept for an admin under `id`. */
export interface UnreadableAnswerSummary {
  /** For `GET /api/admin/unreadable-answers/{id}` on the worker. */
  id: string;
  /** ISO time the service answered; null when the worker does not say. */
  at: string | null;
  operation: string;
  /** The HTTP status it came with (a 2xx). */
  status: number | null;
  /** What the ledger recorded for it. */
  credits: number | null;
  rawRequests: number | null;
  /** The body's length as it came, and whether the kept copy is cut. */
  bodyChars: number | null;
  truncated: boolean;
  /** Why it could not be read (the first few), with field paths. */
  problems: string[];
  moreProblems: number;
}

/** What the API's answers lacked against the contract: admins only. */
export interface ContractDrift {
  /** Operations with at least one finding or unreadable answer, most affected first. */
  drifting: DriftingOperation[];
  /** Answers read and operations they came from, drifting or not, for scale; null if not said. */
  answersRead: number | null;
  operationsRead: number | null;
  /** The latest unreadable paid answers, newest first. */
  unreadableAnswers: UnreadableAnswerSummary[];
}

export type { LedgerReconciliation } from '../../shared/ledger-reconciliation';

export interface HealthDetails {
  /** What getHealth answers: the badge is drawn from it. */
  view: HealthView;
  /** Why the worker cannot reach the API, when it cannot. */
  apiError: string | null;
  /** The API's status text as the service wrote it (`ok`), when it gave one. */
  apiSaid: string | null;
  /** Admins only: null for a member, and from a worker that does not report it. */
  contract: ContractDrift | null;
  /** Admins only: null for a member, before two readings, and from a worker that does not report it. */
  reconciliation: LedgerReconciliation | null;
  worker: {
    /** ISO time the worker started, when it says. */
    startedAt: string | null;
    /** Whether its store (cache, jobs, ledger) answers; null when it does not say. */
    storeReachable: boolean | null;
    /** Fetches still running after their request answered. */
    backgroundTasks: number | null;
    /** Its own calls to the API over the last minutes; null when it does not say. */
    upstream: {
      calls: number;
      errors: number;
      retries: number;
      windowMinutes: number;
      /** The last failed call: "429 rate_limited on search" and when (ISO; null if not said). */
      lastError: { description: string; at: string | null } | null;
    } | null;
  };
}

export interface HealthApi {
  /** The API's status per group and the worker's, in full, for the Health section. */
  getHealthDetails(): HealthDetails;
}
