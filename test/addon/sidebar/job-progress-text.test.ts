import {
  isJobActive,
  jobCounts,
  jobDestination,
  jobHeadline,
  jobPercent,
} from '../../../addon/sidebar/job-progress-text';
import type { JobView } from '../../../addon/shared/sidebar-api';

function job(change: Partial<JobView> = {}): JobView {
  return {
    id: 'job-1',
    kind: 'email-enrichment',
    status: 'running',
    done: 120,
    total: 1000,
    creditsSpent: 96,
    errors: 2,
    lastError: null,
    rowsWritten: 100,
    destination: 'Leads!C2',
    message: 'Looking up addresses.',
    ...change,
  };
}

describe('job progress text', () => {
  it('gives the share done, rounded down', () => {
    expect(jobPercent(job())).toBe(12);
    expect(jobPercent(job({ done: 999 }))).toBe(99);
    expect(jobPercent(job({ done: 1 }))).toBe(0);
  });

  it('never shows 100% before the job is done, and 100% when it is', () => {
    expect(jobPercent(job({ done: 1000 }))).toBe(99);
    expect(jobPercent(job({ done: 1000, status: 'done' }))).toBe(100);
    expect(jobPercent(job({ done: 0, total: 0, status: 'done' }))).toBe(100);
  });

  it('has no percentage (an indeterminate bar) while the total is unknown', () => {
    expect(jobPercent(job({ status: 'queued', done: 0, total: 0 }))).toBeNull();
    expect(jobHeadline(job({ status: 'queued', done: 0, total: 0 }))).toBe('Waiting to start');
  });

  it('keeps a stopped job at the share it reached', () => {
    expect(jobPercent(job({ status: 'cancelled', done: 500 }))).toBe(50);
    expect(jobPercent(job({ status: 'failed', done: 1200 }))).toBe(100);
  });

  it('writes the headline with counts and the share', () => {
    expect(jobHeadline(job({ done: 1200, total: 5000 }))).toBe('Running: 1,200 of 5,000 (24%)');
    expect(jobHeadline(job({ status: 'cancelled', done: 500 }))).toBe('Cancelled: 500 of 1,000 (50%)');
  });

  it('writes credits, errors and rows written, with nouns that agree', () => {
    expect(jobCounts(job())).toBe('96 credits spent · 2 errors · 100 rows written');
    expect(jobCounts(job({ creditsSpent: 1, errors: 1, rowsWritten: 1 }))).toBe(
      '1 credit spent · 1 error · 1 row written',
    );
    expect(jobCounts(job({ creditsSpent: 0.04 }))).toContain('0.04 credits spent');
  });

  it('says where the rows go', () => {
    expect(jobDestination(job())).toBe('Writing to Leads!C2');
    expect(jobDestination(job({ destination: '' }))).toBe('');
  });

  it('treats queued and running jobs as active, the others as finished', () => {
    expect(
      ['queued', 'running', 'done', 'failed', 'cancelled'].map((status) =>
        isJobActive(job({ status: status as JobView['status'] })),
      ),
    ).toEqual([true, true, false, false, false]);
  });
});
