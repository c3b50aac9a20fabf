import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { Platform } from '../../../shared/platforms';
import type { Row } from '../../../shared/rows/columns';
import type { AiListsAnswer, OwnedAiList } from '../../../shared/worker-api/ai-lists';
import type { DictionaryAnswer } from '../../../shared/worker-api/dictionaries';
import type { AiFilterDictionary } from '../../bridge-contract/ai-search-api';
import type { DictionaryOption } from '../../bridge-contract/sidebar-api';
import { formulaCacheKey, readThroughCache } from '../formulas/formula-cache';
import { formatCount } from '../sheet/number-text';
import { asRecord, rowsAt, type Unread } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { NOT_CONNECTED } from '../worker-client/worker-failure';
import { readWorkerKey } from '../worker-client/worker-key';
import { currentWorkerUrl } from '../worker-client/worker-url';

/**
 * The choices of the AI search filters that come from the worker: the AI dictionaries (brand
 * names for `filters.brands`, hashtags and mentions for `filters.textTags`) and the AI lists of the
 * search platform (`filters.lists`). All free.
 */

/** Options a typeahead shows at once. */
const AI_FILTER_OPTIONS = 20;

/**
 * Dictionary rows as options. Brands are `[name]`, hashtags `[tag, posts]`, mentions `[handle,
 * posts]`; the id is what the filter takes (the bare name), the label what the user reads.
 */
function toAiFilterOptions(kind: AiFilterDictionary, rows: readonly Row[]): DictionaryOption[] {
  const options: DictionaryOption[] = [];
  for (const row of rows) {
    const name = row[0];
    if (typeof name !== 'string' || name === '') continue;
    const bare = name.replace(/^[#@]/, '');
    const posts = typeof row[1] === 'number' ? ` (${formatCount(row[1])} posts)` : '';
    const shown = kind === 'hashtags' ? `#${bare}` : kind === 'mentions' ? `@${bare}` : bare;
    options.push({ id: bare, label: `${shown}${posts}` });
  }
  return options;
}

/** `GET /api/ai/brands`, `/hashtags` or `/mentions` (brands for every platform, mentions not on YouTube). */
function callAiDictionary(kind: AiFilterDictionary, platform: Platform, q: string | undefined): unknown {
  const limit = AI_FILTER_OPTIONS;
  if (kind === 'brands') return callRoute(WORKER_ROUTES.aiBrands, { query: { q, limit } });
  if (kind === 'hashtags') return callRoute(WORKER_ROUTES.aiHashtags, { query: { platform, q, limit } });
  if (platform === 'youtube')
    throw new Error('YouTube has no mentions dictionary: filter YouTube searches by hashtags instead.');
  return callRoute(WORKER_ROUTES.aiMentions, { query: { platform, q, limit } });
}

/** Typeahead options of an AI dictionary; the worker caches them a day, the add-on's cache a keystroke. */
export function lookupAiFilterChoices(
  platform: Platform,
  kind: AiFilterDictionary,
  query: string,
): DictionaryOption[] {
  if (kind === 'mentions' && platform === 'youtube') {
    throw new Error('YouTube has no mentions dictionary: filter YouTube searches by hashtags instead.');
  }
  const key = readWorkerKey();
  if (key === null) throw new Error(NOT_CONNECTED);
  const text = query.trim().replace(/^[#@]/, '');
  const scope = kind === 'brands' ? null : platform;
  return readThroughCache(
    formulaCacheKey(currentWorkerUrl(), key, ['ai-dictionary', kind, scope, text]),
    () => {
      const answer = asRecord<DictionaryAnswer>(
        callAiDictionary(kind, platform, text === '' ? undefined : text),
        'the AI dictionary',
      );
      return { value: toAiFilterOptions(kind, rowsAt(answer, 'rows')), cacheable: true };
    },
  );
}

/**
 * The AI lists of `platform` (a list filters only searches of its own platform), newest name
 * first as the worker gives them. Not cached: lists change from the Lists section.
 */
export function listAiListChoices(platform: Platform): DictionaryOption[] {
  const answer = asRecord<AiListsAnswer>(callRoute(WORKER_ROUTES.aiLists, {}), 'the AI lists');
  const lists = answer.lists;
  if (!Array.isArray(lists))
    throw new Error("The worker's answer lacks the AI lists: is the add-on as new as the worker?");
  const options: DictionaryOption[] = [];
  for (const item of lists) {
    if (typeof item !== 'object' || item === null) continue;
    const list = item as Unread<OwnedAiList>;
    if (list.platform !== platform || typeof list.id !== 'string') continue;
    const name = typeof list.name === 'string' && list.name !== '' ? list.name : list.id;
    const members =
      typeof list.approximateMemberCount === 'number'
        ? ` (about ${formatCount(list.approximateMemberCount)})`
        : '';
    options.push({ id: list.id, label: `${name}${members}` });
  }
  return options;
}
