import {
  isJobActive,
  jobCreditsText,
  jobDestination,
  jobDetails,
  jobEndedText,
  jobLine,
  jobPercent,
  jobProgressText,
} from '../../../../addon/sidebar/jobs/job-progress-text';
import type { JobView } from '../../../../addon/bridge-contract/sidebar-api';

function job(change: Partial<JobView> = {}): JobView {
  return {
    id: 'job-1',
    kind: 'email-enrichment',
    status: 'running',
    done: 120,
    total: 1000,
    creditsSpent: 96,
    errors: 0,
    lastError: null,
    rowsWritten: 120,
    destination: 'Leads!C2',
    message: 'Running: 120 of 1,000 rows ready, 120 written, 96 credits spent.',
    note: '',
    ...change,
  };
}

describe('a job in one line', () => {
  it('counts progress in rows in the sheet, rounded down', () => {
    expect(jobPercent(job())).toBe(12);
    expect(jobPercent(job({ rowsWritten: 999 }))).toBe(99);
    expect(jobPercent(job({ rowsWritten: 1 }))).toBe(0);
    expect(jobProgressText(job({ done: 1200, rowsWritten: 1200, total: 5000 }))).toBe(
      'Running: 1,200 of 5,000 rows',
    );
  });

  it('says one thing when the progress read lags the rows already written (issue 15)', () => {
    // The server reads progress before it writes rows: 15 written while the progress says 0 done.
    const lagging = job({ done: 0, total: 30, rowsWritten: 15, creditsSpent: 0 });
    expect(jobLine(lagging)).toBe('Running: 15 of 30 rows');
    expect(jobPercent(lagging)).toBe(50);
    expect(jobDetails(lagging)).toEqual([]);
  });

  it('says rows the worker has ready that the sheet has not got yet in the details, not the line', () => {
    const ahead = job({ done: 20, total: 30, rowsWritten: 15 });
    expect(jobProgressText(ahead)).toBe('Running: 15 of 30 rows');
    expect(jobDetails(ahead)).toEqual(['20 rows are ready on the worker, being written.']);
  });

  it('never shows 100% before the job is done, and 100% when it is', () => {
    expect(jobPercent(job({ rowsWritten: 1000, done: 1000 }))).toBe(99);
    expect(jobPercent(job({ rowsWritten: 1000, done: 1000, status: 'done' }))).toBe(100);
    expect(jobPercent(job({ done: 0, total: 0, rowsWritten: 0, status: 'done' }))).toBe(100);
  });

  it('has no percentage (an indeterminate bar) while the total is unknown', () => {
    const queued = job({ status: 'queued', done: 0, total: 0, rowsWritten: 0, creditsSpent: 0 });
    expect(jobPercent(queued)).toBeNull();
    expect(jobLine(queued)).toBe('Waiting to start');
  });

  it('says "Done" once, with the rows written and the credits spent', () => {
    const done = job({ status: 'done', done: 1000, rowsWritten: 1000, creditsSpent: 0.28 });
    expect(jobLine(done)).toBe('Done: 1,000 rows · 0.28 credits');
    expect(jobLine(done).match(/Done/g)).toHaveLength(1);
    expect(jobEndedText(done)).toBe('E-mail enrichment done: 1,000 rows · 0.28 credits.');
  });

  it('claims no spend of a running job before any is counted, and says a finished free job was not billed', () => {
    expect(jobCreditsText(job({ creditsSpent: 0 }))).toBeNull();
    expect(jobCreditsText(job({ creditsSpent: 1.5 }))).toBe('1.5 credits so far');
    const cached = job({ status: 'done', done: 20, total: 20, rowsWritten: 20, creditsSpent: 0 });
    expect(jobLine(cached)).toBe('Done: 20 rows · no credits');
    expect(jobDetails(cached)).toEqual([
      'Nothing was billed: the rows came from the cache, or needed no paid lookup.',
    ]);
  });

  it('does not say a raw feed came from the cache: it drew on the raw allowance, which its section states', () => {
    const raw = job({
      kind: 'raw-feed',
      status: 'done',
      done: 36,
      total: 36,
      rowsWritten: 36,
      creditsSpent: 0,
    });
    expect(jobLine(raw)).toBe('Done: 36 rows · no credits');
    expect(jobDetails(raw)).toEqual([
      'Raw data costs no credits: its raw requests are counted in the Raw data section above.',
    ]);
  });

  it('keeps a stopped job at the rows it wrote, errors counted', () => {
    expect(jobLine(job({ status: 'cancelled', rowsWritten: 500, done: 500, creditsSpent: 1 }))).toBe(
      'Cancelled: 500 rows · 1 credit',
    );
    expect(jobLine(job({ status: 'failed', rowsWritten: 12, done: 12, errors: 2, creditsSpent: 0 }))).toBe(
      'Failed after 12 rows · 2 errors · no credits',
    );
    expect(jobProgressText(job({ status: 'failed', rowsWritten: 0, done: 0 }))).toBe('Failed before any row');
  });

  it('tells why a job failed when it ends, and its errors and the server note in the details', () => {
    const failed = job({
      status: 'failed',
      errors: 1,
      lastError: 'Row 4: error: out of credits',
      note: 'Out of credits.',
    });
    expect(jobEndedText(failed)).toBe('E-mail enrichment failed: Row 4: error: out of credits');
    expect(jobDetails(failed)).toEqual([
      '1 row with an error. Last: Row 4: error: out of credits',
      'Out of credits.',
    ]);
  });

  it('says where the rows go, and went', () => {
    expect(jobDestination(job())).toBe('Writing to Leads!C2');
    expect(jobDestination(job({ status: 'done' }))).toBe('Written to Leads!C2');
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
