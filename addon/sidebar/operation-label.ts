import type { OperationId, RawOperationId } from '../../shared/operations';
import { RAW_DATA_OPERATIONS, RAW_PLATFORM_NAMES } from '../shared/raw-data-operations';

/**
 * API operations named as people read them, for what the worker reports per operation (contract
 * drift, unreadable answers). The raw operations take their names from the Raw data section's
 * table, so a raw operation is called the same everywhere; the others are listed here, and the
 * type makes a new operation of the catalogue break the build until it has a name.
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
  RAW_DATA_OPERATIONS.map((operation) => [
    operation.id,
    `${RAW_PLATFORM_NAMES[operation.platform]} ${operation.label.charAt(0).toLowerCase()}${operation.label.slice(1)} (raw data)`,
  ]),
);

/** "report" -> "Report", "rawIgHashtagFeed" -> "Instagram hashtag posts (raw data)". */
export function operationLabel(id: string): string {
  if (Object.prototype.hasOwnProperty.call(NAMES, id)) return NAMES[id as keyof typeof NAMES];
  const raw = RAW_NAMES.get(id);
  if (raw !== undefined) return raw;
  // An operation a newer worker knows: its id spelled out ("newThingV2" -> "New thing v2").
  const words = id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? id : words.charAt(0).toUpperCase() + words.slice(1);
}
