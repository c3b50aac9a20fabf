import {
  createJobTracker,
  type JobServer,
  type TrackedJob,
} from '../../../../addon/sidebar/jobs/job-tracker';
import type { JobView } from '../../../../addon/bridge-contract/sidebar-api';

function view(id: string, change: Partial<JobView> = {}): JobView {
  return {
    id,
    kind: 'email-enrichment',
    status: 'running',
    done: 0,
    total: 4,
    creditsSpent: 0,
    errors: 0,
    lastError: null,
    rowsWritten: 0,
    destination: 'Leads!C2',
    message: '',
    ...change,
  };
}

/**
 * A server whose jobs advance one row per poll, as pollJob writes a block each time; cancelling
 * stops a job for good. It counts the polls per job.
 */
function fakeJobServer(active: JobView[] = []) {
  const jobs = new Map(active.map((job) => [job.id, job]));
  const polls = new Map<string, number>();
  const server: JobServer = {
    async pollJob(jobId) {
      polls.set(jobId, (polls.get(jobId) ?? 0) + 1);
      const job = jobs.get(jobId);
      if (job === undefined) throw new Error(`No job ${jobId}`);
      if (job.status !== 'running') return job;
      const done = job.done + 1;
      const next = {
        ...job,
        done,
        rowsWritten: done,
        status: done >= job.total ? ('done' as const) : job.status,
      };
      jobs.set(jobId, next);
      return next;
    },
    async cancelJob(jobId) {
      const job = jobs.get(jobId);
      if (job === undefined) throw new Error(`No job ${jobId}`);
      const next = { ...job, status: 'cancelled' as const };
      jobs.set(jobId, next);
      return next;
    },
    async listActiveJobs() {
      return [...jobs.values()].filter((job) => job.status === 'running' || job.status === 'queued');
    },
  };
  return { server, jobs, polls };
}

describe('createJobTracker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('picks up the unfinished jobs on open and polls them until every row is written', async () => {
    const { server, polls } = fakeJobServer([view('a', { done: 1 }), view('b', { done: 3 })]);
    const tracker = createJobTracker(server);
    const seen: TrackedJob[][] = [];
    tracker.subscribe((jobs) => seen.push(jobs));
    await expect(tracker.resumeActive()).resolves.toBe(2);
    // Resumed jobs are polled at once: the writing starts again without waiting.
    await jest.advanceTimersByTimeAsync(0);
    expect(polls.get('a')).toBe(1);
    await jest.advanceTimersByTimeAsync(20000);
    expect(
      tracker.list().map((tracked) => [tracked.job.id, tracked.job.status, tracked.job.rowsWritten]),
    ).toEqual([
      ['a', 'done', 4],
      ['b', 'done', 4],
    ]);
    expect(polls.get('a')).toBe(3);
    expect(polls.get('b')).toBe(1);
    expect(tracker.list().every((tracked) => !tracked.polling)).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('does not follow a job twice when it was already being followed', async () => {
    const { server } = fakeJobServer([view('a')]);
    const tracker = createJobTracker(server);
    tracker.track(view('a'));
    await expect(tracker.resumeActive()).resolves.toBe(0);
    expect(tracker.list()).toHaveLength(1);
  });

  it('polls a started job after the interval, not at once', async () => {
    const { server, polls } = fakeJobServer([view('a')]);
    const tracker = createJobTracker(server);
    tracker.track(view('a'));
    await jest.advanceTimersByTimeAsync(1999);
    expect(polls.get('a')).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(polls.get('a')).toBe(1);
  });

  it('stops polling a cancelled job', async () => {
    const { server, polls } = fakeJobServer([view('a')]);
    const tracker = createJobTracker(server);
    tracker.track(view('a'));
    await jest.advanceTimersByTimeAsync(2000);
    await tracker.cancel('a');
    await jest.advanceTimersByTimeAsync(20000);
    expect(polls.get('a')).toBe(1);
    expect(tracker.list()[0]).toMatchObject({ polling: false, job: { status: 'cancelled' } });
  });

  it('after giving up, says how to go on, and Resume carries on polling', async () => {
    const { server, jobs, polls } = fakeJobServer([view('a')]);
    const tracker = createJobTracker(server, { maxFailures: 2 });
    jobs.delete('a');
    tracker.track(view('a'));
    await jest.advanceTimersByTimeAsync(60000);
    expect(tracker.list()[0]).toMatchObject({
      polling: false,
      problem: 'Stopped following this job: No job a. Press Resume to continue writing.',
    });
    expect(polls.get('a')).toBe(2);

    jobs.set('a', view('a', { done: 3 }));
    tracker.resume('a');
    await jest.advanceTimersByTimeAsync(0);
    expect(tracker.list()[0]).toMatchObject({ problem: null, job: { status: 'done', rowsWritten: 4 } });
  });

  it('forgets a dismissed job', async () => {
    const { server } = fakeJobServer([]);
    const tracker = createJobTracker(server);
    tracker.track(view('a', { status: 'done', done: 4 }));
    expect(tracker.list()).toHaveLength(1);
    tracker.dismiss('a');
    expect(tracker.list()).toEqual([]);
  });
});
