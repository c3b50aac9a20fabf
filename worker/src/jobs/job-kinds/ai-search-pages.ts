import { z } from 'zod';
import { AI_SEARCH_MAX_DEPTH } from '../../../../shared/limits';
import { isPlatform } from '../../../../shared/platforms';
import { AI_SEARCH_COLUMNS } from '../../../../shared/rows/ai-search-rows';
import { aiPageRows, aiSearchPage, withFetchedImage } from '../../operations/ai-search/ai-search';
import {
  AI_SEARCH_MODES,
  parseAiSearchRequest,
  type AiSearchBody,
} from '../../operations/ai-search/ai-search-request';
import type { JobBatch, JobKind } from '../job-kind';
import { commitNumberedPage, keepPage, numberedPagesState } from '../paged-progress';
import { parsedAsJobInput, parseJobInput } from '../parse-job-input';
import { asJsonValue } from '../stored-job-input';

/**
 * AI search over many pages: the body of `POST /api/ai/search` (`mode`, `platform`, the mode's
 * fields, `filters?`, `pageSize?`, `startPage?`) with `pages` up to the API's depth rule, checked
 * for the last page before anything is spent. One batch per page through `aiSearchPage` (cache
 * first); a profile appears once (ids seen are in the checkpoints); the job ends at a short page.
 * An `imageUrl` is fetched once, when the job is created, and its bytes kept in the params: pages
 * and restarts send them again without fetching.
 */

const inputSchema = z.looseObject({
  mode: z.enum(AI_SEARCH_MODES),
  startPage: z.number().int().min(0).default(0),
  pages: z.number().int().min(1).max(AI_SEARCH_MAX_DEPTH),
});

const paramsSchema = z.looseObject({
  mode: z.enum(AI_SEARCH_MODES),
  platform: z.string(),
  body: z.looseObject({ pageSize: z.number().int().min(1) }),
  startPage: z.number().int().min(0),
  pages: z.number().int().min(1),
});

export const aiSearchPagesKind: JobKind = {
  name: 'ai-search-pages',
  summary:
    'AI search over many pages: input { mode, platform, query | imageType + base64Image | imageUrl | userIds, filters?, pageSize?, startPage?, pages }',

  async create(input, deps) {
    const { startPage, pages } = parseJobInput(inputSchema, input);
    // The route's own parser, on the last page: it checks the body and the depth rule there.
    const lastPage = startPage + pages - 1;
    const checked = parsedAsJobInput(() =>
      parseAiSearchRequest({ ...(input as Record<string, unknown>), startPage: lastPage, pages: 1 }),
    );
    const parsed = await withFetchedImage(deps, checked);
    return {
      params: {
        mode: parsed.mode,
        platform: parsed.platform,
        body: asJsonValue(parsed.body),
        startPage,
        pages,
      },
      total: pages * parsed.body.pageSize,
      columns: AI_SEARCH_COLUMNS,
    };
  },

  async plan(state) {
    const params = paramsSchema.parse(state.params);
    const { mode, startPage, pages } = params;
    if (!isPlatform(params.platform)) throw new Error(`unknown platform ${params.platform}`);
    const platform = params.platform;
    // Stored from parseAiSearchRequest's own output when the job was created.
    const body = params.body as AiSearchBody;
    const capacity = state.job.progress.total;
    const progress = numberedPagesState(state.checkpoints, startPage);

    return {
      async next(): Promise<JobBatch | null> {
        if (progress.ended || progress.page >= startPage + pages) return null;
        const current = progress.page;
        return {
          label: `AI page ${current}`,
          async run(deps, context) {
            const result = await aiSearchPage(deps, context, { mode, platform, body, page: current });
            const pageSeen = new Set(progress.seen);
            const fresh = aiPageRows(result, pageSeen, platform).rows;
            const kept = keepPage(progress, capacity, fresh, pageSeen);
            const end = result.profiles.length < body.pageSize || kept.cut;
            return { rows: kept.rows, checkpoint: commitNumberedPage(progress, current, kept, end) };
          },
        };
      },
    };
  },
};
