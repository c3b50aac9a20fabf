import type { Column, Row } from '../../../shared/rows/columns';
import { isFinalJobStatus } from '../../../shared/worker-api/job-status';
import type { JobDeliveryState, JobWaiting } from '../../../shared/worker-api/jobs';
import type { JobView } from '../../bridge-contract/sidebar-api';
import { aiSearchPageLine } from '../ai-search/ai-search-progress';
import { destinationLabel } from './job-destination';
import type { JobRecord } from './job-records';
import { creditsText, formatCount, plural } from '../sheet/number-text';
import type { WorkerJobProgress, WorkerJobRows } from '../worker-client/worker-answers';

/**
 * One poll of a job: read its progress, then pull finished rows in blocks from where the sheet
 * stops (`rows?after=rowsWritten`) and write each block with one setNumberFormats and one
 * setValues, saving the position
 * after every block. The work is bounded (a time budget well inside the 6-minute limit); the next
 * poll continues from the saved position. Everything Apps Script is behind JobWriterDeps, so the
 * rules are tested without a spreadsheet.
 */

/** Rows per block: one `GET rows` and one `setValues` each. */
export const BLOCK_ROWS = 500;
/** A poll stops starting blocks after this long: the script limit is 6 minutes. */
const POLL_BUDGET_MS = 4 * 60 * 1000;

export interface JobWriterDeps {
  /** Only for a worker whose rows answer lacks the job's progress. */
  progress(id: string): WorkerJobProgress;
  rows(id: string, after: number, limit: number): WorkerJobRows;
  /** Formats, header, sheet size; answers the record as prepared. */
  prepare(record: JobRecord, progress: WorkerJobProgress): JobRecord;
  /** Rows `after`... of the job, with one setNumberFormats (from the job's columns) and one setValues. */
  write(record: JobRecord, after: number, rows: Row[], columns: readonly Column[]): void;
  /**
   * Asks the worker to write the rows itself into the prepared destination (`PUT
   * /api/jobs/:id/delivery`); a failure to ask answers `sidebar`: the polls write, as before.
   */
  requestDelivery(record: JobRecord): JobDeliveryState;
  save(record: JobRecord): void;
  now(): number;
}

interface WriteOptions {
  blockRows: number;
  budgetMs: number;
}

interface WriteOutcome {
  record: JobRecord;
  progress: WorkerJobProgress;
  /** The job has ended and every row it will ever have is in the sheet (the record says so). */
  finished: boolean;
  /** The time budget ran out with rows still to write. */
  stoppedEarly: boolean;
  blocks: number;
}

/** Writes what is ready, within the budget. */
export function writeFinishedRows(
  initial: JobRecord,
  deps: JobWriterDeps,
  options: WriteOptions = { blockRows: BLOCK_ROWS, budgetMs: POLL_BUDGET_MS },
): WriteOutcome {
  let record = initial;
  if (record.delivery === 'server') {
    const followed = followServerDelivery(record, deps.progress(record.id), deps);
    if ('outcome' in followed) return followed.outcome;
    record = followed.record;
  }
  const started = deps.now();
  // One call per poll when nothing is new (Apps Script's UrlFetch quota): the first page of rows
  // carries the job's progress, read before those rows, so when it says the job ended, rows that
  // run out afterwards mean the end, not a pause.
  let pending: WorkerJobRows | null = deps.rows(record.id, record.rowsWritten, options.blockRows);
  const progress = pending.job ?? deps.progress(initial.id);
  if (!record.prepared) {
    record = deps.prepare(record, progress);
    deps.save(record);
  }
  if (record.delivery === 'ask') {
    // Settings says why the worker does not deliver (no service account, not shared); a progress
    // line names only a delivery that stopped half-way.
    record = { ...withDeliveryState(record, deps.requestDelivery(record)), deliveryNote: null };
    deps.save(record);
    if (record.delivery === 'server') {
      return { record, progress, finished: false, stoppedEarly: false, blocks: 0 };
    }
  }
  let blocks = 0;
  let stoppedEarly = false;
  let exhausted = false;
  while (!exhausted) {
    if (deps.now() - started >= options.budgetMs) {
      stoppedEarly = true;
      break;
    }
    const after = record.rowsWritten;
    const page = pending ?? deps.rows(record.id, after, options.blockRows);
    pending = null;
    // A page is contiguous from `after`; anything else is cut at the first gap.
    const rows: Row[] = [];
    for (const entry of page.rows) {
      if (entry.position !== after + rows.length) break;
      rows.push(entry.row);
    }
    if (rows.length > 0) {
      deps.write(record, after, rows, progress.columns);
      record = { ...record, rowsWritten: after + rows.length };
      deps.save(record);
      blocks += 1;
    }
    // A short page stops before the first row not finished yet: nothing more to pull now.
    exhausted = rows.length < options.blockRows;
  }
  const finished = !stoppedEarly && isFinalJobStatus(progress.status);
  if (finished) {
    record = { ...record, finishedAt: deps.now() };
    deps.save(record);
  }
  return { record, progress, finished, stoppedEarly, blocks };
}

/** The record once the worker said who writes: its rows written count, and why it stopped if it did. */
function withDeliveryState(record: JobRecord, state: JobDeliveryState): JobRecord {
  return {
    ...record,
    delivery: state.mode,
    rowsWritten: Math.max(record.rowsWritten, state.rowsWritten),
    deliveryNote: state.mode === 'sidebar' ? (state.reason ?? null) : null,
  };
}

/**
 * A poll while the worker writes the rows: one progress call, nothing written here. When the
 * worker has stopped writing, the record as saved for the polls to write from where it stopped.
 */
function followServerDelivery(
  record: JobRecord,
  progress: WorkerJobProgress,
  deps: JobWriterDeps,
): { outcome: WriteOutcome } | { record: JobRecord } {
  const state = progress.delivery;
  if (state === null || state.mode !== 'server') {
    const fallen = withDeliveryState(
      record,
      state ?? { mode: 'sidebar', rowsWritten: 0, reason: 'the worker no longer knows this delivery' },
    );
    deps.save(fallen);
    return { record: fallen };
  }
  let updated = withDeliveryState(record, state);
  const finished = isFinalJobStatus(progress.status) && state.rowsWritten >= progress.done;
  if (finished) updated = { ...updated, finishedAt: deps.now() };
  if (updated.rowsWritten !== record.rowsWritten || finished) deps.save(updated);
  return { outcome: { record: updated, progress, finished, stoppedEarly: false, blocks: 0 } };
}

/**
 * "Waiting: The Discovery API failed (...). Trying again in about 4 min (pause 3 of 12); 20 of 25
 * rows ready, 20 written." The worker keeps the job and goes on by itself: nothing for the user to do.
 */
function waitingMessage(waiting: JobWaiting, done: number, total: number, written: number): string {
  return (
    `${waitingNote(waiting)}; ` +
    `${formatCount(Math.max(done, written))} of ${formatCount(total)} rows ready, ${formatCount(written)} written.`
  );
}

/** The waiting sentence without the counts, for the sidebar's job details (which show them). */
function waitingNote(waiting: JobWaiting): string {
  const seconds = Math.max(0, Math.round((Date.parse(waiting.until) - Date.now()) / 1000));
  const when =
    seconds < 90 ? `in about ${Math.max(1, seconds)} s` : `in about ${Math.round(seconds / 60)} min`;
  const of = waiting.maxPauses > 0 ? ` of ${waiting.maxPauses}` : '';
  return `Waiting: ${waiting.reason.replace(/\.$/, '')}. Trying again ${when} (pause ${waiting.pause}${of})`;
}

/** Who writes the rows, said after the progress while the job runs. */
function deliveryLine(record: JobRecord, status: JobView['status']): string {
  if (status !== 'running' && status !== 'queued') return '';
  if (record.delivery === 'server')
    return ' The worker writes the rows into the sheet: this sidebar may close.';
  return record.deliveryNote === null
    ? ''
    : ` This sidebar writes the rows (${record.deliveryNote.replace(/\.$/, '')}).`;
}

function progressMessage(outcome: WriteOutcome): string {
  return statusMessage(outcome) + deliveryLine(outcome.record, outcome.progress.status);
}

function statusMessage(outcome: WriteOutcome): string {
  const { progress, record, stoppedEarly } = outcome;
  const written = record.rowsWritten;
  const spent = creditsText(progress.creditsSpent);
  const errors = progress.errors > 0 ? `, ${plural(progress.errors, 'row')} with an error` : '';
  switch (progress.status) {
    case 'queued':
      return 'Queued: the worker starts it shortly.';
    case 'running': {
      if (progress.waiting !== null)
        return waitingMessage(progress.waiting, progress.done, progress.total, written);
      // An AI search paces at one call a second: it says which page it is on, so the pace reads as progress.
      const page =
        record.kind === 'ai-search-pages' ? aiSearchPageLine(record.sourceKey, progress.done) : null;
      // Progress is read before the rows: rows finished meanwhile are written, and count as ready.
      return (
        `Running: ${page === null ? '' : `${page}; `}` +
        `${formatCount(Math.max(progress.done, written))} of ${formatCount(progress.total)} rows ready, ` +
        `${formatCount(written)} written, ${spent} spent${errors}.`
      );
    }
    case 'done':
      return stoppedEarly || !outcome.finished
        ? `Done on the worker: ${formatCount(written)} of ${formatCount(progress.done)} rows written so far, writing on.`
        : `Done: ${plural(written, 'row')} written, ${spent} spent${errors}.`;
    case 'cancelled':
      return `Cancelled: ${plural(written, 'row')} written, ${spent} spent.`;
    case 'failed':
      return `Failed after ${plural(written, 'row')}: ${(progress.lastError ?? 'the worker gave no reason').replace(/\.$/, '')}.`;
  }
}

/**
 * What the counts of the sidebar's job line do not say (issue 15: the line says rows and credits
 * once): the AI search's page, waiting out trouble and until when, why it failed, and who writes
 * the rows. Rows ready but not written yet the sidebar tells from the counts.
 */
function progressNote(outcome: WriteOutcome, shown: JobView['status']): string {
  const { progress, record } = outcome;
  const parts: string[] = [];
  if (progress.status === 'queued') parts.push('The worker starts it shortly.');
  if (progress.status === 'running' && record.kind === 'ai-search-pages') {
    const page = aiSearchPageLine(record.sourceKey, progress.done);
    if (page !== null) parts.push(`${page.charAt(0).toUpperCase()}${page.slice(1)}.`);
  }
  if (progress.status === 'running' && progress.waiting !== null)
    parts.push(`${waitingNote(progress.waiting)}.`);
  if (progress.status === 'failed') {
    parts.push(`${(progress.lastError ?? 'The worker gave no reason').replace(/\.$/, '')}.`);
  }
  const delivery = deliveryLine(record, shown).trim();
  if (delivery !== '') parts.push(delivery);
  return parts.join(' ');
}

/**
 * What the sidebar's progress line shows. A job the worker has ended whose rows are not all in the
 * sheet yet (a poll's time ran out, or the worker writes them itself) still reads as running: the
 * sidebar polls only running jobs, and this document's record of it ends only with a poll.
 */
export function toJobView(outcome: WriteOutcome): JobView {
  const { progress, record } = outcome;
  const status = isFinalJobStatus(progress.status) && !outcome.finished ? 'running' : progress.status;
  return {
    id: record.id,
    kind: record.kind,
    status,
    done: progress.done,
    total: progress.total,
    creditsSpent: progress.creditsSpent,
    errors: progress.errors,
    lastError: progress.lastError,
    rowsWritten: record.rowsWritten,
    destination: destinationLabel(record.destination),
    message: progressMessage(outcome),
    note: progressNote(outcome, status),
  };
}
