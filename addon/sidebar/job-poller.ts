import type { JobView } from '../shared/sidebar-api';
import { isJobActive } from './job-progress-text';

/** Every poll also writes the finished rows into the sheet, so polling is what moves a job along. */
export const POLL_INTERVAL_MS = 2000;
/** Polls that fail in a row before the poller gives up and asks the user to resume. */
export const MAX_FAILED_POLLS = 5;
const MAX_BACKOFF_MS = 30000;

export interface JobPollerOptions {
  poll: (jobId: string) => Promise<JobView>;
  onUpdate: (job: JobView) => void;
  /** Called once when the poller gives up after MAX_FAILED_POLLS failures in a row. */
  onGiveUp: (error: Error) => void;
  /** Called on each failure it will retry, with the delay before the retry. */
  onRetry?: (error: Error, delayMs: number) => void;
  intervalMs?: number;
  maxFailures?: number;
}

export interface JobPoller {
  /** Stops polling; an answer already on its way is ignored. */
  stop(): void;
  readonly stopped: boolean;
}

/**
 * Polls a job until it is done, failed or cancelled. The next poll is timed from the end of the
 * previous one (a poll that writes a block may take seconds; polls never overlap). Failures back
 * off, doubling the wait up to 30 s, and stop after a few in a row.
 */
export function pollJob(jobId: string, options: JobPollerOptions, firstDelayMs?: number): JobPoller {
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  const maxFailures = options.maxFailures ?? MAX_FAILED_POLLS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let failures = 0;

  const schedule = (delay: number): void => {
    timer = setTimeout(() => {
      timer = null;
      void tick();
    }, delay);
  };

  const tick = async (): Promise<void> => {
    let job: JobView;
    try {
      job = await options.poll(jobId);
    } catch (error) {
      if (stopped) return;
      failures += 1;
      const reason = error instanceof Error ? error : new Error(String(error));
      if (failures >= maxFailures) {
        stopped = true;
        options.onGiveUp(reason);
        return;
      }
      const delay = Math.min(interval * 2 ** failures, MAX_BACKOFF_MS);
      options.onRetry?.(reason, delay);
      schedule(delay);
      return;
    }
    if (stopped) return;
    failures = 0;
    options.onUpdate(job);
    if (isJobActive(job)) schedule(interval);
    else stopped = true;
  };

  schedule(firstDelayMs ?? interval);
  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    get stopped() {
      return stopped;
    },
  };
}
