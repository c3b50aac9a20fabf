import { actualCredits, estimateCredits, sumCharges, type CreditCharge } from '../../../../shared/pricing';
import type { CollaborationRequestInput } from '../../../../shared/requests/collaborations';
import {
  collaborationPostsResponseSchema,
  collaborationSummaryResponseSchema,
  deprecatedCollaborationsResponseSchema,
  type CollaborationPostsResponse,
  type DeprecatedCollaborationsResponse,
} from '../../../../shared/responses/collaborations';
import {
  COLLABORATION_POST_COLUMNS,
  COLLABORATION_SUMMARY_COLUMNS,
  collaborationPostsToRows,
  collaborationSummaryToRows,
} from '../../../../shared/rows/collaboration-rows';
import {
  column,
  errorRow,
  headerRow,
  withOptionalHeader,
  type Column,
  type Row,
} from '../../../../shared/rows/columns';
import { flatColumns, flatToRows } from '../../../../shared/rows/raw-rows';
import {
  isUnreadableAnswer,
  unreadableAnswerMessage,
  type UnreadableAnswer,
} from '../../../../shared/unreadable-answer';
import type {
  CollaborationPagesAnswer,
  CollaborationPostsAnswer,
  CollaborationSide,
  CollaborationSummaryAnswer,
} from '../../../../shared/worker-api/collaborations';
import type { Paid, PaidBudget, PaidCallSpec } from '../../billing/paid-call';
import { toWorkerError } from '../../request-io/error-answer';
import { CREATOR_COLUMN, withCreators } from './collaborations-creator';
import type { CollaborationsInput, DeprecatedCollaborationsInput } from './collaborations-request';
import type { OperationContext, OperationDeps } from '../operation-deps';

/** What one page was billed: its per-call price, or what an unreadable one was recorded at. */
function chargeOf(
  page: unknown,
  operation: 'collaborationPosts' | DeprecatedCollaborationsOperation,
): CreditCharge {
  return isUnreadableAnswer(page)
    ? { credits: page.credits, rawRequests: page.rawRequests }
    : actualCredits(operation);
}

function apiBody(input: CollaborationsInput, cursor: string | undefined): CollaborationRequestInput {
  const window =
    input.from === undefined && input.to === undefined
      ? {}
      : {
          postCreationTimestampMs: {
            ...(input.from === undefined ? {} : { gte: input.from }),
            ...(input.to === undefined ? {} : { lte: input.to }),
          },
        };
  return {
    id: input.id,
    platform: input.platform,
    ...(input.collaboratorId === undefined ? {} : { collaboratorId: input.collaboratorId }),
    ...(input.groupBrandCollaborations === undefined
      ? {}
      : { groupBrandCollaborations: input.groupBrandCollaborations }),
    ...(input.limit === undefined ? {} : { limit: input.limit }),
    ...(cursor === undefined ? {} : { cursor }),
    ...window,
  };
}

/**
 * One page of `POST /collaborations/posts` as a paid call (0.2 credits): the route runs it under
 * its request's reservation, the `collaboration-posts` job under the batch's own billing.
 */
export function collaborationPostsCall(
  deps: OperationDeps,
  input: CollaborationsInput,
  cursor: string | undefined,
): PaidCallSpec<CollaborationPostsResponse> {
  return {
    operation: 'collaborationPosts',
    estimate: estimateCredits('collaborationPosts'),
    call: () =>
      deps.upstream.request('collaborationPosts', {
        body: apiBody(input, cursor),
        schema: collaborationPostsResponseSchema,
      }),
    actual: () => actualCredits('collaborationPosts'),
  };
}

/**
 * The cursor of the next page of posts, or null when the API says there is none. A creator without
 * collaborations gets neither side (documented): an empty last page. An unreadable page ends paging:
 * its cursor cannot be read.
 */
export function nextCollaborationPostsCursor(page: Paid<CollaborationPostsResponse>): string | null {
  if (isUnreadableAnswer(page)) return null;
  const more = page.influencer?.is_more_available ?? page.brand?.is_more_available ?? false;
  return more && typeof page.cursor === 'string' && page.cursor !== '' ? page.cursor : null;
}

/** Whom a page of posts describes: `id` named an influencer, or a brand. */
function collaborationPostsSide(page: Paid<CollaborationPostsResponse>): CollaborationSide {
  if (isUnreadableAnswer(page)) return 'influencer';
  return page.influencer === undefined && page.brand !== undefined ? 'brand' : 'influencer';
}

/** A page's rows (dates on the calendar of `timeZone`), or the one row saying it was billed but unreadable. */
function collaborationPostsPageRows(
  page: Paid<CollaborationPostsResponse>,
  timeZone: string | undefined,
): Row[] {
  if (isUnreadableAnswer(page)) return [unreadableRow(page)];
  return withCreators(page, collaborationPostsToRows(page, { timeZone }));
}

function unreadableRow(answer: UnreadableAnswer): Row {
  return errorRow(unreadableAnswerMessage(answer), COLLABORATION_POST_COLUMNS.length);
}

type DeprecatedCollaborationsOperation =
  'collaborationsInfluencerDeprecated' | 'collaborationsBrandDeprecated';

function deprecatedCollaborationsOperation(
  input: Pick<DeprecatedCollaborationsInput, 'kind'>,
): DeprecatedCollaborationsOperation {
  return input.kind === 'influencer' ? 'collaborationsInfluencerDeprecated' : 'collaborationsBrandDeprecated';
}

/** One page of the deprecated endpoints as a paid call (1 credit, up to 30 items). */
export function deprecatedCollaborationsCall(
  deps: OperationDeps,
  input: DeprecatedCollaborationsInput,
  after: string | undefined,
): PaidCallSpec<DeprecatedCollaborationsResponse> {
  const operation = deprecatedCollaborationsOperation(input);
  return {
    operation,
    estimate: estimateCredits(operation),
    call: () =>
      deps.upstream.request(operation, {
        platform: input.platform,
        query:
          input.kind === 'influencer'
            ? { influencerId: input.id, after, groupedBrands: input.groupedBrands }
            : { brandId: input.id, after },
        schema: deprecatedCollaborationsResponseSchema,
      }),
    actual: () => actualCredits(operation),
  };
}

/** The `after` of the next deprecated page, or null after the last (or an unreadable one). */
export function nextDeprecatedCollaborationsCursor(
  page: Paid<DeprecatedCollaborationsResponse>,
): string | null {
  if (isUnreadableAnswer(page)) return null;
  return page.more_available === true && page.end_cursor !== undefined && page.end_cursor !== ''
    ? page.end_cursor
    : null;
}

/**
 * Follows pages while the API has more and a page is still worth asking for: the flag says so,
 * the cursor is there and has not been seen (a cursor that comes back would loop, paying for the
 * same page again), and maxPages is not reached. The first failure is the caller's; a later one
 * ends paging with what was paid for so far.
 */
async function followPages<T>(
  maxPages: number,
  firstCursor: string | undefined,
  fetchPage: (cursor: string | undefined) => Promise<T>,
  next: (page: T) => string | null,
  onPage: (page: T) => void,
): Promise<{ pages: number; cursor: string | null; incomplete?: string }> {
  const visited = new Set<string>();
  let cursor = firstCursor;
  if (cursor !== undefined) visited.add(cursor);
  let pages = 0;
  while (pages < maxPages) {
    let page: T;
    try {
      page = await fetchPage(cursor);
    } catch (error) {
      if (pages === 0) throw error;
      return { pages, cursor: cursor ?? null, incomplete: toWorkerError(error).message };
    }
    pages += 1;
    onPage(page);
    const following = next(page);
    if (following === null || visited.has(following)) return { pages, cursor: null };
    visited.add(following);
    cursor = following;
  }
  return { pages, cursor: cursor ?? null };
}

/**
 * `POST /api/collaborations/posts`: pages of collaboration posts, following `cursor` until the
 * API has no more or `maxPages` are fetched. 0.2 credits per call: the estimate (0.2 x maxPages)
 * is checked against the budgets once, each call is billed as it is made.
 */
export async function runCollaborationPosts(
  deps: OperationDeps,
  context: OperationContext,
  input: CollaborationsInput,
): Promise<CollaborationPostsAnswer> {
  const perPage = estimateCredits('collaborationPosts');
  const estimate = sumCharges(Array.from({ length: input.maxPages }, () => perPage));
  const rows: Row[] = [];
  let side = 'influencer' as CollaborationPostsAnswer['side'];
  let credits: CreditCharge[] = [];
  const budget: PaidBudget = await deps.paid.reserve(context, estimate);
  let paging: Awaited<ReturnType<typeof followPages>>;
  try {
    paging = await followPages<Paid<CollaborationPostsResponse>>(
      input.maxPages,
      input.cursor,
      (cursor) => budget.run(collaborationPostsCall(deps, input, cursor)),
      nextCollaborationPostsCursor,
      (page) => {
        if (collaborationPostsSide(page) === 'brand') side = 'brand';
        credits = [...credits, chargeOf(page, 'collaborationPosts')];
        rows.push(...collaborationPostsPageRows(page, input.timeZone));
      },
    );
  } finally {
    budget.release();
  }
  const columns =
    side === 'brand' ? [...COLLABORATION_POST_COLUMNS, CREATOR_COLUMN] : [...COLLABORATION_POST_COLUMNS];
  return {
    header: columns.map((col) => col.label),
    columns,
    rows: input.withHeader ? [headerRow(columns), ...rows] : rows,
    pages: paging.pages,
    more: paging.cursor !== null,
    cursor: paging.cursor,
    estimate,
    credits: sumCharges(credits).credits,
    side,
    ...(paging.incomplete === undefined ? {} : { incomplete: paging.incomplete }),
  };
}

/** `POST /api/collaborations/summary`: one call (0.2 credits); the totals are never paged. */
export async function runCollaborationSummary(
  deps: OperationDeps,
  context: OperationContext,
  input: CollaborationsInput,
): Promise<CollaborationSummaryAnswer> {
  const { cursor: _cursor, limit: _limit, ...summaryInput } = input;
  const response = await deps.paid.run(context, {
    operation: 'collaborationSummary',
    estimate: estimateCredits('collaborationSummary'),
    call: () =>
      deps.upstream.request('collaborationSummary', {
        body: apiBody(summaryInput, undefined),
        schema: collaborationSummaryResponseSchema,
      }),
    actual: () => actualCredits('collaborationSummary'),
  });
  const columns = [...COLLABORATION_SUMMARY_COLUMNS];
  if (isUnreadableAnswer(response)) {
    return {
      header: columns.map((col) => col.label),
      columns,
      rows: withOptionalHeader(columns, [errorRow(unreadableAnswerMessage(response), columns.length)], {
        withHeader: input.withHeader,
      }),
      side: 'influencer',
      credits: response.credits,
    };
  }
  return {
    header: columns.map((col) => col.label),
    columns,
    rows: collaborationSummaryToRows(response, { withHeader: input.withHeader }),
    // A creator without collaborations gets neither side: an influencer with nothing to sum.
    side: response.influencer === undefined && response.brand !== undefined ? 'brand' : 'influencer',
    credits: actualCredits('collaborationSummary').credits,
  };
}

/**
 * `POST /api/collaborations/deprecated`: the older `GET /{platform}/collaborations/influencer|brand`,
 * following `end_cursor` (1 credit per page of up to 30). Their items are not described anywhere,
 * so they are laid out flat, with the columns fixed by the first page.
 */
export async function runDeprecatedCollaborations(
  deps: OperationDeps,
  context: OperationContext,
  input: DeprecatedCollaborationsInput,
): Promise<CollaborationPagesAnswer> {
  const operation = deprecatedCollaborationsOperation(input);
  const perPage = estimateCredits(operation);
  const estimate = sumCharges(Array.from({ length: input.maxPages }, () => perPage));
  const items: unknown[] = [];
  let columns: Column[] | null = null;
  let unreadable: UnreadableAnswer | null = null;
  let credits: CreditCharge[] = [];
  const budget = await deps.paid.reserve(context, estimate);
  let paging: Awaited<ReturnType<typeof followPages>>;
  try {
    paging = await followPages<Paid<DeprecatedCollaborationsResponse>>(
      input.maxPages,
      input.after,
      (after) => budget.run(deprecatedCollaborationsCall(deps, input, after)),
      nextDeprecatedCollaborationsCursor,
      (page) => {
        credits = [...credits, chargeOf(page, operation)];
        if (isUnreadableAnswer(page)) {
          unreadable = page;
          return;
        }
        columns ??= flatColumns(page.collaborations);
        items.push(...page.collaborations);
      },
    );
  } finally {
    budget.release();
  }
  const fixed: Column[] = columns ?? (unreadable === null ? [] : [column('note', 'Note', 'text')]);
  const rows = flatToRows(items, fixed, { withHeader: input.withHeader });
  if (unreadable !== null)
    rows.push(errorRow(unreadableAnswerMessage(unreadable), Math.max(1, fixed.length)));
  return {
    header: fixed.map((col) => col.label),
    columns: fixed,
    rows,
    pages: paging.pages,
    more: paging.cursor !== null,
    cursor: paging.cursor,
    estimate,
    credits: sumCharges(credits).credits,
    ...(paging.incomplete === undefined ? {} : { incomplete: paging.incomplete }),
  };
}
