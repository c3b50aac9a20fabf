/**
 * Jobs waiting out upstream trouble (the job runner's back-off): a job whose batch failed on
 * something retrying can fix (5xx, 429, timeouts) waits instead of failing, and goes on at `until`.
 * Kept in the store so a restarted worker waits out the same pause rather than hammering the API.
 */
export interface JobWait {
  jobId: string;
  /** When the job goes on (ms since the epoch). */
  until: number;
  /** Pauses in a row so far, this one included; a committed batch clears them. */
  pauses: number;
  /** The error code behind the pause (`upstream_failed`, `rate_limited`...). */
  code: string;
  /** The sentence of the error behind the pause (sealed at rest: it may quote an input). */
  reason: string;
  /** When the first pause of this run of pauses began. */
  since: number;
}

export interface JobWaitRepository {
  get(jobId: string): Promise<JobWait | null>;
  set(wait: JobWait): Promise<void>;
  clear(jobId: string): Promise<void>;
  all(): Promise<JobWait[]>;
}
