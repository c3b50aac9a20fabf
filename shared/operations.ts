import { PLATFORMS, type Platform } from './platforms';

/**
 * The catalogue of every operation of the Discovery API spec: its path under `{base_url}`, the
 * platforms it exists for, the rate-limit family it is throttled in, the health group it counts
 * toward and whether it is deprecated. The sandbox routes from it, the worker throttles by it and
 * the price table (pricing.ts) is keyed by its ids, so an operation cannot exist in one place only.
 */

/** Rate-limit families (api-notes "Rate limits"). `free` is not rate limited by the service. */
export type RateFamily = 'ai' | 'discovery' | 'dictionaryFast' | 'free';

/**
 * Health groups (api-notes "Health"). Raw routes belong to none: they never count toward health.
 * Each Discovery request also counts toward its platform's group when it has a platform.
 */
export const HEALTH_GROUPS = [
  'search',
  'reports',
  'reports-audience-overlap',
  'email-search',
  'dictionaries',
  'ai-search',
  'performance-data',
  'account',
] as const;
export type HealthGroup = (typeof HEALTH_GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface OperationSpec {
  readonly method: HttpMethod;
  /** Express-style path relative to `{base_url}`; `:platform` is one of `platforms`. */
  readonly path: string;
  /** Platforms the `:platform` segment may take; empty when the path has no platform segment. */
  readonly platforms: readonly Platform[];
  readonly rate: RateFamily;
  readonly health: HealthGroup | null;
  readonly deprecated: boolean;
  /** Raw operations need raw access and spend the raw allowance instead of credits. */
  readonly raw: boolean;
  /** Only `/health` is reachable without a bearer token. */
  readonly auth: boolean;
}

const ALL = PLATFORMS;
const IG_YT = ['instagram', 'youtube'] as const;
const IG_TT = ['instagram', 'tiktok'] as const;

function op(
  method: HttpMethod,
  path: string,
  rate: RateFamily,
  health: HealthGroup | null,
  options: { platforms?: readonly Platform[]; deprecated?: boolean; raw?: boolean; auth?: boolean } = {},
): OperationSpec {
  return {
    method,
    path,
    platforms: options.platforms ?? [],
    rate,
    health,
    deprecated: options.deprecated ?? false,
    raw: options.raw ?? false,
    auth: options.auth ?? true,
  };
}

function raw(path: string): OperationSpec {
  return op('GET', path, 'free', null, { raw: true });
}

export const OPERATIONS = {
  health: op('GET', '/health', 'free', null, { auth: false }),
  userInfo: op('GET', '/user/info', 'free', 'account'),

  search: op('POST', '/:platform/search', 'discovery', 'search', { platforms: ALL }),
  report: op('GET', '/:platform/profile/:userId/report', 'discovery', 'reports', { platforms: ALL }),
  audienceOverlap: op(
    'POST',
    '/:platform/reports/audience/overlap',
    'discovery',
    'reports-audience-overlap',
    {
      platforms: IG_YT,
    },
  ),

  dictionaryBrands: op('GET', '/instagram/brands', 'free', 'dictionaries'),
  dictionaryInterests: op('GET', '/instagram/interests', 'free', 'dictionaries'),
  dictionaryLanguages: op('GET', '/:platform/languages', 'free', 'dictionaries', { platforms: ALL }),
  dictionaryLocations: op('GET', '/:platform/locations', 'free', 'dictionaries', { platforms: ALL }),
  dictionaryTopics: op('GET', '/:platform/topics', 'dictionaryFast', 'dictionaries', { platforms: ALL }),
  dictionaryHashtags: op('GET', '/:platform/hashtags', 'dictionaryFast', 'dictionaries', { platforms: ALL }),
  dictionaryUsers: op('GET', '/:platform/users', 'dictionaryFast', 'dictionaries', { platforms: ALL }),

  emailSearch: op('POST', '/email-search', 'discovery', 'email-search'),

  aiImageSearch: op('POST', '/ai/:platform/image-search', 'ai', 'ai-search', { platforms: ALL }),
  aiTextSearch: op('POST', '/ai/:platform/text-search', 'ai', 'ai-search', { platforms: ALL }),
  aiLookalikes: op('POST', '/ai/:platform/lookalikes', 'ai', 'ai-search', { platforms: ALL }),
  aiTextSearchDeprecated: op('POST', '/ai/text-search', 'ai', 'ai-search', { deprecated: true }),
  aiImageSearchDeprecated: op('POST', '/ai/image-search', 'ai', 'ai-search', { deprecated: true }),
  aiBrands: op('GET', '/ai/brands', 'free', 'ai-search'),
  aiHashtags: op('GET', '/ai/hashtags', 'free', 'ai-search'),
  aiMentions: op('GET', '/ai/mentions', 'free', 'ai-search'),
  aiListCreate: op('POST', '/ai/lists', 'free', 'ai-search'),
  aiListsGet: op('GET', '/ai/lists', 'free', 'ai-search'),
  aiListGet: op('GET', '/ai/lists/:listId', 'free', 'ai-search'),
  aiListDelete: op('DELETE', '/ai/lists/:listId', 'free', 'ai-search'),
  aiListMembersGet: op('GET', '/ai/lists/:listId/members', 'free', 'ai-search'),
  aiListMembersAdd: op('POST', '/ai/lists/:listId/members', 'free', 'ai-search'),
  aiListMembersRemove: op('DELETE', '/ai/lists/:listId/members', 'free', 'ai-search'),

  collaborationPosts: op('POST', '/collaborations/posts', 'discovery', 'performance-data'),
  collaborationSummary: op('POST', '/collaborations/summary', 'discovery', 'performance-data'),
  collaborationsInfluencerDeprecated: op(
    'GET',
    '/:platform/collaborations/influencer',
    'discovery',
    'performance-data',
    {
      platforms: ALL,
      deprecated: true,
    },
  ),
  collaborationsBrandDeprecated: op(
    'GET',
    '/:platform/collaborations/brand',
    'discovery',
    'performance-data',
    {
      platforms: IG_TT,
      deprecated: true,
    },
  ),

  rawIgSearch: raw('/raw/ig/search'),
  rawIgSearchHashtags: raw('/raw/ig/search-hashtags'),
  rawIgUserInfo: raw('/raw/ig/user-info'),
  rawIgUserFeed: raw('/raw/ig/user-feed'),
  rawIgUserReels: raw('/raw/ig/user-reels'),
  rawIgUserTagsFeed: raw('/raw/ig/user-tags-feed'),
  rawIgHashtagFeed: raw('/raw/ig/hashtag-feed'),
  rawIgMediaInfo: raw('/raw/ig/media-info'),
  rawIgMediaComments: raw('/raw/ig/media-comments'),
  rawIgMediaCommentReplies: raw('/raw/ig/media-comment-replies'),
  rawIgAudioInfo: raw('/raw/ig/audio-info'),

  rawTiktokUserInfo: raw('/raw/tiktok/user-info'),
  rawTiktokUserFeed: raw('/raw/tiktok/user-feed'),
  rawTiktokChallengeFeed: raw('/raw/tiktok/challenge-feed'),
  rawTiktokChallengeInfo: raw('/raw/tiktok/challenge-info'),
  rawTiktokComments: raw('/raw/tiktok/comments'),
  rawTiktokCommentsReplies: raw('/raw/tiktok/comments-replies'),
  rawTiktokMusicInfo: raw('/raw/tiktok/music-info'),
  rawTiktokMusicFeed: raw('/raw/tiktok/music-feed'),
  rawTiktokSearchUsers: raw('/raw/tiktok/search-users'),
  rawTiktokMediaInfo: raw('/raw/tiktok/media-info'),
  rawTiktokMediaDownload: raw('/raw/tiktok/media-download'),

  rawYoutubeChannelInfo: raw('/raw/youtube/channel-info'),
  rawYoutubeUploadedVideos: raw('/raw/youtube/uploaded-videos'),
  rawYoutubeUploadedShorts: raw('/raw/youtube/uploaded-shorts'),
  rawYoutubeUploadedLives: raw('/raw/youtube/uploaded-lives'),
  rawYoutubePlaylistVideos: raw('/raw/youtube/playlist-videos'),
  rawYoutubeVideoInfo: raw('/raw/youtube/video-info'),
  rawYoutubeVideoSubtitles: raw('/raw/youtube/video-subtitles'),
  rawYoutubeShortInfo: raw('/raw/youtube/short-info'),
  rawYoutubeVideoComments: raw('/raw/youtube/video-comments'),
  rawYoutubeVideoCommentReplies: raw('/raw/youtube/video-comment-replies'),
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;

/** Raw operations share one naming rule (`raw...`), so their ids can be typed apart. */
export type RawOperationId = Extract<OperationId, `raw${string}`>;

export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

/** Raw operation ids, for code that handles all of them alike (allowance, access check). */
export const RAW_OPERATION_IDS = OPERATION_IDS.filter((id) => OPERATIONS[id].raw);

/** The concrete path of an operation for a platform and path parameters, e.g. `/tiktok/search`. */
export function operationPath(id: OperationId, params: Record<string, string> = {}): string {
  return OPERATIONS[id].path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`operationPath(${id}) needs the "${name}" parameter`);
    return encodeURIComponent(value);
  });
}
