/**
 * Every numeric limit of the Discovery API spec (`spec/discovery-api.md`, "Limits" and the
 * operation sections), named once. Request schemas enforce them; the sandbox and the worker read
 * them from here so the three never disagree.
 */

/** Search returns 15 influencers per page (directs and lookalikes together, per api-notes). */
export const SEARCH_PAGE_SIZE = 15;
export const SEARCH_DEFAULT_PAGE = 0;

/** Dictionary routes: `limit` defaults to 20; the value 1,000,000 returns every item. */
export const DICTIONARY_DEFAULT_LIMIT = 20;
export const DICTIONARY_LIMIT_ALL = 1_000_000;

/** E-mail search takes 1 to 1,000 addresses per call. */
export const EMAIL_SEARCH_MIN = 1;
export const EMAIL_SEARCH_MAX = 1000;

/** AI search may page at most this deep: (page + 1) * pageSize <= 1500. */
export const AI_SEARCH_MAX_DEPTH = 1500;
/** AI search covers only creators above this many followers. */
export const AI_SEARCH_MIN_FOLLOWERS = 10_000;
/** AI search answers this many profiles per page when `pageSize` is not given. */
export const AI_SEARCH_DEFAULT_PAGE_SIZE = 20;
/** Image search: at most 5 MB of base64 text (counted as 5 x 1024 x 1024 characters). */
export const AI_IMAGE_MAX_BASE64_CHARS = 5 * 1024 * 1024;
export const AI_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** `bio` and `keywords` take a string or up to 10 phrases. */
export const AI_MAX_PHRASES = 10;
/** Lookalikes take 1 to 5 source creators. */
export const LOOKALIKE_MIN_SOURCES = 1;
export const LOOKALIKE_MAX_SOURCES = 5;

/** AI lists. */
export const AI_LISTS_PER_ACCOUNT = 20_000;
export const AI_LIST_MAX_MEMBERS = 70_000;
export const AI_LIST_MAX_IDS_PER_CHANGE = 10_000;
export const AI_LIST_MEMBERS_DEFAULT_PAGE_SIZE = 1000;
/** Only one list id per `filters.lists` is supported by the service. */
export const AI_FILTER_MAX_LIST_IDS = 1;

/** Deprecated collaboration endpoints: up to 30 results per page. */
export const DEPRECATED_COLLABORATIONS_PAGE_SIZE = 30;

/** Raw page sizes given by the spec. */
export const RAW_PAGE_SIZES = {
  igUserFeed: 12,
  youtubeUploadedVideos: 30,
  youtubeUploadedShorts: 30,
  youtubeUploadedLives: 30,
  youtubePlaylistVideos: 100,
  comments: 20,
  tiktokMusicFeedMax: 30,
} as const;

/**
 * Rate limits in requests per second per token (spec "Limits", api-notes "Rate limits").
 * `null` means the service does not rate limit that family.
 */
export const RATE_LIMITS_PER_SECOND = {
  ai: 1,
  discovery: 2,
  dictionaryFast: 10,
  dictionaryFree: null,
} as const;

/**
 * Follower and view bounds of AI search snap to these steps: a minimum rounds down to the nearest
 * step at or below it, a maximum rounds up to the nearest step at or above it.
 */
export const FOLLOWER_STEPS = [
  1000, 3000, 5000, 10000, 15000, 20000, 25000, 35000, 50000, 75000, 100000, 125000, 150000, 175000, 200000,
  250000, 300000, 350000, 500000, 1000000, 2000000, 3000000,
] as const;

/** Health: judged on the last 50 requests of the last 5 minutes; a failure is >= 500 or > 20 s. */
export const HEALTH_WINDOW_REQUESTS = 50;
export const HEALTH_WINDOW_MS = 5 * 60 * 1000;
export const HEALTH_SLOW_MS = 20_000;
export const HEALTH_DEGRADED_FAILURE_SHARE = 0.2;
export const HEALTH_UNHEALTHY_FAILURE_SHARE = 0.4;

/** Reports refresh every 2 to 4 weeks; the service recommends caching them for 30 days. */
export const REPORT_RECOMMENDED_CACHE_DAYS = 30;
