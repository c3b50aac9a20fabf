import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { chargeOfBody } from '../billing/billed-items';
import { isBudgetExceededError } from '../request-io/budget-exceeded-error';
import { toWorkerError } from '../request-io/error-answer';
import type { Identity } from '../identity/identity';
import type { OperationContext, OperationDeps } from '../operations/operation-deps';
import { JobStoreError, type JobRecord } from '../store/job-repository';
import type { Store } from '../store/store';
import { isWorthWaiting, pauseDelayMs, type JobBackoff } from './job-backoff';
import { createBatchBilling, type BatchBilling } from './job-batch-billing';
import type { JobBatch, JobBatchResult, JobKind, JobPlan } from './job-kind';
import { takeJobLease, type HeldLease, type JobLeaseSettings } from './job-lease';
import type { JobQueue } from './job-queue';
import { readStoredJobInput } from './stored-job-input';
import { isActiveJobStatus } from '../../../shared/worker-api/job-status';

/**
 * One run of a job, batch by batch, and what brings a job back: the recovery of a run cut short
 * (commitEarlierCharges, sweepIfEnded, resumeUnfinished) and the pauses that wait out upstream
 * trouble (pauseOrStop). The states a run ends in are JobRunner's (job-runner.ts).
 */

export interface JobRunnerHooks {
  /** After a batch's work, before its commit: tests cut a process short here. */
  beforeCommit?(jobId: string, batchIndex: number): Promise<void> | void;
  /** After each commit. */
  afterCommit?(job: JobRecord, batchIndex: number): void;
  /** A run of the job ended here (done, failed, cancelled, paused, or stopped for shutdown). */
  afterRun?(jobId: string): void;
}

/** What every run of a runner shares. */
export interface JobRunScope {
  deps: OperationDeps;
  kinds: ReadonlyMap<string, JobKind>;
  hooks: JobRunnerHooks;
  backoff: JobBackoff;
  /** The runner's logger (`component: jobs`). */
  log: Logger;
  queue: Pick<JobQueue, 'shouldStop' | 'wakeAt'>;
  /** Whose runs these are in the jobs' leases, and for how long a lease lasts. */
  lease: JobLeaseSettings;
}

/** A run under way: the job as last committed and the index its next batch commits under. */
interface Run {
  job: JobRecord;
  kind: JobKind;
  params: unknown;
  context: OperationContext;
  log: Logger;
  /** Tells this run's ledger rows from an earlier run's of the same batch index. */
  runId: string;
  batchIndex: number;
  /** The job was waiting out a pause: the first batch that commits ends it. */
  paused: boolean;
  lease: HeldLease;
}

/**
 * Runs the job from its last commit until it ends, pauses, the queue says to stop or its lease is
 * lost; nothing when another instance holds its lease.
 */
export async function runJob(scope: JobRunScope, id: string): Promise<void> {
  const { store, clock, sleep } = scope.deps;
  let lease: HeldLease | null = null;
  try {
    lease = await takeJobLease({ jobs: store.jobs, clock, sleep, log: scope.log }, scope.lease, id);
    if (lease !== null) await runLeased(scope, id, lease);
  } catch (error) {
    if (toWorkerError(error).code !== 'store_unavailable') throw error;
    // The store went away under the run (a database restart): nothing of the job can be written,
    // so it waits here, in memory, and goes on from its last commit once the store is back.
    scope.log.warn({ jobId: id }, 'the store is unavailable: the job goes on once it is back');
    scope.queue.wakeAt(id, clock.now() + STORE_OUTAGE_WAIT_MS);
  } finally {
    await lease?.end();
  }
}

/** How soon a job cut short by the store's outage looks again (the store's probe tries every second). */
const STORE_OUTAGE_WAIT_MS = 5_000;

async function runLeased(scope: JobRunScope, id: string, lease: HeldLease): Promise<void> {
  const run = await startRun(scope, id, lease);
  if (run === null) return;
  const plan = await planRun(scope, run);
  if (plan === null) return;
  for (;;) {
    if (scope.queue.shouldStop(id) || lease.lost) return;
    const batch = await plan.next();
    if (batch === null) break;
    if (!(await runBatch(scope, run, batch))) return;
  }
  const ended = await finishJob(scope.deps.store, id, 'done');
  if (ended !== null) {
    run.log.info(
      { done: ended.progress.done, errors: ended.progress.errors, credits: ended.progress.creditsSpent },
      'job done',
    );
  }
}

/** Marks the job running; null when there is nothing to run (ended, or another run has it). */
async function startRun(scope: JobRunScope, id: string, lease: HeldLease): Promise<Run | null> {
  const { store } = scope.deps;
  const jobLog = scope.log.child({ jobId: id });
  const found = await store.jobs.get(id);
  if (found === null || !isActiveJobStatus(found.status)) return null;
  const kind = scope.kinds.get(found.kind);
  const stored = readStoredJobInput(found.input);
  if (kind === undefined || stored === null) {
    await finishJob(store, id, 'failed', `This worker cannot run jobs of kind "${found.kind}" any more`);
    return null;
  }
  let job: JobRecord;
  try {
    job = await store.jobs.start(id);
  } catch (error) {
    if (error instanceof JobStoreError && error.code === 'job_conflict') return null;
    throw error;
  }
  // The identity the owner had when submitting: a job resumed after a restart runs as them.
  const identity: Identity = { email: job.ownerEmail, role: stored.owner.role, via: stored.owner.via };
  const context: OperationContext = { identity, requestId: `job:${id}`, jobId: id, log: jobLog };
  const resumed = job.progress.done > 0;
  jobLog.info(
    { kind: kind.name, done: job.progress.done, total: job.progress.total },
    resumed ? 'job resumed' : 'job started',
  );
  const paused = (await store.jobWaits.get(id)) !== null;
  const runId = randomBytes(6).toString('base64url');
  return { job, kind, params: stored.params, context, log: jobLog, runId, batchIndex: 0, paused, lease };
}

/**
 * The rest of the job from its committed checkpoints, once what an earlier run was charged for
 * and never committed is; null when that failed (the job has failed then).
 */
async function planRun(scope: JobRunScope, run: Run): Promise<JobPlan | null> {
  const { deps } = scope;
  const id = run.job.id;
  try {
    const committed = await deps.store.jobs.checkpoints(id);
    for (const index of committed.keys()) run.batchIndex = Math.max(run.batchIndex, index + 1);
    run.batchIndex = await commitEarlierCharges(deps.store, run);
    const checkpoints = new Map([...committed].filter(([, checkpoint]) => !isRecoveryCheckpoint(checkpoint)));
    const privateInput = await deps.store.jobs.privateInput(id);
    return await run.kind.plan({ job: run.job, params: run.params, privateInput, checkpoints }, deps);
  } catch (error) {
    // An outage of the store is no reason to fail the job: runJob waits it out.
    if (toWorkerError(error).code === 'store_unavailable') throw error;
    await stopJob(deps.store, run.job, error, run.log);
    return null;
  }
}

/** Does and commits one batch; false when the run ends here (the batch failed, or was cancelled). */
async function runBatch(scope: JobRunScope, run: Run, batch: JobBatch): Promise<boolean> {
  const { deps, hooks } = scope;
  const id = run.job.id;
  const requestId = batchRequestId(id, `${run.batchIndex}.${run.runId}`);
  const billing = createBatchBilling({
    guard: deps.guard,
    context: run.context,
    requestId,
    logger: run.log,
    unreadableAnswers: deps.store.unreadableAnswers,
    journal: deps.store.paidCalls,
    clock: deps.clock,
    metrics: deps.metrics,
  });
  try {
    const result = await batch.run({ ...deps, paid: billing.paid }, { ...run.context, requestId });
    await hooks.beforeCommit?.(id, run.batchIndex);
    run.job = await commitBatch(deps.store, run, result, billing);
    if (run.paused) {
      // A batch went through: the trouble is over, and the next one starts a new run of pauses.
      await deps.store.jobWaits.clear(id);
      run.paused = false;
    }
    run.log.debug(
      { batch: run.batchIndex, work: batch.label, rows: result.rows.length, done: run.job.progress.done },
      'job batch committed',
    );
    hooks.afterCommit?.(run.job, run.batchIndex);
    run.batchIndex += 1;
    return true;
  } catch (error) {
    await billing.recordUncommitted();
    // The store away: runJob waits it out, without writing a pause it could not store.
    if (toWorkerError(error).code === 'store_unavailable') throw error;
    // Refused by the commit: cancelled (through any instance), or taken over by another instance.
    if (error instanceof JobStoreError && error.code === 'job_conflict') {
      run.log.info({ batch: run.batchIndex, reason: error.message }, 'job batch not committed');
      return false;
    }
    const latest = (await deps.store.jobs.get(id)) ?? run.job;
    if (latest.status === 'cancelled') return false;
    await pauseOrStop(scope, latest, error, run.log);
    return false;
  } finally {
    billing.release();
  }
}

/** The batch's rows, checkpoint, progress and charges in one transaction; the job as committed. */
async function commitBatch(
  store: Store,
  run: Run,
  result: JobBatchResult,
  billing: BatchBilling,
): Promise<JobRecord> {
  const { job } = run;
  const [ledger, ...others] = billing.ledgerRows();
  const callIds = billing.callIds();
  const commit = await store.jobs.commitBatch(job.id, {
    index: run.batchIndex,
    rows: result.rows,
    checkpoint: result.checkpoint,
    ...(result.errors === undefined ? {} : { errors: result.errors }),
    ...(result.lastError === undefined ? {} : { lastError: result.lastError }),
    ...(ledger === undefined ? {} : { ledger }),
    // The other operations' rows and the journal's calls stand or fall with the batch.
    moreLedger: others,
    calls: { ids: callIds, as: 'settled' },
    leaseOwner: run.lease.owner,
  });
  store.paidCalls.committed(callIds);
  return commit.job;
}

/**
 * Commits, as a batch without rows, what earlier runs of the job were answered for and never
 * committed (a process killed between the API's answer and the batch's commit): the ledger and
 * the job's credits count them now, once; their answers stay in the journal for the resumed
 * batch to get back instead of buying them again. Returns the next batch index.
 */
async function commitEarlierCharges(store: Store, run: Run): Promise<number> {
  const { job, batchIndex: index } = run;
  const { callIds, charges } = await store.paidCalls.unrecordedOfJob(job.id, chargeOfBody);
  if (callIds.length === 0) return index;
  const requestId = batchRequestId(job.id, `${index}.${run.runId}`);
  const [first, ...others] = charges.map((charge) => ({ ...charge, requestId }));
  await store.jobs.commitBatch(job.id, {
    index,
    rows: [],
    checkpoint: { recoveredCharges: requestId },
    ledger: first,
    moreLedger: others,
    calls: { ids: callIds, as: 'recovered' },
    leaseOwner: run.lease.owner,
  });
  run.log.info(
    { calls: callIds.length, credits: first.actualCredits },
    'charges of a run cut short recorded',
  );
  return index + 1;
}

/**
 * After a failed batch: a pause when waiting can fix it (job-backoff.ts) and pauses are left,
 * else the end of the job.
 */
async function pauseOrStop(
  scope: JobRunScope,
  job: JobRecord,
  error: unknown,
  jobLog: Logger,
): Promise<void> {
  const { store, clock } = scope.deps;
  const { backoff } = scope;
  const answer = toWorkerError(error);
  if (!isWorthWaiting(answer)) return stopJob(store, job, error, jobLog);
  const previous = await store.jobWaits.get(job.id);
  const pauses = (previous?.pauses ?? 0) + 1;
  const now = clock.now();
  if (pauses > backoff.maxPauses) {
    const since = previous?.since ?? now;
    return stopJob(
      store,
      job,
      error,
      jobLog,
      `after ${backoff.maxPauses} pauses over ${minutes(now - since)}`,
    );
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
  scope.queue.wakeAt(job.id, until);
}

/** Fails the job with a sentence saying why and how to go on. */
async function stopJob(
  store: Store,
  job: JobRecord,
  error: unknown,
  jobLog: Logger,
  after?: string,
): Promise<void> {
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
  await finishJob(store, job.id, 'failed', message);
}

/** Ends a job, unless it ended meanwhile (a cancel between the last batch and here): then null. */
async function finishJob(
  store: Store,
  id: string,
  status: 'done' | 'failed',
  error?: string,
): Promise<JobRecord | null> {
  try {
    return await store.jobs.finish(id, status, error);
  } catch (failure) {
    if (failure instanceof JobStoreError && failure.code === 'job_conflict') return null;
    throw failure;
  }
}

/**
 * Once a job has ended and no run of it is under way: what its runs were answered and no
 * committed batch used (the cache answered a resumed batch instead) goes in the ledger now, so
 * the ledger holds everything the API billed for the job.
 */
export async function sweepIfEnded(store: Store, log: Logger, id: string): Promise<void> {
  try {
    const job = await store.jobs.get(id);
    if (job === null || isActiveJobStatus(job.status)) return;
    const swept = await store.paidCalls.sweepJob(id, chargeOfBody);
    if (swept > 0) log.info({ jobId: id, calls: swept }, 'paid calls of an ended job recorded');
  } catch (error) {
    log.error({ err: error, jobId: id }, 'the paid calls of an ended job could not be recorded');
  }
}

/**
 * Queues the unfinished jobs no lease holds (left by an earlier process, or by an instance that
 * died) and that this runner does not have already; how many. Each run takes the lease first, so
 * of instances queuing one job at once only one runs it.
 */
export async function resumeLeasable(
  store: Store,
  log: Logger,
  queue: Pick<JobQueue, 'enqueue' | 'wakeAt' | 'isActive'>,
  now: number,
): Promise<number> {
  const jobs = (await store.jobs.leasable(now)).filter((job) => !queue.isActive(job.id));
  if (jobs.length === 0) return 0;
  const waits = new Map((await store.jobWaits.all()).map((wait) => [wait.jobId, wait]));
  for (const job of jobs) {
    // A pause outlives the process: a restart waits it out rather than hammering the API.
    const wait = waits.get(job.id);
    if (wait === undefined) queue.enqueue(job.id);
    else queue.wakeAt(job.id, wait.until);
  }
  log.info({ jobs: jobs.length }, 'resuming unfinished jobs');
  return jobs.length;
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
