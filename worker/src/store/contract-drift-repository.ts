import type { OperationId } from '../../../shared/operations';
import type { DriftFinding } from '../../../shared/responses/tolerant';
import type { OperationDrift } from '../../../shared/worker-api/health';

/**
 * Contract drift per operation: how many answers the worker read, how many it could not read at
 * all, and for each field path how many answers lacked a wanted field or carried an enum value this
 * version does not know. A vendor change shows here the day it ships, not when users complain.
 *
 * Counting happens on the answer's path, so it is summed in memory and written in one transaction
 * within `flushMs` (and before every read and on close), like the ledger's savings.
 */
export interface ContractDriftRepository {
  /** One answer read: `unreadable` when it could not be read at all. */
  record(operation: OperationId, findings: readonly DriftFinding[], unreadable: boolean): void;
  summary(): Promise<ContractDriftSummary>;
}

export interface ContractDriftSummary {
  /** Operations with at least one finding or unreadable answer, most affected first. */
  drifting: OperationDrift[];
  /** Answers read per operation, drifting or not, for scale. */
  answersRead: number;
  operationsRead: number;
}
