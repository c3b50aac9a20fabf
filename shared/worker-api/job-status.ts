/**
 * A job's status, as the worker stores it and answers it (`GET /api/jobs/:id`, `GET /api/raw/jobs/:id`)
 * and as the add-on reads it: one list, so a status added on one side cannot surprise the other at
 * run time.
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job still under way: a restarted worker resumes it, the sidebar keeps polling it. */
export const ACTIVE_JOB_STATUSES = ['queued', 'running'] as const satisfies readonly JobStatus[];
export type ActiveJobStatus = (typeof ACTIVE_JOB_STATUSES)[number];

/** A job that has ended: it never leaves this status again. */
export type FinalJobStatus = Exclude<JobStatus, ActiveJobStatus>;

export function isJobStatus(value: unknown): value is JobStatus {
  return (JOB_STATUSES as readonly unknown[]).indexOf(value) >= 0;
}

export function isFinalJobStatus(value: unknown): value is FinalJobStatus {
  return isJobStatus(value) && (ACTIVE_JOB_STATUSES as readonly string[]).indexOf(value) < 0;
}

/** Queued or running: still under way (one spelling of the question for every caller). */
export function isActiveJobStatus(value: unknown): value is ActiveJobStatus {
  return (ACTIVE_JOB_STATUSES as readonly unknown[]).indexOf(value) >= 0;
}
