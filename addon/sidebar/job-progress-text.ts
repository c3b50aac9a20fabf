import type { JobKindName, JobView } from '../shared/sidebar-api';
import { countOf, creditsText, formatCount } from './count-text';

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
 * How far the job is, 0 to 100, or null while the total is unknown (an indeterminate bar). A
 * running job never shows 100%: the last rows still have to be written.
 */
export function jobPercent(job: JobView): number | null {
  if (job.status === 'done') return 100;
  if (job.total <= 0) return null;
  const percent = Math.floor((Math.min(job.done, job.total) / job.total) * 100);
  return isJobActive(job) ? Math.min(percent, 99) : percent;
}

const STATUS_WORDS: Readonly<Record<JobView['status'], string>> = {
  queued: 'Waiting to start',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** "Running: 120 of 1,000 (12%)", or "Waiting to start" while nothing is counted. */
export function jobHeadline(job: JobView): string {
  const status = STATUS_WORDS[job.status];
  if (job.total <= 0) return status;
  const percent = jobPercent(job);
  const share = percent === null ? '' : ` (${percent}%)`;
  return `${status}: ${formatCount(Math.min(job.done, job.total))} of ${formatCount(job.total)}${share}`;
}

/** The counts under the bar: credits spent, errors and rows already in the sheet. */
export function jobCounts(job: JobView): string {
  const parts = [
    `${creditsText(job.creditsSpent)} spent`,
    countOf(job.errors, 'error'),
    `${countOf(job.rowsWritten, 'row')} written`,
  ];
  return parts.join(' · ');
}

/** Where the rows go, in words. */
export function jobDestination(job: JobView): string {
  return job.destination === '' ? '' : `Writing to ${job.destination}`;
}
