import { z } from 'zod';
import type { RawOperationId } from '../../../../shared/operations';
import { isPagedRawOperation, RAW_PAGINATION } from '../../../../shared/responses/raw';
import { rawColumns } from '../../../../shared/rows/raw-rows';
import { badRequest } from '../../request-io/worker-error';
import { rawItemKey, rawPage, rawPageRows } from '../../operations/raw/raw';
import { parseRawRequest } from '../../operations/raw/raw-request';
import { timeZoneField } from '../../operations/operation-helpers/time-zone-field';
import type { JobBatch, JobKind } from '../job-kind';
import { commitCursorPage, cursorFeedState, keepFeedPage } from '../paged-progress';
import { parsedAsJobInput, parseJobInput } from '../parse-job-input';
import { asJsonValue } from '../stored-job-input';

/**
 * A raw feed followed page by page: input `{ operation, query, maxItems?, maxPages?, timeZone? }`
 * as for `POST /api/raw` (the query's cursor parameter, when given, is where paging starts), table
 * columns, dates on the calendar of `timeZone` (the sheet's; UTC when absent). One batch per page through `rawPage`. The cursor to go on from and the ids of the items
 * seen so far are in the checkpoints, and cursors are only ever taken from the API's answers, never
 * built: Instagram's comment pages come in any order, and a restart neither loses nor repeats a
 * comment. A cursor the API hands out twice ends the feed.
 *
 * Raw pages are not cached (each call spends one unit of the monthly raw allowance): a page
 * fetched by a process killed before its commit is answered again on resume from the paid-call
 * journal, which kept it as it arrived, so no second unit is spent; its items are not repeated.
 */

export const MAX_RAW_JOB_ITEMS = 100_000;
const DEFAULT_RAW_JOB_ITEMS = 1000;
export const MAX_RAW_JOB_PAGES = 10_000;

const inputSchema = z.looseObject({
  operation: z.unknown(),
  query: z.unknown().optional(),
  maxItems: z.number().int().min(1).max(MAX_RAW_JOB_ITEMS).default(DEFAULT_RAW_JOB_ITEMS),
  maxPages: z.number().int().min(1).max(MAX_RAW_JOB_PAGES).default(MAX_RAW_JOB_PAGES),
  layout: z.unknown().optional(),
  timeZone: timeZoneField,
});

const paramsSchema = z.looseObject({
  operation: z.string(),
  query: z.record(z.string(), z.unknown()),
  startCursor: z.string().nullable(),
  maxPages: z.number().int().min(1),
  /** Absent in jobs created before the field: their rows keep UTC days. */
  timeZone: z.string().optional(),
});

export const rawFeedKind: JobKind = {
  name: 'raw-feed',
  summary:
    'A raw feed followed to its end: input { operation, query, maxItems? (1000), maxPages?, timeZone? }, one row per item',

  async create(input) {
    const request = parseJobInput(inputSchema, input);
    if (request.layout !== undefined && request.layout !== 'table') {
      // Flat columns come from the first page, and a job fixes its columns when it is created.
      throw badRequest(
        `input.layout must be "table" for a raw feed job (the operation's own columns), got ${JSON.stringify(request.layout)}`,
      );
    }
    const { maxItems, maxPages, timeZone } = request;
    const parsed = parsedAsJobInput(() =>
      parseRawRequest({ operation: request.operation, query: request.query, maxPages: 1 }),
    );
    const paging = isPagedRawOperation(parsed.operation) ? RAW_PAGINATION[parsed.operation] : null;
    // The cursor parameter, when given, is where the feed starts; each page then sets its own.
    const query = { ...parsed.query };
    let startCursor: string | null = null;
    if (paging !== null) {
      const start = query[paging.param];
      delete query[paging.param];
      if (typeof start === 'string' && start !== '') startCursor = start;
    }
    return {
      params: {
        operation: parsed.operation,
        query: asJsonValue(query),
        startCursor,
        maxPages,
        ...(timeZone === undefined ? {} : { timeZone }),
      },
      total: maxItems,
      columns: rawColumns(parsed.operation),
    };
  },

  async plan(state) {
    const params = paramsSchema.parse(state.params);
    const operation = params.operation as RawOperationId;
    const capacity = state.job.progress.total;
    const feed = cursorFeedState(state.checkpoints, params.startCursor);

    return {
      async next(): Promise<JobBatch | null> {
        if (feed.ended || feed.pages >= params.maxPages) return null;
        const from = feed.cursor;
        return {
          label: `page ${feed.pages + 1}`,
          async run(deps, context) {
            const page = await rawPage(deps, context, { operation, query: params.query, cursor: from });
            const kept = keepFeedPage(feed, capacity, {
              rows: rawPageRows(operation, page, params.timeZone),
              ids:
                page.unreadable === null
                  ? page.items.map(rawItemKey)
                  : [`unreadable:${page.unreadable.answerId}`],
              next: page.nextCursor,
            });
            if (kept.repeated)
              context.log.warn(
                { operation, pages: feed.pages + 1 },
                'raw feed stopped at a cursor seen before',
              );
            const { feedEnded, cut } = kept;
            const end = feedEnded || cut || kept.next >= capacity;
            const checkpoint = {
              ...commitCursorPage(feed, from, kept, end),
              // Where another pull goes on without losing an item (GET /api/raw/jobs/:id): the next
              // page, or this one again when the job's row limit cut it short.
              feedEnded,
              resumeCursor: feedEnded ? null : cut ? from : kept.nextCursor,
            };
            return { rows: kept.rows, checkpoint };
          },
        };
      },
    };
  },
};
