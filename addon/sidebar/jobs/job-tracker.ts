import type { JobView } from '../../bridge-contract/sidebar-api';
import { asSentence, errorMessage } from '../server-calls/error-text';
import { type JobPoller, pollJob } from './job-poller';
import { isJobActive } from './job-progress-text';

/** The server functions a tracker needs; the bridge has them. */
export interface JobServer {
  pollJob(jobId: string): Promise<JobView>;
  cancelJob(jobId: string): Promise<JobView>;
  listActiveJobs(): Promise<JobView[]>;
}

export interface TrackedJob {
  job: JobView;
  /** A poll is scheduled or running. */
  polling: boolean;
  /** Why polling stopped or a cancel failed, in words; null when all is well. */
  problem: string | null;
}

/**
 * The jobs this page is following. Each active job is polled until it ends, since every poll also
 * writes its finished rows into the sheet; so the tracker lives in the shell and keeps polling
 * whichever section is shown. On open, the jobs the document still has running are picked up again.
 */
export interface JobTracker {
  /** Follows a job just started (first poll after the interval) or resumed (`pollNow`). */
  track(job: JobView, options?: { pollNow?: boolean }): void;
  cancel(jobId: string): Promise<void>;
  /** Polls again a job whose polling gave up. */
  resume(jobId: string): void;
  /** Forgets a finished job (its card goes away). */
  dismiss(jobId: string): void;
  /** Picks up the document's unfinished jobs; returns how many. */
  resumeActive(): Promise<number>;
  list(): TrackedJob[];
  subscribe(listener: (jobs: TrackedJob[]) => void): () => void;
}

export interface JobTrackerOptions {
  intervalMs?: number;
  maxFailures?: number;
}

export function createJobTracker(server: JobServer, options: JobTrackerOptions = {}): JobTracker {
  const tracked = new Map<string, TrackedJob>();
  const pollers = new Map<string, JobPoller>();
  const listeners = new Set<(jobs: TrackedJob[]) => void>();

  const list = (): TrackedJob[] => [...tracked.values()];
  const notify = (): void => {
    const snapshot = list();
    for (const listener of listeners) listener(snapshot);
  };
  const update = (jobId: string, change: Partial<TrackedJob>): void => {
    const current = tracked.get(jobId);
    if (current === undefined) return;
    tracked.set(jobId, { ...current, ...change });
    notify();
  };
  const stopPolling = (jobId: string): void => {
    pollers.get(jobId)?.stop();
    pollers.delete(jobId);
  };

  const startPolling = (jobId: string, firstDelayMs: number | undefined): void => {
    stopPolling(jobId);
    const poller = pollJob(
      jobId,
      {
        poll: (id) => server.pollJob(id),
        onUpdate: (job) => {
          const active = isJobActive(job);
          if (!active) pollers.delete(jobId);
          update(jobId, { job, polling: active, problem: null });
        },
        onRetry: (error) => update(jobId, { problem: `Retrying: ${errorMessage(error)}` }),
        onGiveUp: (error) => {
          pollers.delete(jobId);
          update(jobId, {
            polling: false,
            problem: `Stopped following this job: ${asSentence(errorMessage(error))} Press Resume to continue writing.`,
          });
        },
        intervalMs: options.intervalMs,
        maxFailures: options.maxFailures,
      },
      firstDelayMs,
    );
    pollers.set(jobId, poller);
    update(jobId, { polling: true });
  };

  const track: JobTracker['track'] = (job, trackOptions = {}) => {
    tracked.set(job.id, { job, polling: false, problem: null });
    if (isJobActive(job)) startPolling(job.id, trackOptions.pollNow ? 0 : undefined);
    else notify();
  };

  return {
    track,
    async cancel(jobId) {
      try {
        const job = await server.cancelJob(jobId);
        if (!isJobActive(job)) stopPolling(jobId);
        update(jobId, { job, polling: pollers.has(jobId), problem: null });
      } catch (error) {
        update(jobId, { problem: `Could not cancel: ${errorMessage(error)}` });
        throw error;
      }
    },
    resume(jobId) {
      const current = tracked.get(jobId);
      if (current === undefined || !isJobActive(current.job)) return;
      update(jobId, { problem: null });
      startPolling(jobId, 0);
    },
    dismiss(jobId) {
      stopPolling(jobId);
      tracked.delete(jobId);
      notify();
    },
    async resumeActive() {
      const jobs = await server.listActiveJobs();
      let resumed = 0;
      for (const job of jobs) {
        if (tracked.has(job.id)) continue;
        track(job, { pollNow: true });
        resumed += 1;
      }
      return resumed;
    },
    list,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
