import { z } from 'zod';
import { parsePlatform } from '../../../../shared/handles';
import { SEARCH_PAGE_SIZE } from '../../../../shared/limits';
import { PLATFORMS, type Platform } from '../../../../shared/platforms';
import { SEARCH_REQUEST_SCHEMAS, type SearchRequest } from '../../../../shared/requests/search';
import { DEFAULT_SEARCH_PAGES, MAX_SEARCH_PAGES } from '../../../../shared/worker-api/request-limits';
import { parseBody } from '../../request-io/parse-body';

/** `instagram`, `ig`, `TikTok`, `yt`... as the sidebar or a cell may say it. */
export const platformField = z.preprocess((value) => parsePlatform(value) ?? value, z.enum(PLATFORMS));

/**
 * `POST /api/search`. `filter`, `sort` and `calculationMethod` are the API's own search body and
 * are checked with its schema for the platform (parseSearchRequest), so a message names the exact
 * field (`filter.influencer.gender must be one of ...`).
 */
export const searchRequestSchema = z
  .looseObject({
    platform: platformField,
    filter: z.unknown().optional(),
    sort: z.unknown().optional(),
    calculationMethod: z.unknown().optional(),
    pages: z.number().int().min(1).max(MAX_SEARCH_PAGES).optional(),
    maxResults: z
      .number()
      .int()
      .min(1)
      .max(MAX_SEARCH_PAGES * SEARCH_PAGE_SIZE)
      .optional(),
    withHeader: z.boolean().default(false),
    /** Answer the estimate only; nothing is fetched or spent. */
    dryRun: z.boolean().default(false),
    /** Skip the page cache and fetch again (paid). */
    refresh: z.boolean().default(false),
  })
  .superRefine((request, ctx) => {
    if (request.pages !== undefined && request.maxResults !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxResults'],
        message: 'cannot be combined with pages; send one of them',
      });
    }
  });

/** The API's search body without `page`: what every page of one search shares. */
export type SearchBody = Pick<SearchRequest, 'filter' | 'sort' | 'calculationMethod'>;

export interface SearchInput {
  platform: Platform;
  body: SearchBody;
  /** Pages 0 to pages - 1. */
  pages: number;
  /** Rows kept at most (after deduplication); null: every row of the pages. */
  maxResults: number | null;
  withHeader: boolean;
  dryRun: boolean;
  refresh: boolean;
}

/** The request checked in two steps (ours, then the API's body for the platform); 400 on either. */
export function parseSearchRequest(body: unknown): SearchInput {
  const request = parseBody(searchRequestSchema, body);
  const apiBody: Record<string, unknown> = {};
  if (request.filter !== undefined) apiBody.filter = request.filter;
  if (request.sort !== undefined) apiBody.sort = request.sort;
  if (request.calculationMethod !== undefined) apiBody.calculationMethod = request.calculationMethod;
  const parsed = parseBody(SEARCH_REQUEST_SCHEMAS[request.platform], apiBody);
  const searchBody: SearchBody = {
    filter: parsed.filter,
    sort: parsed.sort,
    calculationMethod: parsed.calculationMethod,
  };
  const maxResults = request.maxResults ?? null;
  const pages =
    request.pages ?? (maxResults === null ? DEFAULT_SEARCH_PAGES : Math.ceil(maxResults / SEARCH_PAGE_SIZE));
  return {
    platform: request.platform,
    body: searchBody,
    pages,
    maxResults,
    withHeader: request.withHeader,
    dryRun: request.dryRun,
    refresh: request.refresh,
  };
}
