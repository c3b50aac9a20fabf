import type { Logger } from 'pino';
import type { Clock, Sleep } from '../../common/clock';
import type { JobRepository } from '../store/job-repository';

/**
 * A job runs in one instance at a time: the one holding its lease (jobs.lease_owner and
 * lease_until). The runner takes the lease before a run, renews it while the run goes on (the
 * heartbeat) and lets go when the run ends. An instance killed mid-job stops renewing, so its
 * lease runs out and another instance's watch (job-runner.ts) takes the job over from its last
 * commit. A batch commits only under the lease (BatchCommit.leaseOwner), so an instance that lost
 * its lease (paused too long, cut off from the database) commits nothing more.
 */

/** How long a lease lasts without a renewal: how soon a killed instance's jobs are taken over. */
export const DEFAULT_JOB_LEASE_MS = 30_000;

export interface JobLeaseSettings {
  /** This runner's name in the leases: host, process and a random part (two runners, two owners). */
  owner: string;
  ms: number;
  /**
   * Whether the heartbeat runs: on Postgres, where other instances watch for expired leases; not
   * on SQLite, whose one process needs no renewal (a lease only has to name its holder there).
   */
  renew: boolean;
}

/** A lease taken for one run of a job. */
export interface HeldLease {
  readonly owner: string;
  /** The lease was taken over or the job ended elsewhere (cancelled): the run stops before its next batch. */
  readonly lost: boolean;
  /** Stops the heartbeat and lets go of the lease. */
  end(): Promise<void>;
}

interface LeaseDeps {
  jobs: JobRepository;
  clock: Clock;
  sleep: Sleep;
  log: Logger;
}

/** The job's lease for this runner with its heartbeat started; null when another instance holds it. */
export async function takeJobLease(
  deps: LeaseDeps,
  settings: JobLeaseSettings,
  jobId: string,
): Promise<HeldLease | null> {
  const { jobs, clock } = deps;
  const now = clock.now();
  if (!(await jobs.lease(jobId, settings.owner, now, now + settings.ms))) return null;
  const stop = new AbortController();
  const state = { lost: false };
  const beating = settings.renew ? heartbeat(deps, settings, jobId, stop.signal, state) : Promise.resolve();
  return {
    owner: settings.owner,
    get lost() {
      return state.lost;
    },
    async end() {
      stop.abort();
      await beating;
      try {
        await jobs.releaseLease(jobId, settings.owner);
      } catch (error) {
        // The store away (a database restart): the lease runs out by itself, and this runner
        // takes its own lease again when it goes on.
        deps.log.warn({ err: error, jobId }, 'job lease could not be released; it runs out by itself');
      }
    },
  };
}

/**
 * Renews the lease three times per lease time, so one late renewal (a slow database) does not let
 * it run out. A renewal that fails on an error is tried again at the next beat; one refused (the
 * lease is another's, or the job ended) ends the heartbeat and marks the lease lost.
 */
async function heartbeat(
  deps: LeaseDeps,
  settings: JobLeaseSettings,
  jobId: string,
  signal: AbortSignal,
  state: { lost: boolean },
): Promise<void> {
  const every = Math.max(1, Math.floor(settings.ms / 3));
  for (;;) {
    await deps.sleep(every, signal);
    if (signal.aborted) return;
    try {
      if (!(await deps.jobs.renewLease(jobId, settings.owner, deps.clock.now() + settings.ms))) {
        state.lost = true;
        deps.log.warn({ jobId }, 'job lease lost: the job ended or another instance runs it now');
        return;
      }
    } catch (error) {
      deps.log.warn({ err: error, jobId }, 'job lease could not be renewed; trying again');
    }
  }
}
