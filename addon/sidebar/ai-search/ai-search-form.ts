import { parseHandle } from '../../../shared/handles';
import { LOOKALIKE_MAX_SOURCES } from '../../../shared/limits';
import type { Platform } from '../../../shared/platforms';
import type { AiImageSource, AiSearchMode, AiSearchRequest } from '../../bridge-contract/ai-search-api';
import { isTabWriteMode } from '../../bridge-contract/tab-output';
import {
  AI_PAGE_SIZE_DEFAULT,
  AI_PAGE_SIZE_MAX,
  aiDepthText,
  type AiSearchEstimate,
  estimateAiSearch,
  maxAiPages,
} from '../../bridge-contract/ai-search-plan';
import {
  type AiFieldMessage,
  type AiFilterField,
  type AiFilterValues,
  buildAiFilters,
  initialAiFilterValues,
} from './ai-filters-form';
import { parseOptionalNumber } from '../ui/number-input';
import { MAX_TAB_NAME_CHARS, PLATFORM_NAMES } from '../search/search-options';

/**
 * The AI search form as the page holds it and its mapping to the contract's AiSearchRequest: the
 * mode's own input (a description, an image, 1 to 5 source creators), the filters
 * (ai-filters-form.ts), the page size and pages (capped by the 1,500-result depth, which the form
 * states as a limit), and the new tab's name.
 */
export interface AiSearchFormValues {
  mode: AiSearchMode;
  platform: Platform;
  query: string;
  /** Source creators, one a line: @handle, profile URL or id. */
  sources: string;
  /** Chosen with the upload or the cell picker; null until then. */
  image: AiImageSource | null;
  pageSize: string;
  pages: string;
  /** Blank takes the suggestion. */
  title: string;
  /** 'new', 'replace' or 'append' (issue 15): what the run does to the tab `title` names. */
  tabMode: string;
  filters: AiFilterValues;
}

export type AiSearchField =
  'mode' | 'platform' | 'query' | 'sources' | 'image' | 'pageSize' | 'pages' | 'title' | AiFilterField;

export type AiSearchFormResult =
  | { ok: true; request: AiSearchRequest; estimate: AiSearchEstimate; notes: AiFieldMessage<AiSearchField>[] }
  | { ok: false; errors: AiFieldMessage<AiSearchField>[]; notes: AiFieldMessage<AiSearchField>[] };

export const AI_MODE_CHOICES: readonly { value: AiSearchMode; label: string }[] = [
  { value: 'text', label: 'Describe the posts' },
  { value: 'image', label: 'Search with an image' },
  { value: 'lookalikes', label: 'Find lookalikes' },
];

export function initialAiSearchValues(): AiSearchFormValues {
  return {
    mode: 'text',
    platform: 'instagram',
    query: '',
    sources: '',
    image: null,
    pageSize: String(AI_PAGE_SIZE_DEFAULT),
    pages: '1',
    title: '',
    tabMode: 'new',
    filters: initialAiFilterValues(),
  };
}

/** Words of negation the semantic search does not understand (it would look for them instead). */
const NEGATIONS = /\b(no|not|without|never|non|except|excluding|don't|doesn't|isn't|aren't)\b/i;

/** A hint when the description negates something, or null. */
export function negationHint(query: string): string | null {
  const match = NEGATIONS.exec(query);
  if (match === null) return null;
  return (
    `AI search reads "${match[1]}" as something to look for: describe what the posts show, ` +
    'and leave creators out with the exclude filters (hashtags, mentions, lists) instead.'
  );
}

/** Source creators from the lines typed: usernames (lowercase, no @) or ids, on `platform`. */
export function lookalikeSources(
  text: string,
  platform: Platform,
): { sources: string[]; problems: string[] } {
  const sources: string[] = [];
  const problems: string[] = [];
  for (const line of text.split(/\r?\n|,/)) {
    const parsed = parseHandle(line, platform);
    if (parsed.ok) {
      if (!sources.includes(parsed.handle)) sources.push(parsed.handle);
    } else if (!parsed.blank) problems.push(parsed.error);
  }
  return { sources, problems };
}

/** The hint under the pages field: the depth as a limit, for the page size typed. */
export function pagesLimitText(pageSizeText: string): string {
  const parsed = parseOptionalNumber(pageSizeText, {
    label: 'Page size',
    min: 1,
    max: AI_PAGE_SIZE_MAX,
    integer: true,
  });
  const pageSize = parsed.ok && parsed.value !== undefined ? parsed.value : AI_PAGE_SIZE_DEFAULT;
  return `${aiDepthText(pageSize).replace(/^at most/, 'At most')}.`;
}

/**
 * The pages field capped at the depth limit for the page size typed ("80" with 20 a page -> "75"),
 * or null when it needs no change (within the limit, or not a number yet: that is an error to show).
 */
export function cappedPages(pageSizeText: string, pagesText: string): string | null {
  const size = parseOptionalNumber(pageSizeText, {
    label: 'Page size',
    min: 1,
    max: AI_PAGE_SIZE_MAX,
    integer: true,
  });
  const pages = parseOptionalNumber(pagesText, { label: 'Pages', min: 1, integer: true });
  if (!size.ok || size.value === undefined || !pages.ok || pages.value === undefined) return null;
  const most = maxAiPages(size.value);
  return pages.value > most ? String(most) : null;
}

/** The tab name made from the search, until the user types one. */
export function suggestAiSearchTitle(values: AiSearchFormValues): string {
  const platform = PLATFORM_NAMES[values.platform];
  let title: string;
  if (values.mode === 'text') {
    const query = values.query.trim().replace(/\s+/g, ' ');
    title = query === '' ? `AI search ${platform}` : `AI ${platform}: ${query}`;
  } else if (values.mode === 'image') {
    const name = values.image?.kind === 'upload' ? ` ${values.image.name}` : '';
    title = `AI image search ${platform}${name}`;
  } else {
    const { sources } = lookalikeSources(values.sources, values.platform);
    title =
      sources.length === 0
        ? `Lookalikes ${platform}`
        : `Lookalikes of ${sources.map((s) => (/^\d+$/.test(s) ? s : `@${s}`)).join(', ')}`;
  }
  return title.length > MAX_TAB_NAME_CHARS ? `${title.slice(0, MAX_TAB_NAME_CHARS - 1)}…` : title;
}

/** Checks every field and maps the form to AiSearchRequest with its estimate, or lists each problem. */
export function buildAiSearchRequest(values: AiSearchFormValues): AiSearchFormResult {
  const errors: AiFieldMessage<AiSearchField>[] = [];
  const notes: AiFieldMessage<AiSearchField>[] = [];
  const request: Omit<AiSearchRequest, 'filters' | 'pageSize' | 'pages' | 'title'> = {
    mode: values.mode,
    platform: values.platform,
  };

  if (values.mode === 'text') {
    const query = values.query.trim();
    if (query === '')
      errors.push({
        field: 'query',
        message: 'Describe what the posts should show, e.g. "vegan breakfast bowls".',
      });
    else request.query = query;
    const hint = negationHint(query);
    if (hint !== null) notes.push({ field: 'query', message: hint });
  } else if (values.mode === 'image') {
    if (values.image === null)
      errors.push({ field: 'image', message: 'Choose an image: upload a file, or use the selected cell.' });
    else request.image = values.image;
  } else {
    const { sources, problems } = lookalikeSources(values.sources, values.platform);
    for (const problem of problems) errors.push({ field: 'sources', message: problem });
    if (problems.length === 0 && (sources.length < 1 || sources.length > LOOKALIKE_MAX_SOURCES)) {
      errors.push({
        field: 'sources',
        message: `Give 1 to ${LOOKALIKE_MAX_SOURCES} source creators, one a line; got ${sources.length}.`,
      });
    }
    if (problems.length === 0) request.sources = sources;
  }

  const filters = buildAiFilters(values.filters, values.platform);
  errors.push(...filters.errors);
  notes.push(...filters.notes);

  const pageSize = parseOptionalNumber(values.pageSize, {
    label: 'Page size',
    min: 1,
    max: AI_PAGE_SIZE_MAX,
    integer: true,
  });
  let size: number | undefined;
  if (!parsed(pageSize))
    errors.push({
      field: 'pageSize',
      message: pageSize.ok
        ? `Page size must be a whole number from 1 to ${AI_PAGE_SIZE_MAX}`
        : pageSize.message,
    });
  else size = pageSize.value;
  const most = maxAiPages(size ?? AI_PAGE_SIZE_DEFAULT);
  const pagesParsed = parseOptionalNumber(values.pages, { label: 'Pages', min: 1, max: most, integer: true });
  let pages: number | undefined;
  if (!parsed(pagesParsed)) {
    errors.push({
      field: 'pages',
      message: `Pages: ${aiDepthText(size ?? AI_PAGE_SIZE_DEFAULT)}; type a whole number from 1 to ${most}.`,
    });
  } else pages = pagesParsed.value;

  const title = values.title.trim() === '' ? suggestAiSearchTitle(values) : values.title.trim();
  if (title.length > MAX_TAB_NAME_CHARS) {
    errors.push({
      field: 'title',
      message: `Tab name must be at most ${MAX_TAB_NAME_CHARS} characters, got ${title.length}`,
    });
  }

  if (errors.length > 0 || size === undefined || pages === undefined) return { ok: false, errors, notes };
  const estimate = estimateAiSearch(values.mode, size, pages);
  return {
    ok: true,
    request: {
      ...request,
      filters: filters.filters,
      pageSize: size,
      pages,
      title,
      ...(isTabWriteMode(values.tabMode) && values.tabMode !== 'new' ? { tabMode: values.tabMode } : {}),
    },
    estimate,
    notes,
  };
}

function parsed(result: ReturnType<typeof parseOptionalNumber>): result is { ok: true; value: number } {
  return result.ok && result.value !== undefined;
}
