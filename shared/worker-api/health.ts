import type { LedgerReconciliation } from '../ledger-reconciliation';
import type { OperationId } from '../operations';
import type { HealthStatus } from '../responses/health';
import type { DriftFinding } from '../responses/tolerant';
import type { UnreadableAnswerRecord } from './unreadable-answers';
import type { WorkerMode } from './worker-role';

/** down: the store or the API is unreachable, or the API says Unhealthy; degraded: some failing. */
export type OverallStatus = 'ok' | 'degraded' | 'down';

/** The worker's calls to the API over the last minutes. */
export interface UpstreamSummary {
  /** Calls settled within the window (retries count once, with their final outcome). */
  recentCalls: number;
  recentErrors: number;
  /** Retries made within the window (429s, 5xx, timeouts that were tried again). */
  recentRetries: number;
  windowMs: number;
  lastError: { at: string; operation: OperationId; status: number | null; code: string } | null;
}

/** A field the API's answers lacked, or an enum value this version does not know. */
export interface DriftCount extends DriftFinding {
  /** Answers that showed it. */
  answers: number;
  firstAt: string;
  lastAt: string;
}

export interface OperationDrift {
  operation: OperationId;
  /** Answers read since `firstAt`. */
  answers: number;
  unreadable: number;
  firstAt: string;
  lastAt: string;
  lastUnreadableAt: string | null;
  /** Most frequent first. */
  findings: DriftCount[];
}

/** Admins only: the API's answers against the contract, and the latest unreadable paid answers. */
export interface ContractReport {
  /** Operations with at least one finding or unreadable answer, most affected first. */
  drifting: OperationDrift[];
  answersRead: number;
  operationsRead: number;
  unreadableAnswers: Omit<UnreadableAnswerRecord, 'userEmail' | 'requestId' | 'jobId'>[];
}

/** `GET /api/health`: the API's health and the worker's own. */
export interface HealthAnswer {
  status: OverallStatus;
  api:
    | {
        reachable: true;
        status: HealthStatus;
        groups: Record<string, HealthStatus>;
        /** The status text as the service wrote it, or null when it gave none. */
        said: string | null;
      }
    | { reachable: false; error: { code: string; message: string } };
  worker: {
    mode: WorkerMode;
    startedAt: string;
    uptimeSeconds: number;
    store: { reachable: boolean };
    upstream: UpstreamSummary;
    /** Fetches still running after their request answered. */
    backgroundTasks: number;
  };
  /** Admins only. */
  contract?: ContractReport;
  /** Admins only: the ledger against the API account's balance; null before two readings. */
  reconciliation?: LedgerReconciliation | null;
}
