import { randomBytes } from 'node:crypto';
import { isFinalJobStatus, type JobStatus } from '../../../../shared/worker-api/job-status';
import { MAX_JOB_ROWS_PAGE } from '../../../../shared/worker-api/request-limits';
import { fromStoredJson, toStoredJson, type JsonValue } from '../values/json-value';
import type { LedgerEntryInput } from '../ledger-repository';
import { fromMilliCredits } from '../values/milli-credits';
import { SealedDataError, type SealedBox } from '../sealing/sealed-box';
import {
  type BatchCommit,
  JobStoreError,
  type JobRecord,
  type NewJob,
  type JobRowsPage,
  type JobRow,
  type BatchLedgerRow,
} from '../job-repository';

/** A job as either engine stores it. */
export interface JobDbRow {
  id: string;
  kind: string;
  owner_email: string;
  idempotency_key: string | null;
  status: JobStatus;
  input: string;
  sealed_input: Buffer | null;
  total: number;
  done: number;
  errors: number;
  spent_milli: number;
  sealed_last_error: Buffer | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
}

/**
 * Inside a batch's commit: a job that ended (cancelled through any instance) or that another
 * instance has leased since commits nothing more; the runner then stops it.
 */
export function checkCommittable(job: JobDbRow, batch: BatchCommit): void {
  if (isFinalJobStatus(job.status)) throw alreadyEnded(job);
  if (batch.leaseOwner !== undefined && job.lease_owner !== batch.leaseOwner) {
    throw new JobStoreError(
      'job_conflict',
      `job ${job.id} is run by another worker instance now (its lease was taken over); this batch was not committed`,
    );
  }
}

/** A job's stored rows read back: the record (sealed texts opened) and its sealed last error. */
export function jobRecords(box: SealedBox) {
  // A job listing must not fail because one error text cannot be opened any more.
  const openError = (jobId: string, sealed: Buffer): string => {
    try {
      return box.open(sealed, errorContext(jobId));
    } catch (error) {
      if (error instanceof SealedDataError)
        return "the error text cannot be read: the data directory's secret changed";
      throw error;
    }
  };

  // A listing must not fail because one job's input cannot be opened any more: the job then reads
  // as one this version cannot run, and fails with a reason when it is resumed.
  const openInput = (jobId: string, stored: string): unknown => {
    try {
      return openStoredJson(box, stored, inputParamsContext(jobId));
    } catch (error) {
      if (error instanceof SealedDataError) return null;
      throw error;
    }
  };

  return {
    toRecord: (row: JobDbRow): JobRecord => ({
      id: row.id,
      kind: row.kind,
      ownerEmail: row.owner_email,
      idempotencyKey: row.idempotency_key,
      status: row.status,
      input: openInput(row.id, row.input),
      hasPrivateInput: row.sealed_input !== null,
      progress: {
        done: row.done,
        total: row.total,
        errors: row.errors,
        creditsSpent: fromMilliCredits(row.spent_milli),
      },
      lastError: row.sealed_last_error === null ? null : openError(row.id, row.sealed_last_error),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
    }),
    // Error text may quote an input ("c@x.com: malformed address"), so it is sealed like the rows.
    sealError: (jobId: string, error: string | undefined): Buffer | null =>
      error === undefined ? null : box.seal(error, errorContext(jobId)),
  };
}

/** A new job's id and its sealed inputs. Throws on a total that is not a whole number. */
export function sealNewJob(
  box: SealedBox,
  job: NewJob,
): { id: string; input: string; sealedInput: Buffer | null } {
  if (!Number.isInteger(job.total) || job.total < 0) {
    throw new RangeError(`a job's total must be a whole number of 0 or more, got ${String(job.total)}`);
  }
  const id = `job_${randomBytes(12).toString('base64url')}`;
  return {
    id,
    input: sealStoredJson(box, toStoredJson(job.input, 'a job input'), inputParamsContext(id)),
    sealedInput:
      job.privateInput === undefined
        ? null
        : box.seal(toStoredJson(job.privateInput, 'a job private input'), inputContext(id)),
  };
}

export function openPrivateInput(box: SealedBox, job: JobDbRow): unknown {
  if (job.sealed_input === null) return null;
  return fromStoredJson(box.open(job.sealed_input, inputContext(job.id)));
}

export function sealRow(box: SealedBox, jobId: string, position: number, row: JsonValue): Buffer {
  return box.seal(toStoredJson(row, `row ${position}`), rowContext(jobId, position));
}

export function sealCheckpoint(box: SealedBox, jobId: string, batch: BatchCommit): string {
  return sealStoredJson(
    box,
    toStoredJson(batch.checkpoint ?? null, 'a batch checkpoint'),
    checkpointContext(jobId, batch.index),
  );
}

export function openCheckpoints(
  box: SealedBox,
  jobId: string,
  rows: readonly { batch_index: number; checkpoint: string }[],
): Map<number, unknown> {
  return new Map(
    rows.map((row) => [
      row.batch_index,
      openStoredJson(box, row.checkpoint, checkpointContext(jobId, row.batch_index)),
    ]),
  );
}

/** The page of rows from `after`, stopping before the first position without one. */
export function rowsPage(
  box: SealedBox,
  jobId: string,
  after: number,
  stored: readonly { position: number; sealed_row: Buffer }[],
): JobRowsPage {
  const rows: JobRow[] = [];
  for (const { position, sealed_row } of stored) {
    if (position !== after + rows.length) break;
    rows.push({ position, row: fromStoredJson(box.open(sealed_row, rowContext(jobId, position))) });
  }
  return { rows, next: after + rows.length };
}

/** The ledger entry of one of a batch's rows: filed under the job, billed to its owner by default. */
export function batchLedgerEntry(job: JobDbRow, row: BatchLedgerRow, now: number): LedgerEntryInput {
  return { ...row, userEmail: row.userEmail ?? job.owner_email, jobId: job.id, at: row.at ?? now };
}

export function checkBatchIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0) {
    throw new JobStoreError(
      'invalid_batch',
      `a batch index must be a whole number of 0 or more, got ${String(index)}`,
    );
  }
}

export function checkRowsPage(after: number, limit: number): void {
  if (!Number.isInteger(after) || after < 0) {
    throw new RangeError(`after must be a whole number of 0 or more, got ${String(after)}`);
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_JOB_ROWS_PAGE) {
    throw new RangeError(`limit must be a whole number from 1 to ${MAX_JOB_ROWS_PAGE}, got ${String(limit)}`);
  }
}

export function checkPosition(job: JobDbRow, position: number): void {
  if (!Number.isInteger(position) || position < 0 || position >= job.total) {
    throw new JobStoreError(
      'invalid_batch',
      `a row position of job ${job.id} must be a whole number from 0 to ${job.total - 1}, got ${String(position)}`,
    );
  }
}

export function overlappingRow(jobId: string, position: number, batchIndex: number): JobStoreError {
  return new JobStoreError(
    'invalid_batch',
    `job ${jobId} already has a row at position ${position} (batch ${batchIndex} overlaps an earlier one)`,
  );
}

export function jobNotFound(id: string): JobStoreError {
  return new JobStoreError('job_not_found', `no job with id "${id}"`);
}

export function alreadyEnded(job: JobDbRow): JobStoreError {
  return new JobStoreError('job_conflict', `job ${job.id} has already ended (${job.status})`);
}

function inputContext(jobId: string): string {
  return `job ${jobId} input`;
}

export function inputParamsContext(jobId: string): string {
  return `job ${jobId} params`;
}

export function checkpointContext(jobId: string, batchIndex: number): string {
  return `job ${jobId} checkpoint ${batchIndex}`;
}

/**
 * The text columns `jobs.input` and `job_batches.checkpoint` hold `{"sealed": "<base64>"}`: the
 * JSON sealed under the data secret. One rule for everything of a job a user may have typed into,
 * rather than a rule per kind about which fields may quote an address: a kind added later cannot
 * forget it.
 */
export function sealStoredJson(box: SealedBox, json: string, context: string): string {
  return JSON.stringify({ sealed: box.seal(json, context).toString('base64') });
}

/** Also reads the plain JSON that versions before sealing wrote. Throws SealedDataError. */
function openStoredJson(box: SealedBox, stored: string, context: string): unknown {
  const value = fromStoredJson(stored);
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    'sealed' in value &&
    typeof value.sealed === 'string'
  ) {
    return fromStoredJson(box.open(Buffer.from(value.sealed, 'base64'), context));
  }
  return value;
}

function errorContext(jobId: string): string {
  return `job ${jobId} last error`;
}

function rowContext(jobId: string, position: number): string {
  return `job ${jobId} row ${position}`;
}
