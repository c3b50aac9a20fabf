import type { Platform } from '../../../shared/platforms';
import type { AiFilterDictionary, AiImageCell, AiSearchRequest } from '../../bridge-contract/ai-search-api';
import type { DictionaryOption, JobView } from '../../bridge-contract/sidebar-api';
import { startAiSearchJob } from './ai-search-job';
import { listAiListChoices, lookupAiFilterChoices } from './ai-search-options';
import { readImageCell } from './image-source';

/**
 * Server functions of the AI search section (addon/bridge-contract/ai-search-api.ts), one per member of
 * AiSearchApi; each becomes a top-level Apps Script function, so nothing else is exported here.
 */

/** Sidebar: the image the active cell names (a link, or a Drive file the user can read), checked. */
export function readAiImageCell(): AiImageCell {
  return readImageCell();
}

/** Sidebar: typeahead options of an AI dictionary (brands, hashtags, mentions) for the AI search filters. */
export function lookupAiFilterOptions(
  platform: Platform,
  kind: AiFilterDictionary,
  query: string,
): DictionaryOption[] {
  return lookupAiFilterChoices(platform, kind, query);
}

/** Sidebar: the AI lists of a platform, for the AI search lists filter. */
export function listAiSearchLists(platform: Platform): DictionaryOption[] {
  return listAiListChoices(platform);
}

/** Sidebar: starts an AI search (text, image or lookalikes) as a job writing into a new tab. */
export function startAiSearch(request: AiSearchRequest, confirmedCost: boolean): JobView {
  return startAiSearchJob(request, confirmedCost);
}
