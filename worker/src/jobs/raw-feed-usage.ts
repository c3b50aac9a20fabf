import { RAW_OPERATION_IDS, type RawOperationId } from '../../../shared/operations';
import { isRawOperationId } from '../../../shared/requests/raw';
import { isPagedRawOperation, RAW_PAGINATION } from '../../../shared/responses/raw';
import { isRecord } from '../../../shared/rows/cell-values';
import { WorkerError } from '../request-io/worker-error';
import type { OperationContext, OperationDeps } from '../operations/operation-deps';
import { rawLeftFor } from '../operations/raw/raw-left';
import type { JobRecord } from '../store/job-repository';
import { normalizeUserEmail } from '../store/values/user-email';
import { readStoredJobInput } from './stored-job-input';
import type { RawFeedUsageAnswer } from '../../../shared/worker-api/raw';
type RawFeedUsage = RawFeedUsageAnswer;

/** A committed page's checkpoint (job-kinds/raw-feed.ts); recovered-charge batches have none of these. */
interface PageMark {
  end: boolean;
  cursor: string | null;
  feedEnded: boolean | null;
  resumeCursor: string | null;
}

function pageMark(checkpoint: unknown): PageMark | null {
  if (!isRecord(checkpoint) || typeof checkpoint.end !== 'boolean' || !Array.isArray(checkpoint.added)) {
    return null;
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    end: checkpoint.end,
    cursor: text(checkpoint.cursor),
    feedEnded: typeof checkpoint.feedEnded === 'boolean' ? checkpoint.feedEnded : null,
    resumeCursor: text(checkpoint.resumeCursor),
  };
}

function operationOf(job: JobRecord): RawOperationId | null {
  const params = readStoredJobInput(job.input)?.params;
  const operation = isRecord(params) ? params.operation : undefined;
  const found = RAW_OPERATION_IDS.find((id) => id === operation);
  return found !== undefined && isRawOperationId(found) ? found : null;
}

/** The raw feed job when the caller may see it (its owner, or an admin), else 404 as for no job. */
async function visibleRawFeedJob(
  deps: OperationDeps,
  context: OperationContext,
  id: string,
): Promise<JobRecord> {
  const job = await deps.store.jobs.get(id);
  const { identity } = context;
  if (
    job === null ||
    job.kind !== 'raw-feed' ||
    (job.ownerEmail !== normalizeUserEmail(identity.email) && identity.role !== 'admin')
  ) {
    throw new WorkerError(404, 'job_not_found', `No raw feed job "${id}"`);
  }
  return job;
}

export async function readRawFeedUsage(
  deps: OperationDeps,
  context: OperationContext,
  id: string,
): Promise<RawFeedUsage> {
  const job = await visibleRawFeedJob(deps, context, id);
  const operation = operationOf(job);
  const checkpoints = await deps.store.jobs.checkpoints(id);
  const marks = [...checkpoints.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, checkpoint]) => pageMark(checkpoint))
    .filter((mark): mark is PageMark => mark !== null);
  const last = marks.length === 0 ? null : marks[marks.length - 1];
  const ledger = await deps.store.ledger.ofJob(id);
  const rawUnits = ledger.reduce((sum, row) => sum + row.rawRequests, 0);
  const cursorParam =
    operation !== null && isPagedRawOperation(operation) ? RAW_PAGINATION[operation].param : null;

  let more: boolean;
  let cursor: string | null;
  if (cursorParam === null) {
    more = false;
    cursor = null;
  } else if (last === null) {
    // Nothing committed: a pull that goes on starts where this one was asked to.
    more = job.status !== 'done';
    cursor = null;
  } else if (last.feedEnded !== null) {
    more = !last.feedEnded;
    cursor = more ? last.resumeCursor : null;
  } else {
    // Checkpoints of an earlier version: `end` also covers the row limit, which cannot be told apart.
    more = !last.end;
    cursor = more ? last.cursor : null;
  }
  const left = await rawLeftFor(deps, context);
  return {
    id: job.id,
    status: job.status,
    operation,
    pages: marks.length,
    rawUnits,
    more,
    cursor,
    cursorParam,
    rawRequestsLeft: left.left,
    rawLeftOf: left.of,
  };
}
