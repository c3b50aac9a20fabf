import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { isBudgetExceededError } from '../budgets/budget-exceeded-error';
import { toWorkerError } from '../http/error-answer';
import { badRequest, WorkerError } from '../http/worker-error';
import type { Identity } from '../identity/identity';
import { chargeOfBody } from '../billing/billed-items';
import { canonicalJson } from '../operations/canonical-json';
import type { OperationContext, OperationDeps } from '../operations/operation-deps';
import { JobStoreError, type JobRecord } from '../store/job-repository';
import { DEFAULT_JOB_BACKOFF, isWorthWaiting, pauseDelayMs, type JobBackoff } from './job-backoff';
import { createBatchBilling } from './job-batch-billing';
import type { JobKind, JobPlan } from './job-kind';
import { JOB_KINDS } from './job-kind-registry';
import { readStoredJobInput, toStoredJobInput } from './stored-job-input';

/**
 * Runs jobs: at most `concurrency` at once, each batch by batch. A batch's rows, checkpoint,
 * progress and ledger row are committed in one transaction (commitBatch) before the next batch
 * starts, so a job killed at any instant resumes (`resumeUnfinished`, at start-up) from its last
 * commit, and what the cut batch had fetched is answered by the caches without paying again.
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
 * `running` in the store for the next start to resume.
 */
export interface JobRunner {
  readonly kinds: readonly JobKind[];
  /** How long jobs wait out upstream trouble, and how often. */
  readonly backoff: JobBackoff;
  /** Creates the job (or finds the caller's job with this idempotency key) and queues it. */
  submit(identity: Identity, submission: JobSubmission): Promise<{ job: JobRecord; created: boolean }>;
  /** Queues every job left queued or running by an earlier process; how many. Call once at start. */
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

export interface JobSubmission {
  kind: string;
  input: unknown;
  idempotencyKey?: string;
}

export interface JobRunnerHooks {
  /** After a batch's work, before its commit: tests cut a process short here. */
  beforeCommit?(jobId: string, batchIndex: number): Promise<void> | void;
  /** After each commit. */
  afterCommit?(job: JobRecord, batchIndex: number): void;
}

export interface JobRunnerOptions {
  /** JOB_KINDS by default. */
  kinds?: readonly JobKind[];
  /** Jobs running at once; 2 by default. The throttle paces their calls either way. */
  concurrency?: number;
  hooks?: JobRunnerHooks;
  /** When jobs wait instead of failing (DEFAULT_JOB_BACKOFF). */
  backoff?: Partial<JobBackoff>;
}

export const DEFAULT_JOB_CONCURRENCY = 2;

export function createJobRunner(deps: OperationDeps, options: JobRunnerOptions = {}): JobRunner {
  const kinds = options.kinds ?? JOB_KINDS;
  const byName = new Map(kinds.map((kind) => [kind.name, kind]));
  const concurrency = options.concurrency ?? DEFAULT_JOB_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`job concurrency must be a whole number of at least 1, got ${concurrency}`);
  }
  const hooks = options.hooks ?? {};
  const backoff: JobBackoff = { ...DEFAULT_JOB_BACKOFF, ...options.backoff };
  /** Jobs waiting out a pause in this process, with the timer that wakes them. */
  const waiting = new Map<string, AbortController>();
  /** Jobs whose pause ended while their last run was still winding down: queued when it has. */
  const wakeAfterRun = new Set<string>();
  const { store } = deps;
  const log = deps.logger.child({ component: 'jobs' });

  const queue: string[] = [];
  const running = new Map<string, Promise<void>>();
  const cancelled = new Set<string>();
  let idleWaiters: (() => void)[] = [];
  let stopping: Promise<void> | null = null;

  const isActive = (id: string) => running.has(id) || queue.includes(id) || waiting.has(id);

  const wakeIdle = () => {
    if (running.size > 0 || queue.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  };

  const pump = () => {
    while (stopping === null && running.size < concurrency && queue.length > 0) {
      const id = queue.shift() as string;
      const work = runJob(id)
        .catch((error: unknown) => log.error({ err: error, jobId: id }, 'a job ended unexpectedly'))
        .then(() => sweepIfEnded(id))
        .finally(() => {
          running.delete(id);
          cancelled.delete(id);
          if (wakeAfterRun.delete(id)) queue.push(id);
          pump();
          wakeIdle();
        });
      running.set(id, work);
    }
    wakeIdle();
  };

  const enqueue = (id: string) => {
    if (stopping !== null || isActive(id)) return;
    queue.push(id);
    pump();
  };

  /** Queues the job when its pause ends (at once when it has ended already). */
  const wakeAt = (id: string, until: number) => {
    waiting.get(id)?.abort();
    const timer = new AbortController();
    waiting.set(id, timer);
    void deps.sleep(Math.max(0, until - deps.clock.now()), timer.signal).then(() => {
      if (timer.signal.aborted) return;
      waiting.delete(id);
      if (running.has(id)) wakeAfterRun.add(id);
      else enqueue(id);
    });
  };

  /**
   * Once a job has ended and no run of it is under way: what its runs were answered and no
   * committed batch used (the cache answered a resumed batch instead) goes in the ledger now, so
   * the ledger holds everything the API billed for the job.
   */
  const sweepIfEnded = async (id: string) => {
    try {
      const job = await store.jobs.get(id);
      if (job === null || job.status === 'queued' || job.status === 'running') return;
      const swept = store.paidCalls.sweepJob(id, chargeOfBody);
      if (swept > 0) log.info({ jobId: id, calls: swept }, 'paid calls of an ended job recorded');
    } catch (error) {
      log.error({ err: error, jobId: id }, 'the paid calls of an ended job could not be recorded');
    }
  };

  /** Ends a job, unless it ended meanwhile (a cancel between the last batch and here). */
  const finish = async (id: string, status: 'done' | 'failed', error?: string) => {
    try {
      return await store.jobs.finish(id, status, error);
    } catch (failure) {
      if (failure instanceof JobStoreError && failure.code === 'job_conflict') return null;
      throw failure;
    }
  };

  async function runJob(id: string): Promise<void> {
    const jobLog = log.child({ jobId: id });
    const found = await store.jobs.get(id);
    if (found === null || (found.status !== 'queued' && found.status !== 'running')) return;
    const kind = byName.get(found.kind);
    const stored = readStoredJobInput(found.input);
    if (kind === undefined || stored === null) {
      await finish(id, 'failed', `This worker cannot run jobs of kind "${found.kind}" any more`);
      return;
    }
    let job: JobRecord;
    try {
      job = await store.jobs.start(id);
    } catch (error) {
      if (error instanceof JobStoreError && error.code === 'job_conflict') return;
      throw error;
    }
    const identity: Identity = { email: job.ownerEmail, role: stored.owner.role, via: stored.owner.via };
    const context: OperationContext = { identity, requestId: `job:${id}`, jobId: id, log: jobLog };
    const resumed = job.progress.done > 0;
    jobLog.info(
      { kind: kind.name, done: job.progress.done, total: job.progress.total },
      resumed ? 'job resumed' : 'job started',
    );

    let paused = (await store.jobWaits.get(id)) !== null;
    const runId = randomBytes(6).toString('base64url');
    let batchIndex = 0;
    let plan: JobPlan;
    try {
      const committed = await store.jobs.checkpoints(id);
      for (const index of committed.keys()) batchIndex = Math.max(batchIndex, index + 1);
      batchIndex = await commitEarlierCharges(job, batchIndex, runId, jobLog);
      const checkpoints = new Map(
        [...committed].filter(([, checkpoint]) => !isRecoveryCheckpoint(checkpoint)),
      );
      const privateInput = await store.jobs.privateInput(id);
      plan = await kind.plan({ job, params: stored.params, privateInput, checkpoints }, deps);
    } catch (error) {
      await stopJob(job, error, jobLog);
      return;
    }

    for (;;) {
      if (stopping !== null || cancelled.has(id)) return;
      const batch = await plan.next();
      if (batch === null) break;
      const attempt = `${batchIndex}.${runId}`;
      const requestId = batchRequestId(id, attempt);
      const billing = createBatchBilling({
        guard: deps.guard,
        context,
        requestId,
        logger: jobLog,
        unreadableAnswers: store.unreadableAnswers,
        journal: store.paidCalls,
        clock: deps.clock,
      });
      try {
        const result = await batch.run({ ...deps, paid: billing.paid }, { ...context, requestId });
        await hooks.beforeCommit?.(id, batchIndex);
        const [ledger, ...others] = billing.ledgerRows();
        const callIds = billing.callIds();
        const commit = await store.jobs.commitBatch(id, {
          index: batchIndex,
          rows: result.rows,
          checkpoint: result.checkpoint,
          ...(result.errors === undefined ? {} : { errors: result.errors }),
          ...(result.lastError === undefined ? {} : { lastError: result.lastError }),
          ...(ledger === undefined ? {} : { ledger }),
          // The other operations' rows and the journal's calls stand or fall with the batch.
          alsoInTransaction: () => {
            for (const other of others)
              store.paidCalls.record({ ...other, userEmail: job.ownerEmail, jobId: id }, []);
            store.paidCalls.settle(callIds);
          },
        });
        if (paused) {
          // A batch went through: the trouble is over, and the next one starts a new run of pauses.
          await store.jobWaits.clear(id);
          paused = false;
        }
        job = commit.job;
        jobLog.debug(
          { batch: batchIndex, work: batch.label, rows: result.rows.length, done: job.progress.done },
          'job batch committed',
        );
        hooks.afterCommit?.(job, batchIndex);
        batchIndex += 1;
      } catch (error) {
        await billing.recordUncommitted();
        const latest = (await store.jobs.get(id)) ?? job;
        if (latest.status === 'cancelled') return;
        await pauseOrStop(latest, error, jobLog);
        return;
      } finally {
        billing.release();
      }
    }
    const ended = await finish(id, 'done');
    if (ended !== null) {
      jobLog.info(
        { done: ended.progress.done, errors: ended.progress.errors, credits: ended.progress.creditsSpent },
        'job done',
      );
    }
  }

  /**
   * Commits, as a batch without rows, what earlier runs of the job were answered for and never
   * committed (a process killed between the API's answer and the batch's commit): the ledger and
   * the job's credits count them now, once; their answers stay in the journal for the resumed
   * batch to get back instead of buying them again. Returns the next batch index.
   */
  async function commitEarlierCharges(
    job: JobRecord,
    index: number,
    runId: string,
    jobLog: Logger,
  ): Promise<number> {
    const { callIds, charges } = store.paidCalls.unrecordedOfJob(job.id, chargeOfBody);
    if (callIds.length === 0) return index;
    const requestId = batchRequestId(job.id, `${index}.${runId}`);
    const [first, ...others] = charges.map((charge) => ({ ...charge, requestId }));
    await store.jobs.commitBatch(job.id, {
      index,
      rows: [],
      checkpoint: { recoveredCharges: requestId },
      ledger: first,
      alsoInTransaction: () => {
        for (const other of others)
          store.paidCalls.record({ ...other, userEmail: job.ownerEmail, jobId: job.id }, []);
        store.paidCalls.markRecovered(callIds);
      },
    });
    jobLog.info(
      { calls: callIds.length, credits: first.actualCredits },
      'charges of a run cut short recorded',
    );
    return index + 1;
  }

  /**
   * After a failed batch: a pause when waiting can fix it (job-backoff.ts) and pauses are left,
   * else the end of the job.
   */
  async function pauseOrStop(job: JobRecord, error: unknown, jobLog: Logger): Promise<void> {
    const answer = toWorkerError(error);
    if (!isWorthWaiting(answer)) return stopJob(job, error, jobLog);
    const previous = await store.jobWaits.get(job.id);
    const pauses = (previous?.pauses ?? 0) + 1;
    const now = deps.clock.now();
    if (pauses > backoff.maxPauses) {
      const since = previous?.since ?? now;
      return stopJob(job, error, jobLog, `after ${backoff.maxPauses} pauses over ${minutes(now - since)}`);
    }
    const until = now + pauseDelayMs(pauses, backoff);
    await store.jobWaits.set({
      jobId: job.id,
      until,
      pauses,
      code: answer.code,
      reason: answer.message,
      since: previous?.since ?? now,
    });
    jobLog.warn({ code: answer.code, pauses, until: new Date(until).toISOString() }, 'job waiting');
    wakeAt(job.id, until);
  }

  /** Fails the job with a sentence saying why and how to go on. */
  async function stopJob(job: JobRecord, error: unknown, jobLog: Logger, after?: string): Promise<void> {
    const answer = toWorkerError(error);
    if (answer.code === 'internal') jobLog.error({ err: error }, 'job failed');
    else jobLog.warn({ code: answer.code, status: answer.status }, 'job stopped');
    const kept = `${job.progress.done} of ${job.progress.total} rows are done and kept`;
    const again =
      'submit the job again with a new idempotency key to go on: what was already fetched is cached and not paid again';
    const why = after === undefined ? answer.message : `${answer.message} (${after})`;
    const message = isBudgetExceededError(error)
      ? `Paused by the budget: ${why}. ${kept}; when the budget allows, ${again}`
      : `Stopped: ${why}. ${kept}; ${again}`;
    await store.jobWaits.clear(job.id);
    await finish(job.id, 'failed', message);
  }

  return {
    kinds,
    backoff,

    async submit(identity, submission) {
      if (stopping !== null) {
        throw new WorkerError(503, 'unavailable', 'The worker is shutting down; try again in a moment', {
          retryAfterSeconds: 5,
        });
      }
      const kind = byName.get(submission.kind);
      if (kind === undefined) {
        throw badRequest(
          `kind must be one of ${[...byName.keys()].join(', ')}, got ${JSON.stringify(submission.kind)}`,
        );
      }
      const draft = await kind.create(submission.input, deps);
      // Keyed digests (the e-mail cache's HMAC): neither may reveal an address a caller put there.
      const fingerprint = store.emailCacheKey(`job input\n${kind.name}\n${canonicalJson(submission.input)}`);
      const idempotencyKey =
        submission.idempotencyKey === undefined
          ? undefined
          : store.emailCacheKey(`job idempotency key\n${submission.idempotencyKey}`);
      const { job, created } = await store.jobs.create({
        kind: kind.name,
        ownerEmail: identity.email,
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
        input: toStoredJobInput(draft.params, draft.columns, identity, fingerprint),
        ...(draft.privateInput === undefined ? {} : { privateInput: draft.privateInput }),
        total: draft.total,
      });
      if (!created && readStoredJobInput(job.input)?.fingerprint !== fingerprint) {
        throw new WorkerError(
          409,
          'idempotency_conflict',
          `This idempotency key already started job ${job.id} with another kind or input; use a new key for a new job`,
        );
      }
      if (created) log.info({ jobId: job.id, kind: kind.name, total: job.progress.total }, 'job created');
      if (job.status === 'queued' || job.status === 'running') enqueue(job.id);
      return { job, created };
    },

    async resumeUnfinished() {
      const jobs = await store.jobs.unfinished();
      const waits = new Map((await store.jobWaits.all()).map((wait) => [wait.jobId, wait]));
      for (const job of jobs) {
        // A pause outlives the process: a restart waits it out rather than hammering the API.
        const wait = waits.get(job.id);
        if (wait === undefined) enqueue(job.id);
        else wakeAt(job.id, wait.until);
      }
      if (jobs.length > 0) log.info({ jobs: jobs.length }, 'resuming unfinished jobs');
      return jobs.length;
    },

    async cancel(jobId) {
      const job = await store.jobs.finish(jobId, 'cancelled');
      waiting.get(jobId)?.abort();
      waiting.delete(jobId);
      await store.jobWaits.clear(jobId);
      // A batch in flight commits its rows; the loop stops before the next one.
      if (running.has(jobId)) cancelled.add(jobId);
      const queued = queue.indexOf(jobId);
      if (queued >= 0) {
        queue.splice(queued, 1);
        wakeIdle();
      }
      if (!running.has(jobId)) await sweepIfEnded(jobId);
      log.info({ jobId, done: job.progress.done }, 'job cancelled');
      return job;
    },

    isActive,

    idle() {
      if (running.size === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    async stop(timeoutMs) {
      stopping ??= (async () => {
        queue.length = 0;
        for (const timer of waiting.values()) timer.abort();
        waiting.clear();
        await Promise.all([...running.values()]);
        wakeIdle();
      })();
      if (timeoutMs === undefined) {
        await stopping;
        return true;
      }
      const timer = new AbortController();
      try {
        return await Promise.race([
          stopping.then(() => true),
          deps.sleep(timeoutMs, timer.signal).then(() => false),
        ]);
      } finally {
        timer.abort();
      }
    },
  };
}

/** "12 min", "2 h 5 min": how long a job has been waiting, in a sentence. */
function minutes(ms: number): string {
  const total = Math.round(ms / 60_000);
  if (total < 60) return `${total} min`;
  return `${Math.floor(total / 60)} h ${total % 60} min`;
}

/** `job:<id>#<batch>.<run>`: a batch attempt of one run, as its ledger row names it. */
function batchRequestId(jobId: string, attempt: string): string {
  return `job:${jobId}#${attempt}`;
}

/** The checkpoint of a batch that only carries a recovered charge: no kind's business. */
function isRecoveryCheckpoint(checkpoint: unknown): boolean {
  return typeof checkpoint === 'object' && checkpoint !== null && 'recoveredCharges' in checkpoint;
}

const RUNNERS = new WeakMap<OperationDeps, JobRunner>();

/**
 * The one runner of a worker, made on first use: the jobs router and the start-up and shutdown
 * code of index.ts must share it, and AppDeps has no place for it yet.
 */
export function jobRunnerFor(deps: OperationDeps): JobRunner {
  let runner = RUNNERS.get(deps);
  if (runner === undefined) {
    runner = createJobRunner(deps);
    RUNNERS.set(deps, runner);
  }
  return runner;
}
