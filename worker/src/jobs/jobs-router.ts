import type { Request, Response } from 'express';
import { successStatus, WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { JobDeliveries } from './delivery/job-delivery';
import type { JobDeliveryState } from '../../../shared/worker-api/jobs';
import { presentedProof, unprovableSentence } from '../documents/edit-access';
import { KB } from '../request-io/json-body';
import { served, type ServedRoute } from '../request-io/served-route';
import { deliveryState } from '../store/rows/job-delivery-rows';
import { WorkerError } from '../request-io/worker-error';
import { requireIdentity } from '../identity/identity';
import { operationContext, type OperationDeps } from '../operations/operation-deps';
import { JobStoreError, type JobRecord } from '../store/job-repository';
import { normalizeUserEmail } from '../store/values/user-email';
import { MAX_EMAIL_JOB_INPUTS } from './job-kinds/email-enrichment';
import type { JobRunner } from './job-runner';
import { toJobView } from './job-view';
import { readRawFeedUsage } from './raw-feed-usage';
import { jobDeliveryRequestSchema } from './job-delivery-request';
import { jobListQuerySchema, jobRequestSchema, jobRowsQuerySchema } from './job-request';

/**
 * A job's input is the biggest body the worker takes: up to 500,000 e-mail cells at 48 bytes each
 * (real addresses average about 28 bytes in JSON), which also covers 100,000 handle cells of a
 * bulk report at 240 bytes each.
 */
const JOBS_BODY_LIMIT = MAX_EMAIL_JOB_INPUTS * 48 + 64 * KB;

interface JobsRouterDeps extends OperationDeps {
  /** The worker's one runner (AppDeps.jobRunner): the one index.ts resumes and stops. */
  jobRunner: JobRunner;
  /** Server delivery (AppDeps.jobDeliveries): `PUT /api/jobs/:id/delivery`. */
  jobDeliveries: JobDeliveries;
}

/**
 * Long work that survives restarts (job-runner.ts). Owners see their jobs, admins every job;
 * anyone else gets 404, as for a job that does not exist. Answers are never cached: rows of an
 * e-mail job quote the addresses.
 *
 * - `POST /api/jobs` `{ kind, input, idempotencyKey? }` -> 202 `{ id, status, total }` (200 with
 *   the same job when the caller's idempotency key already made it; 409 when that job had another
 *   kind or input)
 * - `GET /api/jobs?limit=N` -> `{ jobs: [progress...] }`, the caller's, newest first
 * - `GET /api/jobs/:id` -> `{ id, kind, status, done, total, creditsSpent, errors, lastError?,
 *   waiting?: { until, pause, maxPauses, reason }, createdAt, updatedAt, header, columns }`
 * - `GET /api/jobs/:id/rows?after=N&limit=M` -> `{ rows: [{ position, row }], next, job }`, finished
 *   rows in input order from position N (a page stops before the first row not done yet), and the
 *   job's progress read before them, so one call serves a poll
 * - `PUT /api/jobs/:id/delivery` `{ spreadsheetId, sheetName, firstRow, firstColumn }` -> `{ mode,
 *   rowsWritten, reason? }`: the worker writes the rows into the sheet itself when the sheet is
 *   shared with its service account (jobs/delivery/job-delivery.ts), else says why the sidebar writes
 *   them; asking again answers the delivery as it stands
 * - `DELETE /api/jobs/:id` -> the progress, `cancelled` (a batch in flight still commits; rows stay);
 *   409 when the job has already ended otherwise
 * - `GET /api/raw/jobs/:id` -> `{ id, status, operation, pages, rawUnits, more, cursor, cursorParam,
 *   rawRequestsLeft, rawLeftOf }`: what a `raw-feed` job pulled and spent (raw-feed-usage.ts); 404
 *   for a job of another kind or owner, as the other job routes answer. It sits under `/api/raw`
 *   beside the raw data it continues, and here beside the jobs it reads.
 */
export function jobsRoutes(deps: JobsRouterDeps): ServedRoute[] {
  const runner = deps.jobRunner;
  const noStore = { 'Cache-Control': 'no-store' };

  /** A job as its card shows it, with its pause when it is waiting one out. */
  const view = async (job: JobRecord) => {
    const delivery = await deps.store.jobDeliveries.get(job.id);
    return toJobView(
      job,
      await deps.store.jobWaits.get(job.id),
      runner.backoff.maxPauses,
      delivery === null ? null : deliveryState(delivery),
    );
  };

  const visibleJob = (req: Request) => visibleJobOf(deps, req);

  const noStoreAnswer = <T>(res: Response, answer: T): T => {
    res.set(noStore);
    return answer;
  };

  return [
    served(
      'startJob',
      { body: jobRequestSchema },
      {
        bodyLimit: JOBS_BODY_LIMIT,
        handle: async ({ body: request }, req, res) => {
          const context = operationContext(req, deps);
          const { job, created } = await runner.submit(context.identity, {
            kind: request.kind,
            input: request.input,
            ...(request.idempotencyKey === undefined ? {} : { idempotencyKey: request.idempotencyKey }),
          });
          res
            // The table's statuses (startJob's `status`, and `alsoAnswers` for a key already used).
            .status(created ? successStatus(WORKER_ROUTES.startJob) : 200)
            .set(noStore)
            .json({ id: job.id, status: job.status, total: job.progress.total });
        },
      },
    ),
    served(
      'jobs',
      { query: jobListQuerySchema },
      {
        handle: async ({ query }, req, res) => {
          const jobs = await deps.store.jobs.list(requireIdentity(req).email, { limit: query.limit });
          return noStoreAnswer(res, { jobs: await Promise.all(jobs.map(view)) });
        },
      },
    ),
    served(
      'job',
      {},
      {
        handle: async (_input, req, res) => noStoreAnswer(res, await view(await visibleJob(req))),
      },
    ),
    served(
      'jobRows',
      { query: jobRowsQuerySchema },
      {
        handle: async ({ query: { after, limit } }, req, res) => {
          // The job is read before its rows: when its progress says it ended, every row is committed.
          const job = await visibleJob(req);
          const progress = await view(job);
          return noStoreAnswer(res, {
            ...(await deps.store.jobs.rows(job.id, { after, limit })),
            job: progress,
          });
        },
      },
    ),
    served(
      'jobDelivery',
      { body: jobDeliveryRequestSchema },
      {
        bodyLimit: 4 * KB,
        handle: async ({ body: target }, req, res) => {
          const job = await visibleJob(req);
          // The worker writes into that spreadsheet as its service account: only for someone who can
          // edit it (issue 22). Where it cannot tell, it cannot write either: the sidebar writes.
          if (deps.sheetAccess !== null) {
            const state = await deps.editAccess.check(
              requireIdentity(req),
              target.spreadsheetId,
              presentedProof(req),
            );
            if (state === 'unprovable') {
              const reason = await unprovableSentence(deps.sheetAccess);
              return noStoreAnswer(res, {
                mode: 'sidebar',
                rowsWritten: 0,
                reason,
              } satisfies JobDeliveryState);
            }
          }
          return noStoreAnswer(res, await deps.jobDeliveries.request(job.id, target));
        },
      },
    ),
    served(
      'cancelJob',
      {},
      {
        handle: async (_input, req, res) =>
          noStoreAnswer(res, await cancel(deps, await visibleJob(req), view)),
      },
    ),
    served(
      'rawFeedUsage',
      {},
      {
        handle: async (_input, req, res) =>
          noStoreAnswer(
            res,
            await readRawFeedUsage(deps, operationContext(req, deps), String(req.params.id)),
          ),
      },
    ),
  ];
}

/** `job` cancelled, as its card shows it; 409 when it has already ended otherwise. */
async function cancel<T>(
  deps: JobsRouterDeps,
  job: JobRecord,
  view: (job: JobRecord) => Promise<T>,
): Promise<T> {
  try {
    return await view(await deps.jobRunner.cancel(job.id));
  } catch (error) {
    if (error instanceof JobStoreError && error.code === 'job_conflict') {
      throw new WorkerError(
        409,
        'job_ended',
        `Job ${job.id} has already ended (${job.status}); nothing to cancel`,
      );
    }
    throw error;
  }
}

/** The job of `:id` when the caller may see it (its owner, or an admin), else 404. */
async function visibleJobOf(deps: OperationDeps, req: Request): Promise<JobRecord> {
  const identity = requireIdentity(req);
  const id = String(req.params.id);
  const job = await deps.store.jobs.get(id);
  if (job === null || (job.ownerEmail !== normalizeUserEmail(identity.email) && identity.role !== 'admin')) {
    throw new WorkerError(404, 'job_not_found', `No job "${id}"`);
  }
  return job;
}
