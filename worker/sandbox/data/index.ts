/**
 * The generated world of the sandbox: the data every sandbox operation answers from.
 *
 * ```ts
 * const world = createWorld({ seed: 'demo', creatorsPerPlatform: 20_000 });
 * const ig = world.platform('instagram');
 * const index = ig.resolve('@Instagram');          // handle, id or URL -> index (-1 if unknown)
 * const creator = ig.creator(index);               // searchable data (Creator)
 * const page = ig.posts(index, 0, 12);             // lazily derived posts, newest first
 * ```
 *
 * How the parts fit the operations (`pc` is `world.platform(p)`, a `PlatformCreators`):
 * - Search: scan `pc.columns` (typed arrays, one entry per creator; see columns.ts) for filters
 *   and sorts, and build `pc.creator(i)` / `pc.summary(i)` only for the page returned.
 *   `pc.byFollowersDesc()` is the default order. Audience filters: the core keeps, per creator, the
 *   gender split, all age groups, and the top 3 countries, 2 languages and 3 interests
 *   (`Creator.audience`); no other item of those dimensions weighs more than the smallest top entry,
 *   so a filter weight above it is answered from the core alone, and `pc.audienceWeight` answers
 *   any other (cities included). `pc.bioWords(i)` (memoised) serves bio filters. Mentions and hashtags
 *   used by a creator: `pc.featuringCreators`, `pc.brandCollaborators`,
 *   `dictionaries.interestsOfHashtag` against the creator's interests.
 * - Reports: `creator`, `details` (bio, e-mail, contacts), `audience`, `statHistory`, `posts`,
 *   `sponsoredPosts`, `similarTo` (lookalikes), `Audience.notableUsers`; the "average" calculation
 *   method can be computed from `posts` (core averages are typical, i.e. median, values).
 * - Overlap: `world.audienceOverlap(refs)`.
 * - Dictionaries: `world.dictionaries` (interests, locations, brands, languages, topics, hashtags,
 *   aiBrands), `world.hashtagCounts`, `world.mentionCounts`; users from `pc.username(i)`,
 *   `pc.fullname(i)` and `pc.summary(i)`.
 * - E-mail search: `world.findByEmail(email)` (lookup only; the index cannot be listed).
 * - AI search: text via `tokenize` + `dictionaries.interestsOfTerm` (candidate creators by
 *   interest: `pc.creatorsWithMainInterest`, or the interests column) then BM25 over `post.text`
 *   of the candidates' posts; image via `visualQueryFeatures` + `cosineSimilarity` against
 *   `post.visual`; lookalikes via `world.lookalikes`. AI coverage (followers > 10,000) is the
 *   caller's filter; `Creator.aiAccountType`, `accountCategory`, `postingFrequency`,
 *   `followersGrowthRate` and `hasEmail` answer its other filters.
 * - Collaborations: `pc.sponsoredPosts`, `pc.brandCollaborators`, `pc.brandPosts`,
 *   `dictionaries.findBrand` (name, handle or domain), `pc.brandAccountIndex`.
 * - Raw: `pc.findPost` (id, shortcode or "pk_userId"), `posts`, `postsOfType` (reels, shorts,
 *   lives), `taggedPosts`, `comments` / `replies` / `findComment`, `music` / `postsWithMusic`,
 *   `postsWithHashtag` (hashtag and challenge feeds), `challengeId` / `challengeTag`, `playlists` /
 *   `playlist` / `playlistVideos`, `subtitles`, `secUid`; `world.otherAccounts` links a person's
 *   accounts across platforms.
 *
 * Everything is deterministic in (seed, creatorsPerPlatform, now): the same call on the same
 * world returns equal data, whatever was asked before.
 */
export { createWorld, World, MIN_CREATORS_PER_PLATFORM, type TagCount } from './world';
export { PlatformCreators, type Page } from './platform-creators';
export { Dictionaries, CDN_HOST, type Brand } from './dictionaries';
export {
  SHARE_UNITS,
  FLAG,
  GENDER_CODE,
  INTERESTS_PER_CREATOR,
  BRANDS_PER_CREATOR,
  GROWTH_SLOTS,
  AUDIENCE_AGE_SLOTS,
  AUDIENCE_TOP_COUNTRIES,
  AUDIENCE_TOP_LANGUAGES,
  AUDIENCE_TOP_INTERESTS,
} from './columns';
export type { CollaborationFilter, CollaborationPage } from './collaborations';
export { INSTAGRAM_ACCOUNT_USER_ID } from './id-codec';
export { isVideoType } from './post-traits';
export { HASHTAG_FEED_MAX } from './posts';
export {
  VISUAL_DIMENSIONS,
  tokenize,
  visualCentroid,
  visualQueryFeatures,
  cosineSimilarity,
} from './text-model';
export * from './types';
