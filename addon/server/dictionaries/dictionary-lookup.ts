import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { Platform } from '../../../shared/platforms';
import type { Row } from '../../../shared/rows/columns';
import type { DictionaryAnswer } from '../../../shared/worker-api/dictionaries';
import type { DictionaryKind, DictionaryOption } from '../../bridge-contract/sidebar-api';
import { formulaCacheKey, readThroughCache } from '../formulas/formula-cache';
import { asRecord, rowsAt } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { NOT_CONNECTED } from '../worker-client/worker-failure';
import { readWorkerKey } from '../worker-client/worker-key';
import { currentWorkerUrl } from '../worker-client/worker-url';

/** Options a typeahead shows at once. */
const DICTIONARY_OPTIONS = 20;

/** Brands and interests exist for Instagram only; search on every platform uses those ids. */
function dictionaryPlatform(platform: Platform, kind: DictionaryKind): Platform {
  return kind === 'brands' || kind === 'interests' ? 'instagram' : platform;
}

/**
 * Dictionary rows as typeahead options. Rows start with the id (a number, or a language code),
 * then the name; locations add a full name ("Paris, France"), the clearer label.
 */
export function toDictionaryOptions(kind: DictionaryKind, rows: readonly Row[]): DictionaryOption[] {
  const options: DictionaryOption[] = [];
  for (const row of rows) {
    const id = row[0];
    if (kind === 'languages' ? typeof id !== 'string' : typeof id !== 'number') continue;
    const name = typeof row[1] === 'string' ? row[1] : String(id);
    const full = kind === 'locations' && typeof row[2] === 'string' && row[2] !== '' ? row[2] : name;
    options.push({ id: id as number | string, label: full });
  }
  return options;
}

/**
 * Free look-ups for the search form's typeahead. The worker caches dictionaries for a day; the
 * add-on's cache makes a repeated keystroke instant.
 */
export function lookupDictionaryOptions(
  platform: Platform,
  kind: DictionaryKind,
  query: string,
): DictionaryOption[] {
  const key = readWorkerKey();
  if (key === null) throw new Error(NOT_CONNECTED);
  const on = dictionaryPlatform(platform, kind);
  const text = query.trim();
  return readThroughCache(formulaCacheKey(currentWorkerUrl(), key, ['dictionary', on, kind, text]), () => {
    const answer = asRecord<DictionaryAnswer>(
      callRoute(WORKER_ROUTES.dictionary, {
        params: { platform: on, kind },
        query: { query: text === '' ? undefined : text, limit: DICTIONARY_OPTIONS },
      }),
      'the dictionary',
    );
    return { value: toDictionaryOptions(kind, rowsAt(answer, 'rows')), cacheable: true };
  });
}
