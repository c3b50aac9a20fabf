import { z } from 'zod';
import type { AiImageType } from '../../../../shared/enums';
import { AI_SEARCH_MAX_DEPTH } from '../../../../shared/limits';
import type { Platform } from '../../../../shared/platforms';
import {
  aiImageSearchRequestSchema,
  aiLookalikesRequestSchema,
  aiTextSearchRequestSchema,
  type AiFilters,
} from '../../../../shared/requests/ai-search';
import { AI_SEARCH_MODES, type AiSearchMode } from '../../../../shared/worker-api/ai-search';
import { IMAGE_URL_MAX_CHARS, MAX_AI_SEARCH_PAGES } from '../../../../shared/worker-api/request-limits';
import { parseBody } from '../../request-io/parse-body';
import { badRequest } from '../../request-io/worker-error';
import { platformField } from '../search/search-request';

// Job kinds name the modes from here (worker/src/jobs/job-kinds/ai-search-pages.ts).
export { AI_SEARCH_MODES, type AiSearchMode };

/**
 * `POST /api/ai/search`. The mode's own fields (`query`; `imageType` + `base64Image`; `userIds`),
 * `filters` and `pageSize` are the API's body and are checked with its schema for the mode
 * (parseAiSearchRequest), so a message names the exact field.
 */
export const aiSearchRequestSchema = z.looseObject({
  mode: z.enum(AI_SEARCH_MODES),
  platform: platformField,
  query: z.unknown().optional(),
  imageType: z.unknown().optional(),
  base64Image: z.unknown().optional(),
  /**
   * Image search by link instead of `imageType` + `base64Image`: the worker fetches it (the add-on
   * may call no other server), under the rules of image-fetch.ts. Ours, never sent to the API.
   */
  imageUrl: z.string().trim().min(1).max(IMAGE_URL_MAX_CHARS).optional(),
  userIds: z.unknown().optional(),
  filters: z.unknown().optional(),
  pageSize: z.unknown().optional(),
  /** The first page to fetch (0-based); later pages follow it. */
  startPage: z.number().int().min(0).default(0),
  pages: z.number().int().min(1).max(MAX_AI_SEARCH_PAGES).default(1),
  withHeader: z.boolean().default(false),
  /** Answer the estimate only; nothing is fetched or spent. */
  dryRun: z.boolean().default(false),
  /** Skip the page cache and fetch again (paid). */
  refresh: z.boolean().default(false),
});

/** The API's body of every page of one AI search, without `page`. */
export interface AiSearchBody {
  pageSize: number;
  filters?: AiFilters;
  query?: string;
  imageType?: AiImageType;
  base64Image?: string;
  userIds?: string[];
}

export interface AiSearchInput {
  mode: AiSearchMode;
  platform: Platform;
  /**
   * The body for the API. With `imageUrl`, its image is a placeholder until withFetchedImage
   * (ai-search.ts) puts the fetched one in: everything else was checked before any fetch.
   */
  body: AiSearchBody;
  /** Image mode by link: the image still to fetch. */
  imageUrl?: string;
  startPage: number;
  pages: number;
  withHeader: boolean;
  dryRun: boolean;
  refresh: boolean;
}

/**
 * Stands in for an image to fetch while the rest of the body is checked with the API's schema:
 * valid base64 of the smallest size, replaced before anything is sent.
 */
const IMAGE_PLACEHOLDER = { imageType: 'image/png', base64Image: 'AAAA' } as const;

const MODE_FIELDS: Readonly<Record<AiSearchMode, readonly string[]>> = {
  text: ['query'],
  image: ['imageType', 'base64Image'],
  lookalikes: ['userIds'],
};

function modeBody(mode: AiSearchMode, apiBody: Record<string, unknown>): AiSearchBody {
  if (mode === 'text') {
    const { pageSize, filters, query } = parseBody(aiTextSearchRequestSchema, apiBody);
    return { pageSize, query, ...(filters === undefined ? {} : { filters }) };
  }
  if (mode === 'image') {
    const { pageSize, filters, imageType, base64Image } = parseBody(aiImageSearchRequestSchema, apiBody);
    return { pageSize, imageType, base64Image, ...(filters === undefined ? {} : { filters }) };
  }
  const { pageSize, filters, userIds } = parseBody(aiLookalikesRequestSchema, apiBody);
  return { pageSize, userIds, ...(filters === undefined ? {} : { filters }) };
}

/**
 * The request checked in two steps (ours, then the API's body for the mode), then the depth rule
 * for the LAST page asked for, all before anything is sent or spent: the API answers 400 past
 * (page + 1) * pageSize = 1500, and a search that fails on its 10th page has paid for nine.
 */
export function parseAiSearchRequest(body: unknown): AiSearchInput {
  const request = parseBody(aiSearchRequestSchema, body);
  const apiBody: Record<string, unknown> = { page: request.startPage };
  for (const field of [...MODE_FIELDS[request.mode], 'filters', 'pageSize']) {
    const value = (request as Record<string, unknown>)[field];
    if (value !== undefined) apiBody[field] = value;
  }
  const imageUrl = request.imageUrl;
  if (imageUrl !== undefined) {
    if (request.mode !== 'image')
      throw badRequest(`imageUrl is for mode "image", got mode "${request.mode}"`);
    if (request.base64Image !== undefined) {
      throw badRequest('give either imageUrl or base64Image, not both');
    }
    // The fetched image brings its own type.
    Object.assign(apiBody, IMAGE_PLACEHOLDER);
  }
  const searchBody = modeBody(request.mode, apiBody);
  const lastPage = request.startPage + request.pages - 1;
  const depth = (lastPage + 1) * searchBody.pageSize;
  if (depth > AI_SEARCH_MAX_DEPTH) {
    const lastAllowed = Math.floor(AI_SEARCH_MAX_DEPTH / searchBody.pageSize) - 1;
    throw badRequest(
      `pages reach page ${lastPage}, past the AI search depth: (page + 1) * pageSize must be at most ` +
        `${AI_SEARCH_MAX_DEPTH}, got (${lastPage} + 1) * ${searchBody.pageSize} = ${depth}; with pageSize ` +
        `${searchBody.pageSize} the last page is ${lastAllowed}`,
    );
  }
  return {
    mode: request.mode,
    platform: request.platform,
    body: searchBody,
    ...(imageUrl === undefined ? {} : { imageUrl }),
    startPage: request.startPage,
    pages: request.pages,
    withHeader: request.withHeader,
    dryRun: request.dryRun,
    refresh: request.refresh,
  };
}
