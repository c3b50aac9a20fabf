import { OPERATIONS, type OperationId, type RawOperationId } from '../../../shared/operations';
import { RAW_DATA_OPERATIONS, rawOperationName } from '../../bridge-contract/raw-data-operations';

/**
 * API operations named as people read them, for what the worker reports per operation (contract
 * drift, unreadable answers, Account's breakdown). The raw operations take their names from the
 * Raw data section's table, so a raw operation is called the same everywhere; the others are
 * listed here, and the type makes a new operation of the catalogue break the build until it has a
 * name. API paths (`/raw/ig/user-feed`) are jargon to a marketer: a path that reaches the sidebar
 * is named as its operation, and the path itself is kept for tooltips (operationPath).
 */

const NAMES: Readonly<Record<Exclude<OperationId, RawOperationId>, string>> = {
  health: 'Health check',
  userInfo: 'Account info',
  search: 'Search',
  report: 'Report',
  audienceOverlap: 'Audience overlap',
  dictionaryBrands: 'Brands dictionary',
  dictionaryInterests: 'Interests dictionary',
  dictionaryLanguages: 'Languages dictionary',
  dictionaryLocations: 'Locations dictionary',
  dictionaryTopics: 'Topics dictionary',
  dictionaryHashtags: 'Hashtags dictionary',
  dictionaryUsers: 'Users dictionary',
  emailSearch: 'E-mail search',
  aiImageSearch: 'AI image search',
  aiTextSearch: 'AI text search',
  aiLookalikes: 'AI lookalikes',
  aiTextSearchDeprecated: 'AI text search (older API)',
  aiImageSearchDeprecated: 'AI image search (older API)',
  aiBrands: 'AI brands dictionary',
  aiHashtags: 'AI hashtags dictionary',
  aiMentions: 'AI mentions dictionary',
  aiListCreate: 'List creation',
  aiListsGet: 'Lists',
  aiListGet: 'List',
  aiListDelete: 'List deletion',
  aiListMembersGet: 'List members',
  aiListMembersAdd: 'List members added',
  aiListMembersRemove: 'List members removed',
  collaborationPosts: 'Collaboration posts',
  collaborationSummary: 'Collaboration summary',
  collaborationsInfluencerDeprecated: "A creator's collaborations (older API)",
  collaborationsBrandDeprecated: "A brand's collaborations (older API)",
};

const RAW_NAMES = new Map<string, string>(
  RAW_DATA_OPERATIONS.map((operation) => [operation.id, `${rawOperationName(operation)} (raw data)`]),
);

/**
 * The raw operations by API path ("/raw/ig/user-feed" -> "rawIgUserFeed"): one GET each, so a
 * path names one operation (other paths serve several methods, and are never shown alone).
 */
const RAW_BY_PATH = new Map<string, string>(
  RAW_DATA_OPERATIONS.map((operation) => [operation.path, operation.id]),
);

function isKnownId(id: string): id is OperationId {
  return Object.prototype.hasOwnProperty.call(OPERATIONS, id);
}

/**
 * "report" -> "Report", "rawIgHashtagFeed" -> "Instagram hashtag posts (raw data)"; an API path
 * of a raw operation is named as its operation ("/raw/ig/user-feed" -> "Instagram user posts (raw data)").
 */
export function operationLabel(id: string): string {
  const known = RAW_BY_PATH.get(id.split('?')[0]) ?? id;
  if (Object.prototype.hasOwnProperty.call(NAMES, known)) return NAMES[known as keyof typeof NAMES];
  const raw = RAW_NAMES.get(known);
  if (raw !== undefined) return raw;
  // An operation a newer worker knows: its id spelled out ("newThingV2" -> "New thing v2").
  const words = id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? id : words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The API call behind an operation, for a tooltip: "GET /raw/ig/user-feed"; null for an id the
 * catalogue does not know.
 */
export function operationPath(id: string): string | null {
  if (!isKnownId(id)) return null;
  const spec = OPERATIONS[id];
  return `${spec.method} ${spec.path}`;
}
