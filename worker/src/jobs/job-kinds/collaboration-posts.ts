import { z } from 'zod';
import { DEPRECATED_COLLABORATIONS_PAGE_SIZE } from '../../../../shared/limits';
import {
  collaborationPostsResponseSchema,
  deprecatedCollaborationsResponseSchema,
} from '../../../../shared/responses/collaborations';
import {
  COLLABORATION_POST_COLUMNS,
  collaborationPostsToRows,
} from '../../../../shared/rows/collaboration-rows';
import { parseBody } from '../../request-io/parse-body';
import { errorRow } from '../../../../shared/rows/columns';
import { isUnreadableAnswer, unreadableAnswerMessage } from '../../../../shared/unreadable-answer';
import type { Paid, PaidCallSpec } from '../../billing/paid-call';
import { isUpstreamError } from '../../upstream/upstream-error';
import {
  collaborationPostsCall,
  deprecatedCollaborationsCall,
  nextCollaborationPostsCursor,
  nextDeprecatedCollaborationsCursor,
} from '../../operations/collaborations/collaborations';
import { CREATOR_COLUMN, withCreatorColumn } from '../../operations/collaborations/collaborations-creator';
import {
  cachedJobCollaborationPage,
  fetchJobCollaborationPage,
} from '../../operations/collaborations/collaborations-job-pages';
import {
  olderCollaborationColumns,
  olderCollaborationItemId,
  olderCollaborationRows,
  olderCollaborationsLayout,
} from '../../operations/collaborations/collaborations-older-rows';
import {
  collaborationsRequestSchema,
  DEFAULT_COLLABORATION_PAGES,
  deprecatedCollaborationsRequestSchema,
  MAX_COLLABORATION_PAGES,
} from '../../operations/collaborations/collaborations-request';
import type { OperationContext, OperationDeps } from '../../operations/operation-deps';
import { timeZoneField } from '../../operations/operation-helpers/time-zone-field';
import type { JobBatch, JobBatchResult, JobKind } from '../job-kind';
import { commitCursorPage, cursorFeedState, type FeedPage, keepFeedPage } from '../paged-progress';
import { parsedAsJobInput, parseJobInput } from '../parse-job-input';
import { asJsonValue } from '../stored-job-input';

/**
 * Collaboration posts followed page by page: input as for `POST /api/collaborations/posts` (`{ id,
 * platform, collaboratorId?, from?, to?, groupBrandCollaborations?, limit?, cursor? }`), or with
 * `api: "deprecated"` as for `POST /api/collaborations/deprecated` (`{ kind, platform, id,
 * groupedBrands?, after? }`), plus `maxPages` (1 to 50) and `timeZone?` (the sheet's, for the
 * window's days and the date columns; UTC when absent). One batch per page, billed as the routes
 * bill it (0.2 credits a page of posts, 1 credit a deprecated page).
 *
 * As for raw feeds (raw-feed.ts): the cursor to go on from and the ids seen so far are in the
 * checkpoints, cursors are only ever taken from the API's answers, and a cursor handed out twice
 * ends the job. Unlike raw pages, a page is kept (collaborations-job-pages.ts) the moment the API
 * answers, so a page fetched by a process killed before its commit is read back on resume: no page
 * is paid twice, no post is lost or repeated.
 *
 * The newer endpoint's cursors are valid for 2 days (api-notes). A job resumed later than that
 * cannot go on: it ends with the posts it has and says so (`lastError`), without a call that
 * would fail, and the same when the API itself answers that a cursor expired.
 *
 * Columns are fixed now, before any page says whom `id` names: the post columns and a Creator
 * (the influencer itself on an influencer's posts, each post's creator on a brand's); for the
 * deprecated endpoints, collaborations-older-rows.ts.
 */

/** api-notes "Collaborations": `cursor? (valid 2 days)`. */
const COLLABORATION_CURSOR_VALID_MS = 2 * 24 * 60 * 60 * 1000;
/**
 * Posts a page of the newer endpoint is given room for when the input sets no `limit`: the service
 * documents no page size, and the job's total must bound its rows.
 */
const COLLABORATION_PAGE_ROOM = 100;

const inputSchema = z.looseObject({
  api: z.enum(['posts', 'deprecated']).default('posts'),
  maxPages: z.number().int().min(1).max(MAX_COLLABORATION_PAGES).default(DEFAULT_COLLABORATION_PAGES),
  /** The spreadsheet's zone, for either endpoint: the days of `from` / `to` and of the date columns. */
  timeZone: timeZoneField,
});

const paramsSchema = z.looseObject({
  api: z.enum(['posts', 'deprecated']),
  request: z.record(z.string(), z.unknown()),
  startCursor: z.string().nullable(),
  maxPages: z.number().int().min(1),
  pageRoom: z.number().int().min(1),
  /** Absent in jobs created before the field: their rows keep UTC days. */
  timeZone: z.string().optional(),
});
type Params = z.output<typeof paramsSchema>;

/** One page as the job uses it, whichever endpoint answered. */
interface PageRows extends FeedPage {
  fetchedAt: number;
}

/** The endpoint a job follows: how a page is asked for and read. */
interface PageSource {
  /** Its cursors expire after COLLABORATION_CURSOR_VALID_MS. */
  expiring: boolean;
  /** The cached page from `from`, or null. */
  cached(deps: OperationDeps, context: OperationContext, from: string | null): Promise<PageRows | null>;
  fetch(deps: OperationDeps, context: OperationContext, from: string | null): Promise<PageRows>;
}

function sourceOf(params: Params, jobId: string): PageSource {
  if (params.api === 'posts') {
    const request = collaborationsRequestSchema.parse(params.request);
    const read = (page: z.output<typeof collaborationPostsResponseSchema>, fetchedAt: number): PageRows => {
      const posts = page.influencer?.posts ?? page.brand?.posts ?? [];
      return {
        rows: withCreatorColumn(page, collaborationPostsToRows(page, { timeZone: params.timeZone })),
        ids: posts.map((post) => `post:${post.post_id}`),
        next: nextCollaborationPostsCursor(page),
        fetchedAt,
      };
    };
    return pageSource(
      jobId,
      true,
      COLLABORATION_POST_COLUMNS.length + 1,
      (deps, from) => collaborationPostsCall(deps, request, from ?? undefined),
      (value) => collaborationPostsResponseSchema.parse(value),
      read,
    );
  }
  const request = deprecatedCollaborationsRequestSchema.parse(params.request);
  const layout = olderCollaborationsLayout(request);
  return pageSource(
    jobId,
    false,
    olderCollaborationColumns(layout).length,
    (deps, from) => deprecatedCollaborationsCall(deps, request, from ?? undefined),
    (value) => deprecatedCollaborationsResponseSchema.parse(value),
    (page, fetchedAt) => ({
      rows: olderCollaborationRows(layout, page.collaborations, params.timeZone),
      ids: page.collaborations.map(olderCollaborationItemId),
      next: nextDeprecatedCollaborationsCursor(page),
      fetchedAt,
    }),
  );
}

function pageSource<T>(
  jobId: string,
  expiring: boolean,
  width: number,
  spec: (deps: OperationDeps, from: string | null) => PaidCallSpec<T>,
  parse: (value: unknown) => T,
  readPage: (page: T, fetchedAt: number) => PageRows,
): PageSource {
  // A page billed but unreadable is one row saying so, and the end of the feed: its cursor is lost.
  const read = (page: Paid<T>, fetchedAt: number): PageRows =>
    isUnreadableAnswer(page)
      ? {
          rows: [errorRow(unreadableAnswerMessage(page), width)],
          ids: [`unreadable:${page.answerId}`],
          next: null,
          fetchedAt,
        }
      : readPage(page, fetchedAt);
  return {
    expiring,
    async cached(deps, context, from) {
      const found = await cachedJobCollaborationPage(deps, context, {
        jobId,
        from,
        spec: spec(deps, from),
        parse,
      });
      return found === null ? null : read(found.page, found.fetchedAt);
    },
    async fetch(deps, context, from) {
      const fetched = await fetchJobCollaborationPage(deps, context, { jobId, from, spec: spec(deps, from) });
      return read(fetched.page, fetched.fetchedAt);
    },
  };
}

/** The API refusing a cursor as too old (how the service words it is open: any 400 saying so). */
function isExpiredCursorAnswer(error: unknown): boolean {
  return isUpstreamError(error) && error.status === 400 && /expired/i.test(error.message);
}

function pagesWord(pages: number): string {
  return pages === 1 ? 'the first page' : `the first ${pages} pages`;
}

function rowsWord(rows: number): string {
  return rows === 1 ? '1 row' : `${rows} rows`;
}

function expiredMessage(pages: number, rows: number, cursorAt: number | null, answer: string | null): string {
  const which = pages === 0 ? 'the cursor the job started from' : `the cursor to page ${pages + 1}`;
  const why =
    answer !== null
      ? `the API answered that ${which} has expired (${answer.replace(/\.$/, '')})`
      : `${which} has expired: the API's collaboration cursors are valid for 2 days, and this one was handed out at ${new Date(cursorAt ?? 0).toISOString()}`;
  if (pages === 0)
    return `Ended before the first page: ${why}. Nothing was paid; start again from the first page.`;
  return (
    `Ended early: ${why}. The ${rowsWord(rows)} of ${pagesWord(pages)} are kept; ` +
    'to get the rest, run the posts again (a new run starts from the first page).'
  );
}

function startCursorOf(value: string | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export const collaborationPostsKind: JobKind = {
  name: 'collaboration-posts',
  summary:
    'Collaboration posts page by page: input as for POST /api/collaborations/posts (or api: "deprecated" as for /api/collaborations/deprecated) plus maxPages (1 to 50), one row per post',

  async create(input) {
    // The zone is kept beside the request, not in it: the deprecated endpoints' rows have dates too.
    const { api, maxPages, timeZone } = parseJobInput(inputSchema, input);
    if (api === 'posts') {
      const parsed = parsedAsJobInput(() =>
        parseBody(collaborationsRequestSchema, { ...(input as object), maxPages }),
      );
      const request = {
        id: parsed.id,
        platform: parsed.platform,
        collaboratorId: parsed.collaboratorId,
        from: parsed.from,
        to: parsed.to,
        groupBrandCollaborations: parsed.groupBrandCollaborations,
        limit: parsed.limit,
      };
      const pageRoom = parsed.limit ?? COLLABORATION_PAGE_ROOM;
      return {
        params: {
          api,
          request: asJsonValue(request),
          startCursor: startCursorOf(parsed.cursor),
          maxPages,
          pageRoom,
          ...(timeZone === undefined ? {} : { timeZone }),
        },
        total: maxPages * pageRoom,
        columns: [...COLLABORATION_POST_COLUMNS, CREATOR_COLUMN],
      };
    }
    const parsed = parsedAsJobInput(() =>
      parseBody(deprecatedCollaborationsRequestSchema, { ...(input as object), maxPages }),
    );
    const request = {
      kind: parsed.kind,
      platform: parsed.platform,
      id: parsed.id,
      groupedBrands: parsed.groupedBrands,
    };
    const pageRoom = DEPRECATED_COLLABORATIONS_PAGE_SIZE;
    return {
      params: {
        api,
        request: asJsonValue(request),
        startCursor: startCursorOf(parsed.after),
        maxPages,
        pageRoom,
        ...(timeZone === undefined ? {} : { timeZone }),
      },
      total: maxPages * pageRoom,
      columns: olderCollaborationColumns(olderCollaborationsLayout(parsed)),
    };
  },

  async plan(state) {
    const params = paramsSchema.parse(state.params);
    const source = sourceOf(params, state.job.id);
    const api = params.api;
    const capacity = state.job.progress.total;
    const feed = cursorFeedState(state.checkpoints, params.startCursor);
    const last = feed.last;
    // When the cursor was handed out: unknown for a cursor the caller brought.
    let cursorAt: number | null = last !== null && typeof last.fetchedAt === 'number' ? last.fetchedAt : null;

    return {
      async next(): Promise<JobBatch | null> {
        if (feed.ended || feed.pages >= params.maxPages) return null;
        const from = feed.cursor;
        const issuedAt = cursorAt;
        return {
          label: `page ${feed.pages + 1}`,
          async run(deps, context): Promise<JobBatchResult> {
            const expired = (answer: string | null): JobBatchResult => {
              context.log.warn({ api, pages: feed.pages }, 'collaborations job ended at an expired cursor');
              const lastError = expiredMessage(feed.pages, feed.position, issuedAt, answer);
              const checkpoint = {
                from,
                cursor: null,
                fetchedAt: null,
                added: [],
                next: feed.position,
                end: true,
                expired: true,
              };
              feed.ended = true;
              feed.pages += 1;
              return { rows: [], checkpoint, lastError };
            };
            let page = await source.cached(deps, context, from);
            if (page === null) {
              const tooOld =
                source.expiring &&
                from !== null &&
                issuedAt !== null &&
                deps.clock.now() - issuedAt > COLLABORATION_CURSOR_VALID_MS;
              if (tooOld) return expired(null);
              try {
                page = await source.fetch(deps, context, from);
              } catch (error) {
                if (from !== null && isExpiredCursorAnswer(error)) return expired((error as Error).message);
                throw error;
              }
            }
            const kept = keepFeedPage(feed, capacity, page);
            if (kept.repeated)
              context.log.warn(
                { api, pages: feed.pages + 1 },
                'collaborations job stopped at a cursor seen before',
              );
            const end = kept.feedEnded || kept.cut;
            const checkpoint = { ...commitCursorPage(feed, from, kept, end), fetchedAt: page.fetchedAt };
            cursorAt = page.fetchedAt;
            if (!kept.cut) return { rows: kept.rows, checkpoint };
            return {
              rows: kept.rows,
              checkpoint,
              lastError:
                `Ended early: page ${feed.pages} held more rows than the ${params.pageRoom} a page was given room for, ` +
                `so ${rowsWord(kept.left)} of it were left out; run again with a larger limit per page.`,
            };
          },
        };
      },
    };
  },
};
