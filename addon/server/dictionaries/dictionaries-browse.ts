import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { Platform } from '../../../shared/platforms';
import type { Cell, Column } from '../../../shared/rows/columns';
import { DICTIONARY_COLUMNS, type DictionaryKind } from '../../../shared/rows/dictionary-rows';
import type { DictionaryAnswer } from '../../../shared/worker-api/dictionaries';
import type {
  DictionaryBrowse,
  DictionaryPreview,
  DictionaryWritten,
} from '../../bridge-contract/dictionaries-api';
import {
  DICTIONARIES,
  DICTIONARY_PREVIEW_ITEMS,
  isDictionaryName,
  type DictionaryEntry,
} from '../../bridge-contract/dictionaries-catalogue';
import { tabWriteModeOf } from '../../bridge-contract/tab-output';
import { formulaCacheKey, readThroughCache } from '../formulas/formula-cache';
import { formatCount, plural } from '../sheet/number-text';
import { writeTableToTab } from '../sheet/table-tab';
import { planTabOutput } from '../sheet/tab-output-plan';
import {
  optionalNumberAt,
  readTableAnswer,
  asRecord,
  type TableAnswer,
} from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { NOT_CONNECTED } from '../worker-client/worker-failure';
import { readWorkerKey } from '../worker-client/worker-key';
import { currentWorkerUrl } from '../worker-client/worker-url';

/**
 * Dictionaries from the sidebar: a preview of the first matches while the user types, and every
 * match written into a new tab or a named tab replaced or added to (issue 15), ids first, to build
 * filters by hand. All free; the worker keeps each answer a day, and the add-on's cache makes a
 * repeated preview instant.
 */

interface Browse {
  entry: DictionaryEntry;
  /** null for a dictionary whose route names no platform. */
  platform: Platform | null;
  /** Trimmed; undefined when blank. */
  query: string | undefined;
}

function readBrowse(browse: DictionaryBrowse): Browse {
  if (!isDictionaryName(browse.dictionary)) {
    throw new Error(`There is no dictionary "${String(browse.dictionary)}": pick one from the list.`);
  }
  const entry = DICTIONARIES[browse.dictionary];
  let platform: Platform | null = null;
  if (entry.platforms.length > 0) {
    if (entry.platforms.indexOf(browse.platform) < 0) {
      throw new Error(`${entry.label} exist for ${entry.platforms.join(' and ')} only: pick one of those.`);
    }
    platform = browse.platform;
  }
  const text = typeof browse.query === 'string' ? browse.query.trim() : '';
  return { entry, platform, query: text === '' ? undefined : text };
}

/** Calls the worker's route for a dictionary: the AI ones take the typed text as `q`. */
function callDictionary(browse: Browse, limit: number): unknown {
  const { entry, platform, query } = browse;
  switch (entry.name) {
    case 'ai_brands':
      return callRoute(WORKER_ROUTES.aiBrands, { query: { q: query, limit } });
    case 'ai_hashtags':
      return callRoute(WORKER_ROUTES.aiHashtags, {
        query: { platform: requirePlatform(browse), q: query, limit },
      });
    case 'ai_mentions': {
      const on = requirePlatform(browse);
      if (on === 'youtube')
        throw new Error(`${entry.label} exist for Instagram and TikTok only: pick one of those.`);
      return callRoute(WORKER_ROUTES.aiMentions, { query: { platform: on, q: query, limit } });
    }
    default:
      return callRoute(WORKER_ROUTES.dictionary, {
        params: { platform: platform ?? 'instagram', kind: entry.name },
        query: { query, limit },
      });
  }
}

/** The catalogue gives every per-platform dictionary a platform (readBrowse). */
function requirePlatform(browse: Browse): Platform {
  if (browse.platform === null) throw new Error(`Pick a platform for ${browse.entry.label}.`);
  return browse.platform;
}

interface DictionaryTable extends TableAnswer, Pick<DictionaryAnswer, 'total'> {}

function fetchTable(browse: Browse, limit: number): DictionaryTable {
  const answer = callDictionary(browse, limit);
  return {
    ...readTableAnswer(answer),
    total: optionalNumberAt(asRecord<DictionaryAnswer>(answer, 'the dictionary'), 'total'),
  };
}

/** Ids stay as typed (12345, not 12,345); counts get their separators. */
function cellText(cell: Cell, column: Column): string {
  if (cell === null) return '';
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  if (typeof cell === 'number' && column.format === 'integer' && column.id !== 'id') return formatCount(cell);
  return String(cell);
}

function matchingText(browse: Browse): string {
  return browse.query === undefined ? '' : ` matching "${browse.query}"`;
}

function noMatch(browse: Browse): string {
  return browse.query === undefined
    ? `The ${browse.entry.label} dictionary is empty${browse.platform === null ? '' : ` on ${browse.platform}`}.`
    : `No ${browse.entry.noun} match "${browse.query}": try another spelling or a shorter search.`;
}

function previewOf(browse: Browse): DictionaryPreview {
  // One more than shown says whether more exist when the API gives no total.
  const table = fetchTable(browse, DICTIONARY_PREVIEW_ITEMS + 1);
  const indexes = browse.entry.previewColumns
    .map((id) => table.columns.findIndex((col) => col.id === id))
    .filter((index) => index >= 0);
  const shown = table.rows.slice(0, DICTIONARY_PREVIEW_ITEMS);
  const more = table.rows.length > shown.length || (table.total !== null && table.total > shown.length);
  const noun = browse.entry.noun;
  let summary: string;
  if (shown.length === 0) summary = noMatch(browse);
  else if (table.total !== null) {
    summary = `${formatCount(shown.length)} of ${plural(table.total, noun.replace(/s$/, ''), noun)}${matchingText(browse)}.`;
  } else {
    summary = `${more ? 'The first ' : ''}${formatCount(shown.length)} ${noun}${matchingText(browse)}${more ? '; there are more' : ''}.`;
  }
  return {
    header: indexes.map((index) => table.columns[index].label),
    rows: shown.map((row) => indexes.map((index) => cellText(row[index] ?? null, table.columns[index]))),
    total: table.total,
    more,
    summary,
  };
}

/** The first matches, through the add-on's cache (free, but a round trip per keystroke). */
export function previewDictionaryMatches(request: DictionaryBrowse): DictionaryPreview {
  const browse = readBrowse(request);
  const key = readWorkerKey();
  if (key === null) throw new Error(NOT_CONNECTED);
  const cacheKey = formulaCacheKey(currentWorkerUrl(), key, [
    'dictionary-preview',
    browse.entry.name,
    browse.platform,
    browse.query ?? '',
  ]);
  return readThroughCache(cacheKey, () => ({ value: previewOf(browse), cacheable: true }));
}

/** "Locations (tiktok), "par"": what was written, and where from. */
function dictionaryTabName(request: DictionaryBrowse): string {
  const browse = readBrowse(request);
  const platform = browse.platform === null ? '' : ` (${browse.platform})`;
  const query = browse.query === undefined ? '' : `, "${browse.query}"`;
  return `${browse.entry.label}${platform}${query}`;
}

/** The rows' kind: topics and hashtags are both lists of tags. */
function dictionaryKind(browse: Browse): DictionaryKind {
  const { name } = browse.entry;
  return name === 'topics' || name === 'hashtags' ? 'tags' : name;
}

/** Where the matches go, checked before the worker is asked (a long dictionary is a long call). */
function dictionaryTabPlan(request: DictionaryBrowse, browse: Browse) {
  const columns = DICTIONARY_COLUMNS[dictionaryKind(browse)];
  return planTabOutput({
    output: { name: request.tab?.name ?? '', mode: tabWriteModeOf(request.tab?.mode) },
    fallbackName: dictionaryTabName(request),
    width: columns.length,
    header: columns.map((col) => col.label),
    what: `this list of ${browse.entry.noun}`,
  });
}

export function writeDictionaryMatches(request: DictionaryBrowse): DictionaryWritten {
  const browse = readBrowse(request);
  const { entry } = browse;
  const limit = entry.writeLimit;
  const place = dictionaryTabPlan(request, browse);
  const table = fetchTable(browse, limit + 1);
  if (table.rows.length === 0) throw new Error(`${noMatch(browse)} Nothing was written.`);
  const rows = table.rows.slice(0, limit);
  const truncated = table.rows.length > limit || (table.total !== null && table.total > limit);
  const leftOut = table.total === null ? null : Math.max(0, table.total - rows.length);
  const written = writeTableToTab(place, table.columns, rows, {
    kind: 'dictionary',
    credits: 0,
  });
  let message = `Wrote ${plural(rows.length, entry.noun.replace(/s$/, ''), entry.noun)}${matchingText(browse)} to ${written.destination}, for free.`;
  if (truncated) {
    message +=
      ` A tab takes at most ${formatCount(limit)} ${entry.noun}` +
      `${leftOut === null || leftOut === 0 ? '' : ` (${formatCount(leftOut)} more match)`}: search to narrow the list.`;
  }
  return {
    sheetName: written.sheetName,
    destination: written.destination,
    rows: rows.length,
    leftOut,
    truncated,
    message,
  };
}
