import type { JobDeliveryRequest, JobDeliveryState } from '../../../shared/worker-api/jobs';

/**
 * Server delivery of a job's rows (issue 14): where the worker writes them into a sheet itself,
 * and how far it got. `rowsWritten` only grows, and only after Google accepted the block: rows 0
 * to rowsWritten - 1 are in the sheet, so a worker that restarts writes on from there (a block
 * cut short is written again at the same cells). Deleted with its job.
 */
export interface JobDelivery extends JobDeliveryRequest {
  jobId: string;
  rowsWritten: number;
  mode: JobDeliveryState['mode'];
  /** Every row of the ended job is in the sheet: nothing left to write. */
  delivered: boolean;
  reason: string | null;
  updatedAt: number;
}

export interface JobDeliveryRepository {
  get(jobId: string): Promise<JobDelivery | null>;
  /** Stores a server delivery unless the job has one already; the job's delivery either way. */
  create(jobId: string, target: JobDeliveryRequest): Promise<{ delivery: JobDelivery; created: boolean }>;
  /**
   * rowsWritten from `from` to `to`, only if it still is `from` (one writer per job: a second
   * one finds it moved and stops). False when it was not.
   */
  advance(jobId: string, from: number, to: number): Promise<boolean>;
  /** The worker no longer writes: the add-on takes over from rowsWritten, told why. */
  fallBack(jobId: string, reason: string): Promise<JobDelivery | null>;
  /** Every row of the ended job is written. */
  markDelivered(jobId: string): Promise<void>;
  /** Server deliveries with rows still to write: what a restarted worker goes on with. */
  pending(): Promise<JobDelivery[]>;
  /**
   * Takes the delivery's lease for `owner` until `until` (one conditional UPDATE, so of two
   * instances one wins): false while another's lease is live at `now`, or when nothing is left
   * to write. The holder alone writes its rows (google/delivery-lease.ts).
   */
  lease(jobId: string, owner: string, now: number, until: number): Promise<boolean>;
  /** Moves `owner`'s lease on; false when it is no longer `owner`'s (taken over, or delivered). */
  renewLease(jobId: string, owner: string, until: number): Promise<boolean>;
  /**
   * Lets go of `owner`'s lease. `handBack` (the worker stops with rows left): left expired, so a
   * live instance's watch takes the delivery over at once; otherwise freed (the next kick takes it).
   */
  releaseLease(jobId: string, owner: string, handBack: boolean): Promise<void>;
  /**
   * Deliveries with rows to write whose lease ran out or was handed back at `now`: an instance
   * died or stopped while it wrote them.
   */
  abandoned(now: number): Promise<JobDelivery[]>;
  /** When the soonest live lease of a delivery with rows to write runs out, unless renewed; null when none. */
  nextLeaseEnd(now: number): Promise<number | null>;
  /** Frees every lease (SQLite at start: one process owns the data, so each is an earlier run's); how many. */
  freeLeases(): Promise<number>;
}
