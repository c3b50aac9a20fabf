import { z } from 'zod';
import { RAW_OPERATION_IDS, type RawOperationId } from '../../../../shared/operations';
import { RAW_QUERY_SCHEMAS } from '../../../../shared/requests/raw';
import { RAW_LAYOUTS, type RawLayout } from '../../../../shared/worker-api/raw';
import { MAX_RAW_PAGES } from '../../../../shared/worker-api/request-limits';
import { parseBody } from '../../request-io/parse-body';
import { timeZoneField } from '../operation-helpers/time-zone-field';

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
  /** 1 by default; 0 follows the cursors until the feed ends (at most MAX_RAW_PAGES). */
  maxPages: z.number().int().min(0).max(MAX_RAW_PAGES).default(1),
  /** `table`: the operation's useful columns; `flat`: every field, columns fixed by the first page. */
  layout: z.enum(RAW_LAYOUTS).default('table'),
  withHeader: z.boolean().default(false),
  /** The spreadsheet's zone: table date columns are days on its calendar (UTC when absent). */
  timeZone: timeZoneField,
});

export interface RawInput {
  operation: RawOperationId;
  /** Checked with the operation's schema (unknown parameters kept). */
  query: Record<string, unknown>;
  /** Pages to follow, 1 to MAX_RAW_PAGES. */
  maxPages: number;
  layout: RawLayout;
  withHeader: boolean;
  /** The spreadsheet's zone for date columns; UTC when absent. */
  timeZone?: string;
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
    maxPages: request.maxPages === 0 ? MAX_RAW_PAGES : request.maxPages,
    layout: request.layout,
    withHeader: request.withHeader,
    ...(request.timeZone === undefined ? {} : { timeZone: request.timeZone }),
  };
}
