import type { JobKindName, JobView } from '../../bridge-contract/sidebar-api';
import { countOf, creditsText, formatCount } from '../ui/count-text';

const ACTIVE_STATUSES: readonly JobView['status'][] = ['queued', 'running'];

/** Whether the job still needs polling: the worker is working, or rows are still to be written. */
export function isJobActive(job: JobView): boolean {
  return ACTIVE_STATUSES.includes(job.status);
}

export const JOB_KIND_TITLES: Readonly<Record<JobKindName, string>> = {
  'email-enrichment': 'E-mail enrichment',
  'bulk-reports': 'Bulk reports',
  'search-pages': 'Search',
  'ai-search-pages': 'AI search',
  'raw-feed': 'Raw data',
  'collaboration-posts': 'Collaborations',
};

/**
 * Rows finished on the worker. The server reads the job's progress before it writes the rows, so
 * rows finished meanwhile are already in the sheet: what is written is ready too.
 */
function rowsReady(job: JobView): number {
  return Math.max(job.done, job.rowsWritten);
}

/**
 * How far the job is, 0 to 100, counted in rows in the sheet (what the user sees grow), or null
 * while the total is unknown (an indeterminate bar). A running job never shows 100%: the last rows
 * still have to be written.
 */
export function jobPercent(job: JobView): number | null {
  if (job.status === 'done') return 100;
  if (job.total <= 0) return null;
  const percent = Math.floor((Math.min(job.rowsWritten, job.total) / job.total) * 100);
  return isJobActive(job) ? Math.min(percent, 99) : percent;
}

/**
 * The job's progress in one statement, counted in rows in the sheet (the bar shows the share):
 * "Running: 120 of 1,000 rows", "Done: 1,000 rows", "Cancelled: 500 rows", "Failed after 12 rows",
 * "Waiting to start".
 */
export function jobProgressText(job: JobView): string {
  const written = job.rowsWritten;
  switch (job.status) {
    case 'queued':
      return 'Waiting to start';
    case 'running':
      if (job.total <= 0) return `Running: ${countOf(written, 'row')}`;
      return `Running: ${formatCount(Math.min(written, job.total))} of ${countOf(job.total, 'row')}`;
    case 'done':
      return `Done: ${rowsText(written)}`;
    case 'cancelled':
      return `Cancelled: ${rowsText(written)}`;
    case 'failed':
      return written === 0 ? 'Failed before any row' : `Failed after ${countOf(written, 'row')}`;
  }
}

function rowsText(rows: number): string {
  return rows === 0 ? 'no rows' : countOf(rows, 'row');
}

/**
 * What the job spent, said once and only when it is true: a running job's spend is counted as its
 * batches finish, after their rows may already be in the sheet, so "0 credits" is not said of a
 * running job; a finished job's spend is final.
 */
export function jobCreditsText(job: JobView): string | null {
  if (isJobActive(job)) return job.creditsSpent > 0 ? `${creditsText(job.creditsSpent)} so far` : null;
  return job.creditsSpent > 0 ? creditsText(job.creditsSpent) : 'no credits';
}

/** The job's one line: progress or outcome, rows, errors, credits. */
export function jobLine(job: JobView): string {
  const parts = [jobProgressText(job)];
  if (job.errors > 0) parts.push(countOf(job.errors, 'error'));
  const credits = jobCreditsText(job);
  if (credits !== null) parts.push(credits);
  return parts.join(' · ');
}

/** Where the rows go, or went, in words. */
export function jobDestination(job: JobView): string {
  if (job.destination === '') return '';
  return isJobActive(job) ? `Writing to ${job.destination}` : `Written to ${job.destination}`;
}

/**
 * What the numbers of the line do not say: rows the worker has ready that the sheet has not got
 * yet, why nothing was billed, errors, the server's note (waiting out trouble, who writes).
 */
export function jobDetails(job: JobView): string[] {
  const lines: string[] = [];
  const ready = rowsReady(job);
  if (isJobActive(job) && ready > job.rowsWritten) {
    lines.push(
      `${formatCount(ready)} ${ready === 1 ? 'row is' : 'rows are'} ready on the worker, being written.`,
    );
  }
  if (!isJobActive(job) && job.creditsSpent === 0 && job.rowsWritten > 0) {
    // Raw data is never billed in credits: it draws on the raw allowance, which its section states.
    lines.push(
      job.kind === 'raw-feed'
        ? 'Raw data costs no credits: its raw requests are counted in the Raw data section above.'
        : 'Nothing was billed: the rows came from the cache, or needed no paid lookup.',
    );
  }
  if (job.errors > 0) {
    const last = job.lastError === null ? '' : ` Last: ${job.lastError}`;
    lines.push(`${countOf(job.errors, 'row')} with an error.${last}`);
  }
  const note = job.note ?? '';
  if (note !== '') lines.push(note);
  return lines;
}

/** Said once when a job ends: "E-mail enrichment done: 20 rows · 0.28 credits." */
export function jobEndedText(job: JobView): string {
  const title = JOB_KIND_TITLES[job.kind];
  if (job.status === 'failed') {
    const why = job.lastError ?? job.note ?? '';
    return `${title} failed${why === '' ? '.' : `: ${why}`}`;
  }
  return `${title} ${jobLine(job).replace(/^[A-Z]/, (letter) => letter.toLowerCase())}.`;
}
