import {
  AI_IMAGE_MAX_BASE64_CHARS,
  AI_SEARCH_DEFAULT_PAGE_SIZE,
  AI_SEARCH_MAX_DEPTH,
} from '../../shared/limits';
import { estimateCredits, sumCharges } from '../../shared/pricing';
import type { AiSearchMode } from './ai-search-api';
import { CONFIRM_ABOVE_CREDITS } from './sidebar-api';

/**
 * The size of an AI search and what it may cost, before it runs. Shared by the sidebar (the
 * limits under the page fields, the estimate, the confirmation) and the server (which refuses an
 * unconfirmed search above the threshold), so both say the same numbers. Limits are stated as
 * limits here: the 1,500-result depth caps the pages field, it is never met as an API error.
 */

/**
 * The worker's largest page (AI_SEARCH_MAX_PAGE_SIZE of shared/requests/ai-search.ts, which the
 * page cannot load without bundling zod; a test keeps the two equal).
 */
export const AI_PAGE_SIZE_MAX = 100;
export const AI_PAGE_SIZE_DEFAULT = AI_SEARCH_DEFAULT_PAGE_SIZE;

/** The API's AI rate: one search, image search or lookalikes call a second. */
const AI_CALLS_PER_SECOND = 1;

/**
 * The image bytes whose base64 fits the API's 5 MB (AI_IMAGE_MAX_BASE64_CHARS characters of
 * base64, 3 bytes per 4 characters): 3.75 MB.
 */
export const AI_IMAGE_MAX_BYTES = (AI_IMAGE_MAX_BASE64_CHARS / 4) * 3;

const OPERATION = { text: 'aiTextSearch', image: 'aiImageSearch', lookalikes: 'aiLookalikes' } as const;

/** The most pages a search of this page size can go: (pages) * pageSize <= 1,500 from page 0. */
export function maxAiPages(pageSize: number): number {
  return Math.max(0, Math.floor(AI_SEARCH_MAX_DEPTH / pageSize));
}

/** 1234567 -> "1,234,567" (no Intl: Apps Script's locale data is not to be relied on). */
function groupThousands(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Credits with up to three decimals: "1 credit", "0.5 credits", "1,234.5 credits". */
export function aiCreditsText(value: number): string {
  const milli = Math.round(value * 1000);
  const fraction = milli % 1000;
  const decimals = fraction === 0 ? '' : `.${String(fraction).padStart(3, '0').replace(/0+$/, '')}`;
  return `${groupThousands(Math.trunc(milli / 1000))}${decimals} credit${milli === 1000 ? '' : 's'}`;
}

/** "at most 75 pages of 20 (1,500 results deep)": the depth rule as the pages field's limit. */
export function aiDepthText(pageSize: number): string {
  const pages = maxAiPages(pageSize);
  return `at most ${groupThousands(pages)} ${pages === 1 ? 'page' : 'pages'} of ${groupThousands(pageSize)} (${groupThousands(AI_SEARCH_MAX_DEPTH)} results deep)`;
}

/** How long the pages take at the API's pace, said as the pace, not as a wait to worry about. */
export function aiPacingText(pages: number): string {
  if (pages <= 1) return 'One page: one AI search call.';
  const seconds = Math.ceil(pages / AI_CALLS_PER_SECOND);
  const time = seconds < 120 ? `about ${seconds} s` : `about ${Math.ceil(seconds / 60)} min`;
  return `${groupThousands(pages)} pages take ${time}: the API allows one AI search a second.`;
}

export interface AiSearchEstimate {
  pages: number;
  pageSize: number;
  maxResults: number;
  /** The most it can cost: every page full, none already cached. */
  maxCredits: number;
  creditsPerPage: number;
  needsConfirmation: boolean;
  /** A sentence with all of the above. */
  summary: string;
}

/** Why a page size or a number of pages cannot be run, or null when they can. */
export function aiSizeProblem(pageSize: number, pages: number): string | null {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > AI_PAGE_SIZE_MAX) {
    return `Page size must be a whole number from 1 to ${AI_PAGE_SIZE_MAX}, got ${String(pageSize)}.`;
  }
  const most = maxAiPages(pageSize);
  if (!Number.isInteger(pages) || pages < 1 || pages > most) {
    return `Pages must be a whole number from 1 to ${most} with ${pageSize} per page (AI search goes ${groupThousands(AI_SEARCH_MAX_DEPTH)} results deep), got ${String(pages)}.`;
  }
  return null;
}

/**
 * 0.025 credits per profile returned, so a page of `pageSize` costs at most 0.025 x pageSize.
 * Throws the size problem when the numbers are out of range.
 */
export function estimateAiSearch(mode: AiSearchMode, pageSize: number, pages: number): AiSearchEstimate {
  const problem = aiSizeProblem(pageSize, pages);
  if (problem !== null) throw new Error(problem);
  const page = estimateCredits(OPERATION[mode], { pageSize });
  const maxCredits = sumCharges(Array.from({ length: pages }, () => page)).credits;
  const maxResults = pages * pageSize;
  const summary =
    `${groupThousands(pages)} ${pages === 1 ? 'page' : 'pages'} of ${groupThousands(pageSize)}: at most ` +
    `${groupThousands(maxResults)} creators, at most ${aiCreditsText(maxCredits)} ` +
    `(${aiCreditsText(page.credits)} a full page; only creators returned are charged, and pages the worker already holds are free).`;
  return {
    pages,
    pageSize,
    maxResults,
    maxCredits,
    creditsPerPage: page.credits,
    needsConfirmation: maxCredits > CONFIRM_ABOVE_CREDITS,
    summary,
  };
}

/**
 * Which page a running job is on, from its rows: each page adds at most `pageSize` rows (fewer when
 * a creator came on an earlier page), so this is the page being fetched, never past the last.
 */
export function aiPageInProgress(rowsDone: number, pageSize: number, pages: number): number {
  return Math.min(pages, Math.floor(Math.max(0, rowsDone) / pageSize) + 1);
}

/** "page 3 of 10 (the API allows one AI search a second)": the job's progress, paced, not failing. */
export function aiPageProgressText(rowsDone: number, pageSize: number, pages: number): string {
  const page = aiPageInProgress(rowsDone, pageSize, pages);
  return `page ${groupThousands(page)} of ${groupThousands(pages)} (the API allows one AI search a second)`;
}
