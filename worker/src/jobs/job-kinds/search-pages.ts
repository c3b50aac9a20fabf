import { z } from 'zod';
import { SEARCH_PAGE_SIZE } from '../../../../shared/limits';
import { isPlatform } from '../../../../shared/platforms';
import { SEARCH_COLUMNS } from '../../../../shared/rows/search-rows';
import { searchPage, searchRows } from '../../operations/search/search';
import { parseSearchRequest, type SearchBody } from '../../operations/search/search-request';
import type { JobBatch, JobKind } from '../job-kind';
import { commitNumberedPage, keepPage, numberedPagesState } from '../paged-progress';
import { parsedAsJobInput, parseJobInput } from '../parse-job-input';
import { asJsonValue } from '../stored-job-input';

/**
 * A search over many pages: input `{ platform, filter, sort?, calculationMethod?, pages }`, pages 0
 * to pages - 1, one batch per page through `searchPage` (the page cache first, so a page fetched
 * before a crash is not paid again). A creator appears once: the ids seen so far are in the
 * checkpoints. The job ends early at a short page or at the last page the API's total allows.
 */

/** 30,000 results; at two searches a second, a quarter of an hour. */
const MAX_SEARCH_JOB_PAGES = 2000;

const inputSchema = z.looseObject({
  platform: z.unknown(),
  filter: z.unknown().optional(),
  sort: z.unknown().optional(),
  calculationMethod: z.unknown().optional(),
  pages: z.number().int().min(1).max(MAX_SEARCH_JOB_PAGES),
});

const paramsSchema = z.looseObject({
  platform: z.string().refine(isPlatform),
  body: z.record(z.string(), z.unknown()),
  pages: z.number().int().min(1),
});

export const searchPagesKind: JobKind = {
  name: 'search-pages',
  summary:
    'A search over many pages: input { platform, filter, sort?, calculationMethod?, pages }, one row per distinct creator',

  async create(input) {
    const { pages, ...search } = parseJobInput(inputSchema, input);
    const parsed = parsedAsJobInput(() => parseSearchRequest({ ...search, pages: 1 }));
    return {
      params: { platform: parsed.platform, body: asJsonValue(parsed.body), pages },
      total: pages * SEARCH_PAGE_SIZE,
      columns: SEARCH_COLUMNS,
    };
  },

  async plan(state) {
    const params = paramsSchema.parse(state.params);
    if (!isPlatform(params.platform)) throw new Error(`unknown platform ${params.platform}`);
    const platform = params.platform;
    // Stored from parseSearchRequest's own output when the job was created.
    const body = params.body as SearchBody;
    const capacity = state.job.progress.total;
    const progress = numberedPagesState(state.checkpoints, 0);

    return {
      async next(): Promise<JobBatch | null> {
        if (progress.ended || progress.page >= params.pages) return null;
        const current = progress.page;
        return {
          label: `page ${current}`,
          async run(deps, context) {
            const result = await searchPage(deps, context, { platform, body, page: current });
            const pageSeen = new Set(progress.seen);
            const fresh = searchRows(result, pageSeen).rows;
            const kept = keepPage(progress, capacity, fresh, pageSeen);
            // A page without `total` (or an unreadable one, which holds no items) ends at a short page.
            const lastPage =
              result.total === null ? Infinity : Math.max(0, Math.ceil(result.total / SEARCH_PAGE_SIZE) - 1);
            const end = result.items.length < SEARCH_PAGE_SIZE || current >= lastPage || kept.cut;
            return { rows: kept.rows, checkpoint: commitNumberedPage(progress, current, kept, end) };
          },
        };
      },
    };
  },
};
