import type { Logger } from 'pino';
import { badRequest, WorkerError } from '../request-io/worker-error';
import type { Identity } from '../identity/identity';
import { canonicalJson } from '../operations/operation-helpers/canonical-json';
import type { OperationDeps } from '../operations/operation-deps';
import type { JobRecord } from '../store/job-repository';
import type { Store } from '../store/store';
import type { JobKind } from './job-kind';
import type { JobQueue } from './job-queue';
import { readStoredJobInput, toStoredJobInput } from './stored-job-input';
import { isActiveJobStatus } from '../../../shared/worker-api/job-status';

export interface JobSubmission {
  kind: string;
  input: unknown;
  idempotencyKey?: string;
}

/** What submitting needs of a runner. */
interface JobSubmitScope {
  deps: OperationDeps;
  kinds: ReadonlyMap<string, JobKind>;
  log: Logger;
  queue: Pick<JobQueue, 'enqueue' | 'isStopping'>;
}

/**
 * Creates the job, or finds the caller's job made with this idempotency key, and queues it unless
 * it has ended. The same key with another kind or input is a 409: a retried request must never
 * quietly start (or answer for) a different job.
 */
export async function submitJob(
  scope: JobSubmitScope,
  identity: Identity,
  submission: JobSubmission,
): Promise<{ job: JobRecord; created: boolean }> {
  const { deps, log, queue } = scope;
  if (queue.isStopping()) {
    throw new WorkerError(503, 'unavailable', 'The worker is shutting down; try again in a moment', {
      retryAfterSeconds: 5,
    });
  }
  const kind = kindNamed(scope.kinds, submission.kind);
  const draft = await kind.create(submission.input, deps);
  const { fingerprint, idempotencyKey } = digestsOf(deps.store, kind, submission);
  const { job, created } = await deps.store.jobs.create({
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
  if (isActiveJobStatus(job.status)) queue.enqueue(job.id);
  return { job, created };
}

function kindNamed(kinds: ReadonlyMap<string, JobKind>, name: string): JobKind {
  const kind = kinds.get(name);
  if (kind === undefined) {
    throw badRequest(`kind must be one of ${[...kinds.keys()].join(', ')}, got ${JSON.stringify(name)}`);
  }
  return kind;
}

/**
 * The input's fingerprint and the idempotency key as the store keeps them: keyed digests (the
 * e-mail cache's HMAC), since neither may reveal an address a caller put there.
 */
function digestsOf(
  store: Store,
  kind: JobKind,
  submission: JobSubmission,
): { fingerprint: string; idempotencyKey: string | undefined } {
  const fingerprint = store.emailCacheKey(`job input\n${kind.name}\n${canonicalJson(submission.input)}`);
  const idempotencyKey =
    submission.idempotencyKey === undefined
      ? undefined
      : store.emailCacheKey(`job idempotency key\n${submission.idempotencyKey}`);
  return { fingerprint, idempotencyKey };
}
