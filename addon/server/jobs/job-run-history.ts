import { isFinalJobStatus } from '../../../shared/worker-api/job-status';
import type { RawFeedUsageAnswer } from '../../../shared/worker-api/raw';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { JobRecord } from './job-records';
import { noteRunEnded, noteRunStarted, type RunStart } from '../saved-work/run-history';
import { plural } from '../sheet/number-text';
import { asRecord, optionalNumberAt, type WorkerJobProgress } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';

/**
 * A sidebar job's lines in the document's run history (run-history.ts): "running" once the worker
 * accepted it, then how it ended, both written under the document lock its start and polls hold.
 */

function runStart(record: JobRecord): RunStart {
  return {
    id: record.id,
    kind: record.kind,
    who: record.owner,
    destination: record.destination,
    startedAt: record.startedAt === '' ? new Date().toISOString() : record.startedAt,
  };
}

export function noteJobStarted(record: JobRecord): void {
  noteRunStarted(runStart(record));
}

/** Rows with an error, or why it failed, in a few words. */
function noteOf(progress: WorkerJobProgress): string | null {
  if (progress.status === 'failed') return progress.lastError ?? 'the worker gave no reason';
  return progress.errors > 0 ? `${plural(progress.errors, 'row')} with an error` : null;
}

/**
 * The raw requests a raw feed spent, from the worker's ledger, so its history line says what it
 * used rather than "0 credits" (raw data costs none); null for other kinds, and when the worker
 * cannot say: a history line is never worth failing the poll that writes the rows.
 */
function rawRequestsOf(record: JobRecord): number | null {
  if (record.kind !== 'raw-feed') return null;
  try {
    const answer = asRecord<RawFeedUsageAnswer>(
      callRoute(WORKER_ROUTES.rawFeedUsage, { params: { id: record.id } }),
      'the raw feed usage',
    );
    return optionalNumberAt(answer, 'rawUnits');
  } catch {
    return null;
  }
}

/** The job ended and its rows are in the sheet (or it can write no more). */
export function noteJobEnded(record: JobRecord, progress: WorkerJobProgress): void {
  const status = progress.status;
  if (!isFinalJobStatus(status)) return;
  noteRunEnded(runStart(record), {
    rows: record.rowsWritten,
    credits: progress.creditsSpent,
    rawRequests: rawRequestsOf(record),
    outcome: status,
    note: noteOf(progress),
    endedAt: new Date(record.finishedAt ?? Date.now()).toISOString(),
  });
}
