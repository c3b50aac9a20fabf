import type { Column, Row } from '../../../shared/rows/columns';
import type { OperationContext, OperationDeps } from '../operations/operation-deps';
import type { JobRecord } from '../store/job-repository';
import type { JsonValue } from '../store/values/json-value';
import type { JobKindName } from '../../../shared/worker-api/job-kinds';

/**
 * What one kind of job is: how a request's input becomes a stored job, and how a (re)started job
 * is cut into batches from its committed checkpoints. A kind lives in `job-kinds/<name>.ts` and is
 * listed once in job-kind-registry.ts; the runner, the router and the store know nothing else
 * about it.
 *
 * The contract that makes a restart safe:
 * - `plan` is called at every start and resume with the checkpoints committed so far, and must
 *   never hand out again the work a committed checkpoint covers.
 * - A batch's rows, its checkpoint and its paid calls are committed together after `run` returns;
 *   anything `run` fetched but did not get to commit must be answerable from the worker's caches
 *   (reports, e-mail results, search pages) so that running it again pays nothing.
 * - Checkpoints, `input` and rows are sealed in the store (they may hold anything a user typed,
 *   addresses included); `privateInput` is sealed too and deleted when the job ends.
 */
export interface JobKind {
  /** The `kind` of `POST /api/jobs`: one of the API's names (shared/worker-api/job-kinds.ts). */
  readonly name: JobKindName;
  /** One line for people: what the job does and what its input holds. */
  readonly summary: string;
  /** Checks the request's `input` (a 400 WorkerError naming each problem) and shapes the job. */
  create(input: unknown, deps: OperationDeps): Promise<JobDraft>;
  /** The rest of the work, from what is committed. */
  plan(state: JobResumeState, deps: OperationDeps): Promise<JobPlan>;
}

/** A job before it exists. */
interface JobDraft {
  /** The kind's own settings, kept with the job (sealed) until it is purged (see `JobResumeState.params`). */
  params: JsonValue;
  /** Sealed in the store and deleted when the job ends. */
  privateInput?: JsonValue;
  /**
   * Input positions (rows). For paged kinds the most rows the pages can hold: a job that ends with
   * fewer is done, and shows its real count (job-view.ts).
   */
  total: number;
  /** The job's columns, fixed now so that every page of rows lines up under one header. */
  columns: readonly Column[];
}

interface JobResumeState {
  job: JobRecord;
  /** `JobDraft.params` as stored. */
  params: unknown;
  /** `JobDraft.privateInput` as stored, or null. */
  privateInput: unknown;
  /** Checkpoints of the committed batches, by batch index (the runner numbers batches). */
  checkpoints: ReadonlyMap<number, unknown>;
}

/**
 * The remaining batches of one run, handed out one at a time: a batch may depend on the one before
 * (a cursor, the ids seen so far), so the plan moves on only when a batch's `run` resolves.
 */
export interface JobPlan {
  /** The next batch, or null when the job is complete. */
  next(): Promise<JobBatch | null>;
}

export interface JobBatch {
  /** For logs: never an input value ("1000 addresses", "page 7"). */
  readonly label: string;
  /**
   * Does the batch's work. `deps.paid` is the batch's own: its calls are checked against the
   * budget as usual, and billed in the ledger row committed with the rows.
   */
  run(deps: OperationDeps, context: OperationContext): Promise<JobBatchResult>;
}

export interface JobBatchResult {
  rows: JobResultRow[];
  /** What `plan` needs to know this batch is done. Plain JSON: no e-mail address. */
  checkpoint: JsonValue;
  /** Rows that record an error for their input, and the last such message. */
  errors?: number;
  lastError?: string;
}

export interface JobResultRow {
  position: number;
  row: Row;
}

/**
 * The deadline a job passes to an operation built for formulas (`deadlineMs`): the longest timer
 * Node keeps, so a batch always waits for its whole answer instead of committing "still fetching"
 * rows.
 */
export const JOB_BATCH_DEADLINE_MS = 2 ** 31 - 1;
