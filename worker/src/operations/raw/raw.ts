import type { z } from 'zod';
import type { RawOperationId } from '../../../../shared/operations';
import { actualCredits, estimateCredits } from '../../../../shared/pricing';
import {
  isPagedRawOperation,
  RAW_PAGINATION,
  RAW_RESPONSE_SCHEMAS,
  rawNextCursor,
} from '../../../../shared/responses/raw';
import { findDrift } from '../../../../shared/responses/tolerant';
import { errorRow, type Column, type Row } from '../../../../shared/rows/columns';
import {
  isUnreadableAnswer,
  unreadableAnswerMessage,
  type UnreadableAnswer,
} from '../../../../shared/unreadable-answer';
import type { RawAnswer } from '../../../../shared/worker-api/raw';
import type { Paid } from '../../billing/paid-call';
import { flatColumns, flatToRows, rawColumns, rawItems, rawToRows } from '../../../../shared/rows/raw-rows';
import { toWorkerError } from '../../request-io/error-answer';
import { WorkerError } from '../../request-io/worker-error';
import { isUpstreamError, type UpstreamError } from '../../upstream/upstream-error';
import type { OperationContext, OperationDeps } from '../operation-deps';
import type { RawInput } from './raw-request';
import { rawLeftFor } from './raw-left';

/** One page of a raw operation. */
interface RawPageResult {
  /** The page's items (posts, comments, users...), or the one thing the answer describes. */
  items: unknown[];
  /** The next page's cursor, or null at the end (and for operations that are not paged). */
  nextCursor: string | null;
  /** The answer as parsed (unknown fields kept); null when it could not be read. */
  body: unknown;
  /** The call was billed (one raw request) but its answer could not be read: no items, no next page. */
  unreadable: UnreadableAnswer | null;
  /**
   * The answer had no items because what they are read from was missing (contract drift, counted
   * for admins): the page says so rather than passing for an empty one.
   */
  rowsGone: string | null;
}

/**
 * Why a page without items had none when the answer lacked where they come from: the paths, as the
 * contract drift counts them; null for a page that is simply empty.
 */
function rowsGoneFrom(schema: z.ZodType, body: unknown, items: readonly unknown[]): string | null {
  if (items.length > 0) return null;
  const gone = findDrift(schema, body)
    .filter((finding) => finding.kind !== 'unknown_value' && !finding.path.includes('[]'))
    .map((finding) => finding.path);
  return gone.length === 0 ? null : gone.join(', ');
}

/** What a page whose rows are gone says, in place of rows. */
export function rowsGoneMessage(paths: string): string {
  return (
    `The API answered without what this version reads rows from (${paths}); it was billed, and an ` +
    `admin sees it in Health under the API's drift from the contract`
  );
}

type RawCall = { kind: 'page'; body: unknown } | { kind: 'notFound'; error: UpstreamError };

/**
 * The rows of a page in the operation's own columns, dates on the calendar of `timeZone` (UTC when
 * absent), or one row saying it could not be read.
 */
export function rawPageRows(operation: RawOperationId, page: RawPageResult, timeZone?: string): Row[] {
  if (page.unreadable !== null)
    return [errorRow(unreadableAnswerMessage(page.unreadable), rawColumns(operation).length)];
  if (page.rowsGone !== null) return [errorRow(rowsGoneMessage(page.rowsGone), rawColumns(operation).length)];
  return rawToRows(operation, page.body, { timeZone });
}

/** The raw account's own refusals, as a sentence for whoever set up the worker. */
function rawAccessError(error: unknown): unknown {
  if (!isUpstreamError(error)) return error;
  if (error.code === 'raw_access_denied') {
    return new WorkerError(
      403,
      'raw_access_denied',
      `Raw data is not enabled for the worker's API account (${error.message}); an admin must ask the API's support to enable it`,
    );
  }
  if (error.code === 'raw_requests_exhausted') {
    return new WorkerError(
      403,
      'raw_requests_exhausted',
      `The API account's monthly raw request allowance is used up (${error.message})`,
    );
  }
  return error;
}

/**
 * One page of a raw operation, for `runRaw` and for raw feed jobs: `cursor` goes in the operation's
 * cursor parameter. Every call that reaches the API spends one unit of the raw allowance, a 404
 * included (the API's rule), so a 404 is recorded in the ledger before it is thrown.
 */
export async function rawPage(
  deps: OperationDeps,
  context: OperationContext,
  args: { operation: RawOperationId; query: Record<string, unknown>; cursor?: string | null },
): Promise<RawPageResult> {
  const { operation } = args;
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(args.query)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      query[name] = String(value);
  }
  if (args.cursor !== undefined && args.cursor !== null && isPagedRawOperation(operation)) {
    query[RAW_PAGINATION[operation].param] = args.cursor;
  }
  const schema: z.ZodType = RAW_RESPONSE_SCHEMAS[operation];
  let outcome: Paid<RawCall>;
  try {
    outcome = await deps.paid.run<RawCall>(context, {
      operation,
      estimate: estimateCredits(operation),
      call: async () => {
        try {
          return {
            kind: 'page',
            body: await deps.upstream.request(operation, { query, schema: schema }),
          };
        } catch (error) {
          if (isUpstreamError(error) && error.status === 404) return { kind: 'notFound', error };
          throw error;
        }
      },
      actual: () => actualCredits(operation),
    });
  } catch (error) {
    throw rawAccessError(error);
  }
  if (isUnreadableAnswer(outcome))
    return { items: [], nextCursor: null, body: null, unreadable: outcome, rowsGone: null };
  if (outcome.kind === 'notFound') throw outcome.error;
  const body = outcome.body;
  const items = rawItems(operation, body);
  return {
    items,
    nextCursor: isPagedRawOperation(operation) ? rawNextCursor(operation, body) : null,
    body,
    unreadable: null,
    rowsGone: rowsGoneFrom(schema, body, items),
  };
}

/**
 * What makes two items of a feed the same item: its id under the names the platforms use (`pk`,
 * `cid`, `id`); null for items without one (subtitle lines), which are never merged.
 */
export function rawItemKey(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const record = item as Record<string, unknown>;
  for (const field of ['pk', 'cid', 'id']) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') return `${field}:${value}`;
  }
  return null;
}

/**
 * A raw operation over up to `maxPages` pages. Cursors are followed as the API hands them out and
 * never built or assumed in order (Instagram's comment pages come in any order): every cursor is
 * remembered, a cursor seen before ends paging, and items are deduplicated by id, so no comment is
 * lost or repeated. Then the allowance left is read from `/user/info` (free).
 */
export async function runRaw(
  deps: OperationDeps,
  context: OperationContext,
  input: RawInput,
): Promise<RawAnswer> {
  const { operation } = input;
  const paging = isPagedRawOperation(operation) ? RAW_PAGINATION[operation] : null;
  const startCursor = paging === null ? undefined : input.query[paging.param];
  const query = { ...input.query };
  if (paging !== null) delete query[paging.param];
  const visited = new Set<string>();
  let cursor: string | null = typeof startCursor === 'string' ? startCursor : null;
  if (cursor !== null) visited.add(cursor);

  const seen = new Set<string>();
  const items: unknown[] = [];
  const tableRows: Row[] = [];
  /** Pages billed but unreadable or without their rows, said at the end of the rows in either layout. */
  const unreadableRows: Row[] = [];
  let columns: Column[] | null = input.layout === 'table' ? [...rawColumns(operation)] : null;
  const answer: Omit<RawAnswer, 'header' | 'columns' | 'rows'> = {
    operation,
    pages: 0,
    more: false,
    cursor: null,
    rawUnits: 0,
    rawRequestsLeft: null,
    rawLeftOf: null,
    duplicates: 0,
    repeatedCursor: false,
  };

  while (answer.pages < input.maxPages) {
    let page: RawPageResult;
    try {
      page = await rawPage(deps, context, { operation, query, cursor });
    } catch (error) {
      if (isUpstreamError(error) && error.status === 404) answer.rawUnits += 1;
      if (answer.pages === 0) throw error;
      answer.incomplete = toWorkerError(error).message;
      answer.more = true;
      answer.cursor = cursor;
      break;
    }
    answer.rawUnits += 1;
    answer.pages += 1;
    if (page.unreadable !== null) unreadableRows.push(errorRow(unreadableAnswerMessage(page.unreadable), 1));
    if (page.rowsGone !== null) unreadableRows.push(errorRow(rowsGoneMessage(page.rowsGone), 1));
    const pageRows =
      input.layout === 'table' ? rawToRows(operation, page.body, { timeZone: input.timeZone }) : null;
    columns ??= flatColumns(page.items);
    page.items.forEach((item, index) => {
      const key = rawItemKey(item);
      if (key !== null && seen.has(key)) {
        answer.duplicates += 1;
        return;
      }
      if (key !== null) seen.add(key);
      items.push(item);
      if (pageRows !== null) tableRows.push(pageRows[index]);
    });
    const next = page.nextCursor;
    if (next === null) {
      answer.more = false;
      answer.cursor = null;
      break;
    }
    if (visited.has(next)) {
      answer.repeatedCursor = true;
      answer.more = false;
      answer.cursor = null;
      context.log.warn({ operation, pages: answer.pages }, 'raw paging stopped at a cursor seen before');
      break;
    }
    visited.add(next);
    cursor = next;
    answer.more = true;
    answer.cursor = next;
  }

  const left = await rawLeftFor(deps, context);
  answer.rawRequestsLeft = left.left;
  answer.rawLeftOf = left.of;
  const fixed: Column[] = columns ?? [];
  const width = Math.max(1, fixed.length);
  const rows = [
    ...(input.layout === 'table' ? tableRows : flatToRows(items, fixed)),
    ...unreadableRows.map((row) => errorRow(String(row[0]), width)),
  ];
  return {
    ...answer,
    header: fixed.map((col) => col.label),
    columns: fixed,
    rows: input.withHeader ? [fixed.map((col) => col.label), ...rows] : rows,
  };
}
