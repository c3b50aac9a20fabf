import type { Logger } from 'pino';
import type { Identity } from '../identity/identity';
import type { OperationDeps } from '../operations/operation-deps';
import type { JobRecord } from '../store/job-repository';
import type { Store } from '../store/store';
import { DEFAULT_JOB_BACKOFF, type JobBackoff } from './job-backoff';
import type { JobKind } from './job-kind';
import { JOB_KINDS } from './job-kind-registry';
import { newLeaseOwner } from '../concurrency/lease-renewal';
import { DEFAULT_JOB_LEASE_MS, type JobLeaseSettings } from './job-lease';
import { JobQueue } from './job-queue';
import { resumeLeasable, runJob, sweepIfEnded, type JobRunnerHooks, type JobRunScope } from './job-run';
import { submitJob, type JobSubmission } from './job-submit';

/**
 * Runs jobs: at most `concurrency` at once, each batch by batch. A batch's rows, checkpoint,
 * progress and ledger row are committed in one transaction (commitBatch) before the next batch
 * starts, so a job killed at any instant resumes (`resumeUnfinished`, at start-up) from its last
 * commit, and what the cut batch had fetched is answered by the caches without paying again.
 * The queue is job-queue.ts, a run job-run.ts, submitting job-submit.ts.
 *
 * Ending states:
 * - `done`: every batch committed;
 * - `cancelled` (`cancel`): marked at once; a batch in flight still commits its rows, then the job
 *   stops; its rows stay readable;
 * - waiting (still `running` in the store, with a `job_waits` row): a batch failed on something
 *   time can fix (the API down or rate limiting past the request core's retries, job-backoff.ts);
 *   the job goes on after a pause that doubles each time (30 s up to 30 min), here or after a
 *   restart, and its card says until when and why. A committed batch ends the run of pauses;
 * - `failed`: a batch could not be done as a whole for a reason waiting cannot fix (the budget
 *   would be exceeded: lastError "Paused by the budget: ..."; the API account ran out of credits;
 *   the API refused the token or the input), or the pauses ran out. The store has no way back from
 *   `failed`, so the message says how to go on: submit the job again (a new idempotency key); what
 *   was fetched is cached, and costs nothing the second time. Row-level problems (an invalid
 *   address, an unknown handle) are rows, counted in `errors`, and never stop a job.
 *
 * `stop()` (shutdown) lets the batches in flight finish and commit, then leaves their jobs
 * `running` in the store for the next start (or another instance) to resume.
 *
 * Several instances on one Postgres store behave as one runner: a run holds the job's lease
 * (job-lease.ts), renewed while it runs, and each instance watches for unfinished jobs no lease
 * holds (an instance died, or was stopped) and takes them on. A cancel through any instance is
 * seen by the batch's commit, which then writes nothing, and by the heartbeat, which stops the
 * run before its next batch.
 */
export interface JobRunner {
  readonly kinds: readonly JobKind[];
  /** How long jobs wait out upstream trouble, and how often. */
  readonly backoff: JobBackoff;
  /** Creates the job (or finds the caller's job with this idempotency key) and queues it. */
  submit(identity: Identity, submission: JobSubmission): Promise<{ job: JobRecord; created: boolean }>;
  /**
   * Queues every unfinished job that no live lease holds (left by an earlier process or a dead
   * instance); how many. Call once at start: on Postgres it also starts watching for jobs whose
   * lease runs out later, until `stop()`.
   */
  resumeUnfinished(): Promise<number>;
  /** Cancels a job that has not ended (JobStoreError job_conflict when it has, otherwise). */
  cancel(jobId: string): Promise<JobRecord>;
  /** Queued, running or waiting out a pause in this process. */
  isActive(jobId: string): boolean;
  /** Resolves when nothing is queued or running (a job waiting out a pause is neither). */
  idle(): Promise<void>;
  /**
   * Starts nothing new and lets the batches in flight commit; their jobs stay `running` for the
   * next start. True once they have, false when `timeoutMs` passed first (a batch cut short by the
   * process ending is done again on resume, from the caches). Idempotent.
   */
  stop(timeoutMs?: number): Promise<boolean>;
}

export interface JobRunnerOptions {
  /** JOB_KINDS by default. */
  kinds?: readonly JobKind[];
  /** Jobs running at once; 2 by default. The throttle paces their calls either way. */
  concurrency?: number;
  hooks?: JobRunnerHooks;
  /** When jobs wait instead of failing (DEFAULT_JOB_BACKOFF). */
  backoff?: Partial<JobBackoff>;
  /** How long a job's lease lasts unrenewed (DEFAULT_JOB_LEASE_MS), and this runner's name in it. */
  lease?: { ms?: number; owner?: string };
}

const DEFAULT_JOB_CONCURRENCY = 2;

export function createJobRunner(deps: OperationDeps, options: JobRunnerOptions = {}): JobRunner {
  const kinds = options.kinds ?? JOB_KINDS;
  const byName = new Map(kinds.map((kind) => [kind.name, kind]));
  const backoff: JobBackoff = { ...DEFAULT_JOB_BACKOFF, ...options.backoff };
  const { store } = deps;
  const log = deps.logger.child({ component: 'jobs' });
  const hooks = options.hooks ?? {};
  const lease: JobLeaseSettings = {
    owner: options.lease?.owner ?? newLeaseOwner(),
    ms: options.lease?.ms ?? DEFAULT_JOB_LEASE_MS,
    renew: store.engine === 'postgres',
  };
  const watch = new AbortController();
  const queue = new JobQueue({
    concurrency: options.concurrency ?? DEFAULT_JOB_CONCURRENCY,
    clock: deps.clock,
    sleep: deps.sleep,
    work: (id) =>
      runJob(scope, id)
        .catch((error: unknown) => log.error({ err: error, jobId: id }, 'a job ended unexpectedly'))
        .then(() => sweepIfEnded(store, log, id))
        .then(() => hooks.afterRun?.(id)),
  });
  const scope: JobRunScope = { deps, kinds: byName, hooks, backoff, log, queue, lease };
  const resume = () => resumeLeasable(store, log, queue, deps.clock.now());
  return {
    kinds,
    backoff,
    submit: (identity, submission) => submitJob({ deps, kinds: byName, log, queue }, identity, submission),
    resumeUnfinished: async () => {
      const resumed = await resume();
      if (lease.renew && !watch.signal.aborted) void watchLeases(deps, lease, watch.signal, resume, log);
      return resumed;
    },
    cancel: async (jobId) => {
      const job = await cancelJob(store, log, queue, jobId);
      hooks.afterRun?.(jobId);
      return job;
    },
    isActive: (jobId) => queue.isActive(jobId),
    idle: () => queue.idle(),
    stop: (timeoutMs) => {
      watch.abort();
      return queue.stop(timeoutMs);
    },
  };
}

/**
 * Other instances' jobs whose lease ran out (the instance died) are taken on here: looked for
 * four times per lease time, so a killed instance's job goes on elsewhere within about 1.25 lease
 * times of its last renewal.
 */
async function watchLeases(
  deps: OperationDeps,
  lease: JobLeaseSettings,
  signal: AbortSignal,
  resume: () => Promise<number>,
  log: Logger,
): Promise<void> {
  const every = Math.max(1, Math.floor(lease.ms / 4));
  for (;;) {
    await deps.sleep(every, signal);
    if (signal.aborted) return;
    await resume().then(
      // After the start, a job no lease holds was left by an instance that died or stopped.
      (taken) => deps.metrics.takeover('job', taken),
      (error: unknown) => log.warn({ err: error }, 'jobs to take over could not be read'),
    );
  }
}

/** Marks the job cancelled, then stops it here: no more pauses, no next batch, no place in the queue. */
async function cancelJob(store: Store, log: Logger, queue: JobQueue, jobId: string): Promise<JobRecord> {
  const job = await store.jobs.finish(jobId, 'cancelled');
  queue.stopWaiting(jobId);
  await store.jobWaits.clear(jobId);
  queue.withdraw(jobId);
  if (!queue.isRunning(jobId)) await sweepIfEnded(store, log, jobId);
  log.info({ jobId, done: job.progress.done }, 'job cancelled');
  return job;
}
