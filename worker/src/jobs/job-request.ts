import { z } from 'zod';
import { MAX_JOB_ROWS_PAGE } from '../../../shared/worker-api/request-limits';

/**
 * `POST /api/jobs`. `input` is the kind's own (checked by the kind); `idempotencyKey` makes a
 * retried submission return the job the first one created. The key is stored only as a keyed
 * digest, so it may quote anything.
 */
export const jobRequestSchema = z.looseObject({
  kind: z.string().min(1),
  input: z.unknown().refine((value) => value !== undefined, 'is required'),
  idempotencyKey: z.string().min(1).max(200).optional(),
});

const DEFAULT_ROWS_PAGE = 1000;

/** `GET /api/jobs/:id/rows?after=N&limit=M`: query values arrive as text. */
export const jobRowsQuerySchema = z.looseObject({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_JOB_ROWS_PAGE).default(DEFAULT_ROWS_PAGE),
});

/** `GET /api/jobs?limit=N`. */
export const jobListQuerySchema = z.looseObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
