import { z } from 'zod';
import { RAW_OPERATION_IDS, type RawOperationId } from '../../../shared/operations';
import { RAW_QUERY_SCHEMAS } from '../../../shared/requests/raw';
import { parseBody } from '../http/parse-body';

/**
 * Pages one request follows at most, `maxPages: 0` ("until done") included: 100 pages are 2,000
 * comments or 1,200 posts. A longer feed goes on from the answer's `cursor`, or as a raw feed job.
 */
export const RAW_MAX_PAGES = 100;

export const RAW_LAYOUTS = ['table', 'flat'] as const;
export type RawLayout = (typeof RAW_LAYOUTS)[number];

const rawOperation = z.string().superRefine((value, ctx) => {
  if (!(RAW_OPERATION_IDS as readonly string[]).includes(value)) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a raw operation id such as rawIgUserFeed, got ${JSON.stringify(value)}; known: ${RAW_OPERATION_IDS.join(', ')}`,
    });
  }
});

/** Ids typed as numbers in a sheet are sent as the text they are. */
const queryValues = z.record(
  z.string(),
  z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.unknown()),
);

/**
 * `POST /api/raw`. `query` is the operation's own query string (shared RAW_QUERY_SCHEMAS); its
 * cursor parameter (`after` or `cursor`), when given, is where paging starts.
 */
export const rawRequestSchema = z.looseObject({
  operation: rawOperation,
  query: queryValues.default({}),
  /** 1 by default; 0 follows the cursors until the feed ends (at most RAW_MAX_PAGES). */
  maxPages: z.number().int().min(0).max(RAW_MAX_PAGES).default(1),
  /** `table`: the operation's useful columns; `flat`: every field, columns fixed by the first page. */
  layout: z.enum(RAW_LAYOUTS).default('table'),
  withHeader: z.boolean().default(false),
});

export interface RawInput {
  operation: RawOperationId;
  /** Checked with the operation's schema (unknown parameters kept). */
  query: Record<string, unknown>;
  /** Pages to follow, 1 to RAW_MAX_PAGES. */
  maxPages: number;
  layout: RawLayout;
  withHeader: boolean;
}

export function parseRawRequest(body: unknown): RawInput {
  const request = parseBody(rawRequestSchema, body);
  const operation = request.operation as RawOperationId;
  const { query } = parseBody(z.looseObject({ query: RAW_QUERY_SCHEMAS[operation] }), {
    query: request.query,
  });
  return {
    operation,
    query: { ...query },
    maxPages: request.maxPages === 0 ? RAW_MAX_PAGES : request.maxPages,
    layout: request.layout,
    withHeader: request.withHeader,
  };
}
