import { AI_IMAGE_MAX_BASE64_CHARS, AI_IMAGE_TYPES, LOOKALIKE_MAX_SOURCES } from '../../../shared/limits';
import { isPlatform, type Platform } from '../../../shared/platforms';
import type { AiFiltersInput } from '../../../shared/requests/ai-search';
import { AI_SEARCH_COLUMNS } from '../../../shared/rows/ai-search-rows';
import type {
  AiImageType,
  AiSearchFilters,
  AiSearchMode,
  AiSearchRequest,
} from '../../bridge-contract/ai-search-api';
import { estimateAiSearch } from '../../bridge-contract/ai-search-plan';
import type { JobView } from '../../bridge-contract/sidebar-api';
import { aiSearchKeyPrefix } from './ai-search-progress';
import { requireCostConfirmation } from '../jobs/bulk-estimates';
import { digestOf } from '../apps-script/content-digest';
import { planTabOutput } from '../sheet/tab-output-plan';
import { tabWriteModeOf } from '../../bridge-contract/tab-output';
import { startJob } from '../jobs/jobs';

/**
 * An AI search from the sidebar as an 'ai-search-pages' job of the worker (its input is the body
 * of `POST /api/ai/search`: mode, platform, the mode's own fields, filters, pageSize, pages), its
 * rows written into a new tab by the job machinery, with progress, cancel and resume.
 */

/** What `POST /api/jobs` kind `ai-search-pages` takes. */
export interface AiSearchJobInput {
  mode: AiSearchMode;
  platform: Platform;
  query?: string;
  imageType?: AiImageType;
  base64Image?: string;
  /** The worker fetches it, once for the whole job. */
  imageUrl?: string;
  userIds?: string[];
  filters?: AiSearchFilters;
  pageSize: number;
  pages: number;
}

// The sidebar's filter shape is the API's: a change on either side breaks the build here.
type Assignable<T extends U, U> = T;
type _FiltersAreTheApis = Assignable<AiSearchFilters, AiFiltersInput>;

function isImageType(value: unknown): value is AiImageType {
  return typeof value === 'string' && (AI_IMAGE_TYPES as readonly string[]).indexOf(value) >= 0;
}

function modeFields(request: AiSearchRequest): Partial<AiSearchJobInput> {
  if (request.mode === 'text') {
    const query = (request.query ?? '').trim();
    if (query === '') throw new Error('Describe what the posts should show, e.g. "vegan breakfast bowls".');
    return { query };
  }
  if (request.mode === 'lookalikes') {
    const sources = (request.sources ?? []).map((source) => source.trim()).filter((source) => source !== '');
    if (sources.length < 1 || sources.length > LOOKALIKE_MAX_SOURCES) {
      throw new Error(`Lookalikes start from 1 to ${LOOKALIKE_MAX_SOURCES} creators, got ${sources.length}.`);
    }
    return { userIds: sources };
  }
  const image = request.image;
  if (image === undefined) throw new Error('Choose the image to search with: upload one, or use a cell.');
  if (image.kind === 'url') return { imageUrl: image.url.trim() };
  if (!isImageType(image.imageType)) {
    throw new Error(`"${image.name}" is not a JPEG, PNG or WebP image: pick another file.`);
  }
  if (typeof image.base64Image !== 'string' || image.base64Image.length === 0) {
    throw new Error(`"${image.name}" arrived empty: choose the file again.`);
  }
  if (image.base64Image.length > AI_IMAGE_MAX_BASE64_CHARS) {
    throw new Error(`"${image.name}" is larger than AI search takes (5 MB as base64): pick a smaller image.`);
  }
  return { imageType: image.imageType, base64Image: image.base64Image };
}

/** The job's input, checked as far as the add-on can (the worker checks the rest with the API's schema). */
export function aiSearchJobInput(request: AiSearchRequest): AiSearchJobInput {
  if (!isPlatform(request.platform))
    throw new Error(`Pick a platform: "${String(request.platform)}" is not one.`);
  // Throws the size problem in words when the numbers are out of range.
  estimateAiSearch(request.mode, request.pageSize, request.pages);
  const filters = request.filters ?? {};
  return {
    mode: request.mode,
    platform: request.platform,
    ...modeFields(request),
    ...(Object.keys(filters).length === 0 ? {} : { filters }),
    pageSize: request.pageSize,
    pages: request.pages,
  };
}

/** The tab's name, as given or made from the search. */
function aiSearchTabName(request: AiSearchRequest): string {
  const title = (request.title ?? '').trim();
  if (title !== '') return title;
  if (request.mode === 'text') return `AI search: ${(request.query ?? '').trim().slice(0, 60)}`;
  if (request.mode === 'image') return 'AI image search';
  return `Lookalikes on ${request.platform}`;
}

/**
 * Starts the search after checking its cost (confirmation above 1 credit) and reading its image;
 * the same search started twice (a double click) answers the job already writing it.
 */
export function startAiSearchJob(request: AiSearchRequest, confirmedCost: boolean): JobView {
  const estimate = estimateAiSearch(request.mode, request.pageSize, request.pages);
  requireCostConfirmation(estimate.maxCredits, confirmedCost);
  const input = aiSearchJobInput(request);
  const name = aiSearchTabName(request);
  const mode = tabWriteModeOf(request.tabMode);
  const sourceKey = `${aiSearchKeyPrefix(input.pageSize, input.pages)}${name}|${mode}|${digestOf(JSON.stringify(input))}`;
  // A new tab, or the named one replaced or added to (issue 15), checked before the job starts.
  return startJob('ai-search-pages', input, sourceKey, () =>
    planTabOutput({
      output: { name, mode },
      fallbackName: name,
      width: AI_SEARCH_COLUMNS.length,
      header: AI_SEARCH_COLUMNS.map((col) => col.label),
      what: 'this AI search',
    }),
  );
}
