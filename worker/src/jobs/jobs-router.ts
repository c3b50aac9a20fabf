import { Router, type Request } from 'express';
import type { z } from 'zod';
import { parseRequest } from '../../../shared/validation-message';
import { successStatus, WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { JobDeliveries } from './delivery/job-delivery';
import type { JobDeliveryState } from '../../../shared/worker-api/jobs';
import { presentedProof, unprovableSentence } from '../documents/edit-access';
import { jsonBody, KB } from '../request-io/json-body';
import { deliveryState } from '../store/rows/job-delivery-rows';
import { parseBody } from '../request-io/parse-body';
import { badRequest, WorkerError } from '../request-io/worker-error';
import { requireIdentity } from '../identity/identity';
import { operationContext, type OperationDeps } from '../operations/operation-deps';
import { JobStoreError, type JobRecord } from '../store/job-repository';
import { normalizeUserEmail } from '../store/values/user-email';
import { MAX_EMAIL_JOB_INPUTS } from './job-kinds/email-enrichment';
import { jobListQuerySchema, jobRequestSchema, jobRowsQuerySchema } from './job-request';
import type { JobRunner } from './job-runner';
import { toJobView } from './job-view';
import { jobDeliveryRequestSchema } from './job-delivery-request';
import { readRawFeedUsage } from './raw-feed-usage';

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
export function createJobsRouter(deps: JobsRouterDeps): Router {
  const runner = deps.jobRunner;
  const router = Router();
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

  router.post('/api/jobs', deps.authenticate, jsonBody(JOBS_BODY_LIMIT), async (req, res) => {
    const request = parseBody(jobRequestSchema, req.body);
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
  });

  router.get('/api/jobs', deps.authenticate, async (req, res) => {
    const { limit } = parseQuery(jobListQuerySchema, req.query);
    const identity = requireIdentity(req);
    const jobs = await deps.store.jobs.list(identity.email, { limit });
    res.set(noStore).json({ jobs: await Promise.all(jobs.map(view)) });
  });

  router.get('/api/jobs/:id', deps.authenticate, async (req, res) => {
    res.set(noStore).json(await view(await visibleJob(req)));
  });

  router.get('/api/jobs/:id/rows', deps.authenticate, async (req, res) => {
    const { after, limit } = parseQuery(jobRowsQuerySchema, req.query);
    // The job is read before its rows: when its progress says it ended, every row is committed.
    const job = await visibleJob(req);
    const progress = await view(job);
    res.set(noStore).json({ ...(await deps.store.jobs.rows(job.id, { after, limit })), job: progress });
  });

  router.put('/api/jobs/:id/delivery', deps.authenticate, jsonBody(4 * KB), async (req, res) => {
    const target = parseBody(jobDeliveryRequestSchema, req.body);
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
        res.set(noStore).json({ mode: 'sidebar', rowsWritten: 0, reason } satisfies JobDeliveryState);
        return;
      }
    }
    res.set(noStore).json(await deps.jobDeliveries.request(job.id, target));
  });

  router.delete('/api/jobs/:id', deps.authenticate, async (req, res) => {
    const job = await visibleJob(req);
    try {
      res.set(noStore).json(await view(await runner.cancel(job.id)));
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
  });

  router.get('/api/raw/jobs/:id', deps.authenticate, async (req, res) => {
    const usage = await readRawFeedUsage(deps, operationContext(req, deps), String(req.params.id));
    res.set(noStore).json(usage);
  });

  return router;
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

function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = parseRequest(schema, query);
  if (!parsed.success) throw badRequest(parsed.message);
  return parsed.data;
}
