import type { World } from '../../data';
import type { SandboxHandlers } from '../../operation-handler';
import { audienceOverlapHandler } from './audience-overlap';
import {
  dictionaryBrandsHandler,
  dictionaryHashtagsHandler,
  dictionaryInterestsHandler,
  dictionaryLanguagesHandler,
  dictionaryLocationsHandler,
  dictionaryTopicsHandler,
  dictionaryUsersHandler,
} from './dictionaries';
import { emailSearchHandler } from './email-search';
import { reportHandler } from './report';
import { searchHandler } from './search';

/** Handlers for search, reports, audience overlap, dictionaries and e-mail search. */
export const discoveryHandlers: SandboxHandlers<World> = {
  search: searchHandler,
  report: reportHandler,
  audienceOverlap: audienceOverlapHandler,
  dictionaryBrands: dictionaryBrandsHandler,
  dictionaryInterests: dictionaryInterestsHandler,
  dictionaryLanguages: dictionaryLanguagesHandler,
  dictionaryLocations: dictionaryLocationsHandler,
  dictionaryTopics: dictionaryTopicsHandler,
  dictionaryHashtags: dictionaryHashtagsHandler,
  dictionaryUsers: dictionaryUsersHandler,
  emailSearch: emailSearchHandler,
};
