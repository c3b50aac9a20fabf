import type { JobView } from '../../bridge-contract/sidebar-api';
import { isJobActive } from './job-progress-text';

/** Every poll also writes the finished rows into the sheet, so polling is what moves a job along. */
export const POLL_INTERVAL_MS = 2000;
/** Polls that fail in a row before the poller gives up and asks the user to resume. */
export const MAX_FAILED_POLLS = 5;
const MAX_BACKOFF_MS = 30000;
/**
 * While a job shows nothing new, each poll waits twice as long as the one before, up to a minute:
 * every poll costs a UrlFetch call against Apps Script's daily quota (20,000 on consumer
 * accounts, shared with formulas), and a job waiting out upstream trouble can sit for minutes.
 */
export const MAX_IDLE_INTERVAL_MS = 60000;

/** Whether the sidebar can be seen; polling pauses while it cannot (its rows wait on the worker). */
export interface PageVisibility {
  hidden(): boolean;
  /** Calls `listener` when it changes; answers a function that stops listening. */
  onChange(listener: () => void): () => void;
}

/** The browser's Page Visibility API; always visible where there is no document. */
function documentVisibility(): PageVisibility {
  if (typeof document === 'undefined') return { hidden: () => false, onChange: () => () => undefined };
  return {
    hidden: () => document.visibilityState === 'hidden',
    onChange(listener) {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}

/** What a poll changed: the same key twice means nothing moved. */
function progressKey(job: JobView): string {
  return [job.status, job.done, job.rowsWritten, job.total, job.errors, job.creditsSpent].join('|');
}

export interface JobPollerOptions {
  poll: (jobId: string) => Promise<JobView>;
  onUpdate: (job: JobView) => void;
  /** Called once when the poller gives up after MAX_FAILED_POLLS failures in a row. */
  onGiveUp: (error: Error) => void;
  /** Called on each failure it will retry, with the delay before the retry. */
  onRetry?: (error: Error, delayMs: number) => void;
  intervalMs?: number;
  maxFailures?: number;
  /** The page's visibility; the browser's by default. */
  visibility?: PageVisibility;
}

export interface JobPoller {
  /** Stops polling; an answer already on its way is ignored. */
  stop(): void;
  readonly stopped: boolean;
}

/**
 * Polls a job until it is done, failed or cancelled. The next poll is timed from the end of the
 * previous one (a poll that writes a block may take seconds; polls never overlap). Failures back
 * off, doubling the wait up to 30 s, and stop after a few in a row. A job that shows nothing new
 * is polled less and less often (up to MAX_IDLE_INTERVAL_MS), and none is polled while the
 * sidebar is hidden: a poll due then waits until it is seen again.
 */
export function pollJob(jobId: string, options: JobPollerOptions, firstDelayMs?: number): JobPoller {
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  const maxFailures = options.maxFailures ?? MAX_FAILED_POLLS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let failures = 0;
  let idle = 0;
  let lastKey: string | null = null;
  const visibility = options.visibility ?? documentVisibility();
  let stopWatching: (() => void) | null = null;

  /** Polls now, or as soon as the page is seen again. */
  const due = (): void => {
    if (!visibility.hidden()) {
      void tick();
      return;
    }
    stopWatching = visibility.onChange(() => {
      if (stopped || visibility.hidden()) return;
      stopWatching?.();
      stopWatching = null;
      void tick();
    });
  };

  const schedule = (delay: number): void => {
    timer = setTimeout(() => {
      timer = null;
      due();
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
    const key = progressKey(job);
    idle = key === lastKey ? idle + 1 : 0;
    lastKey = key;
    if (isJobActive(job)) schedule(Math.min(interval * 2 ** idle, Math.max(interval, MAX_IDLE_INTERVAL_MS)));
    else stopped = true;
  };

  schedule(firstDelayMs ?? interval);
  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      stopWatching?.();
      stopWatching = null;
    },
    get stopped() {
      return stopped;
    },
  };
}
