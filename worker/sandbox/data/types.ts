import type { Platform } from '../../../shared/platforms';
import {
  AI_ACCOUNT_TYPES as AI_ACCOUNT_TYPE_FILTERS,
  type AiAccountType as AiAccountTypeFilter,
  type AudienceAgeGroup as AgeGroup,
  type AudienceGender,
  type CollaborationType,
  type GrowthInterval,
} from '../../../shared/enums';
import { AUDIENCE_REACHABILITY_CODES, INSTAGRAM_ACCOUNT_TYPES } from '../../../shared/responses/reports';

// The spec's enums, named as the world uses them: one definition, in shared/.
export {
  AUDIENCE_AGE_GROUPS as AGE_GROUPS,
  type AudienceAgeGroup as AgeGroup,
  GROWTH_INTERVALS,
  type GrowthInterval,
  COLLABORATION_TYPES,
  type CollaborationType,
} from '../../../shared/enums';
export const REACHABILITY_CODES = AUDIENCE_REACHABILITY_CODES;
export type ReachabilityCode = (typeof REACHABILITY_CODES)[number];

/**
 * The shapes of the generated world. They are the sandbox's internal model, not API payloads: the
 * HTTP operations map them onto the spec's field names. Times are epoch milliseconds; every share
 * ("weight") is a number in 0..1. All objects are plain JSON-safe data.
 */

export type Gender = AudienceGender;
export type InstagramAccountType = (typeof INSTAGRAM_ACCOUNT_TYPES)[number];
/** A creator's AI account type: the filter's values but `creator`, its alias for the first two. */
export type AiAccountType = Exclude<AiAccountTypeFilter, 'creator'>;
export const AI_ACCOUNT_TYPES: readonly AiAccountType[] = AI_ACCOUNT_TYPE_FILTERS.filter(
  (type): type is AiAccountType => type !== 'creator',
);
export type PostType = 'photo' | 'carousel' | 'reel' | 'video' | 'short' | 'live';

/**
 * What kind of account a creator is: a person (or a group or an anonymous page run by one), a
 * brand of the brands dictionary (each brand has an account on every platform), or the platform's
 * own account (`instagram` on Instagram).
 */
export type CreatorKind = 'person' | 'brand' | 'platform';

/** A creator is addressed by platform and index (0 <= index < creatorsPerPlatform). */
export interface CreatorRef {
  readonly platform: Platform;
  readonly index: number;
}

/** A weight of one item in an audience dimension. */
export interface Weighted<K> {
  readonly key: K;
  readonly weight: number;
}

/**
 * The compact audience kept for every creator, enough to answer the search audience filters and
 * sorts without building the full audience. Its entries are exactly the top entries of `Audience`.
 */
export interface AudienceSummary {
  readonly credibility: number;
  /** Share of men; women are 1 - male (the service reports two genders). */
  readonly male: number;
  /** Shares per age group of the platform (sum 1); TikTok has no 13-17. */
  readonly ages: readonly Weighted<AgeGroup>[];
  /** Top 3 countries by location id (of 10 or so; see `Audience.geoCountries`). */
  readonly countries: readonly Weighted<number>[];
  /** Top 2 languages by code. */
  readonly languages: readonly Weighted<string>[];
  /** Top 3 interests by id (interest weights are not exclusive: they need not sum to 1). */
  readonly interests: readonly Weighted<number>[];
}

/** One creator's searchable data: everything a search filter or sort reads. */
export interface Creator {
  readonly platform: Platform;
  readonly index: number;
  readonly kind: CreatorKind;
  /** Brand id for brand accounts, else null. */
  readonly brandId: number | null;
  readonly userId: string;
  readonly username: string;
  readonly fullname: string;
  /** Profile URL on the platform. */
  readonly url: string;
  /** Avatar on the fake CDN. */
  readonly picture: string;
  /** TikTok's secondary id; null elsewhere. */
  readonly secUid: string | null;
  readonly followers: number;
  /** Accounts followed (0 on YouTube). */
  readonly following: number;
  /** Typical (median) likes + comments per post. */
  readonly engagements: number;
  /** engagements / followers, a fraction (0.02 = 2%). */
  readonly engagementRate: number;
  readonly avgLikes: number;
  readonly avgComments: number;
  /** Typical views of a video post (reels on Instagram). */
  readonly avgViews: number;
  /** Instagram reels plays (equal to avgViews elsewhere). */
  readonly avgReelsPlays: number;
  readonly avgShares: number;
  readonly avgSaves: number;
  /** Likes over all posts (TikTok reports it). */
  readonly totalLikes: number;
  readonly postsCount: number;
  /** Average posts per 30 days. */
  readonly postingFrequency: number;
  readonly lastPostedAt: number;
  readonly accountCreatedAt: number;
  readonly isPrivate: boolean;
  readonly isVerified: boolean;
  readonly hasEmail: boolean;
  readonly hasSponsoredPosts: boolean;
  /** The same person also has a YouTube channel in the world. */
  readonly hasYouTube: boolean;
  /** Null for groups, anonymous pages, brands and the platform account. */
  readonly gender: Gender | null;
  readonly ageGroup: AgeGroup | null;
  /** Location id and ISO code of the creator's country. */
  readonly countryId: number;
  readonly countryCode: string;
  /** Location id of the creator's city, or null. */
  readonly cityId: number | null;
  /** Language code of the creator. */
  readonly language: string;
  /** One to three interest ids, main first. */
  readonly interestIds: readonly number[];
  /** Brands the creator works with (its brand affinity; sponsors of its sponsored posts). */
  readonly brandIds: readonly number[];
  readonly accountType: InstagramAccountType;
  readonly aiAccountType: AiAccountType;
  /** AI search `accountCategory` ("Fitness Trainer", "Brand"...). */
  readonly accountCategory: string;
  /** Growth of followers over each interval, a fraction; missing intervals are absent. */
  readonly followersGrowthRate: Readonly<Partial<Record<GrowthInterval, number>>>;
  /** Share of the creator's posts that are sponsored. */
  readonly sponsoredShare: number;
  readonly audience: AudienceSummary;
}

/** Lazily derived text of a creator profile. */
export interface CreatorDetails {
  readonly bio: string;
  /** Public e-mail, or null. Also listed in `contacts` and at the end of the bio. */
  readonly email: string | null;
  readonly contacts: readonly { readonly type: 'email'; readonly value: string }[];
  /** External link shown on the profile, on a reserved example domain. */
  readonly website: string | null;
}

/** A short description of a creator, as lookalikes, notable users and the users dictionary show it. */
export interface UserSummary {
  readonly platform: Platform;
  readonly index: number;
  readonly userId: string;
  readonly username: string;
  readonly fullname: string;
  readonly picture: string;
  readonly url: string;
  readonly followers: number;
  readonly engagements: number;
  readonly engagementRate: number;
  readonly averageViews: number;
  readonly isVerified: boolean;
  readonly isPrivate: boolean;
}

export interface Audience {
  readonly credibility: number;
  /** Share of followers that are notable accounts themselves. */
  readonly notable: number;
  readonly genders: readonly { readonly code: Gender; readonly weight: number }[];
  readonly ages: readonly { readonly code: AgeGroup; readonly weight: number }[];
  /** male + female of an age group = its weight in `ages`; all entries sum to 1. */
  readonly gendersPerAge: readonly {
    readonly code: AgeGroup;
    readonly male: number;
    readonly female: number;
  }[];
  /** Every country of the audience, sum 1. */
  readonly geoCountries: readonly {
    readonly id: number;
    readonly name: string;
    readonly code: string;
    readonly weight: number;
  }[];
  /** Share of the whole audience living in each city (sum below 1). */
  readonly geoCities: readonly { readonly id: number; readonly name: string; readonly weight: number }[];
  /** Share of the whole audience per region of those cities (sum below 1). */
  readonly geoStates: readonly { readonly name: string; readonly weight: number }[];
  /** Sum 1. */
  readonly languages: readonly { readonly code: string; readonly name: string; readonly weight: number }[];
  /** Share of the audience interested in each (not exclusive). */
  readonly interests: readonly { readonly id: number; readonly name: string; readonly weight: number }[];
  /** Share of the audience following each brand (not exclusive). */
  readonly brandAffinity: readonly { readonly id: number; readonly name: string; readonly weight: number }[];
  readonly notableUsers: readonly UserSummary[];
  readonly audienceLookalikes: readonly UserSummary[];
  /** real, suspicious, mass_followers, influencers; sum 1 (suspicious = 1 - credibility). */
  readonly audienceTypes: readonly { readonly code: string; readonly weight: number }[];
  /** Share of the audience by how many accounts they follow; sum 1. */
  readonly audienceReachability: readonly { readonly code: ReachabilityCode; readonly weight: number }[];
  /** Sum 1. */
  readonly ethnicities: readonly { readonly code: string; readonly weight: number }[];
}

export interface StatHistoryEntry {
  /** YYYY-MM. */
  readonly month: string;
  readonly followers: number;
  readonly following: number;
  readonly avgLikes: number;
  readonly avgComments: number;
  readonly avgViews: number;
  readonly avgShares: number;
  readonly avgSaves: number;
  readonly avgEngagements: number;
}

/** A brand behind a sponsored post. */
export interface Sponsor {
  readonly brandId: number;
  readonly name: string;
  /** The brand's handle and its account id on the post's platform. */
  readonly username: string;
  readonly userId: string;
  readonly domain: string;
  readonly logoUrl: string;
  readonly category: string;
}

export interface Music {
  readonly id: string;
  readonly title: string;
  readonly artist: string;
  /** True for a creator's own sound ("original sound - handle"). */
  readonly isOriginal: boolean;
  readonly durationSeconds: number;
  readonly coverUrl: string;
  readonly playUrl: string;
  /** The post an original sound comes from; null for catalogue tracks. */
  readonly sourcePost: { readonly index: number; readonly post: number } | null;
}

/** A post, video, reel, short or live of a creator. */
export interface Post {
  readonly platform: Platform;
  /** Creator index. */
  readonly creatorIndex: number;
  /** Post position in the creator's feed: 0 is the newest. */
  readonly postIndex: number;
  /** Instagram pk, TikTok video id, YouTube video id. */
  readonly id: string;
  /** Instagram shortcode; equal to `id` elsewhere. */
  readonly code: string;
  readonly url: string;
  readonly type: PostType;
  readonly createdAt: number;
  /** ISO 8601 form of createdAt. */
  readonly created: string;
  /** YouTube title; first sentence of the caption elsewhere. */
  readonly title: string;
  /** Caption (description on YouTube), hashtags and mentions included. */
  readonly text: string;
  /** Without '#'. */
  readonly hashtags: readonly string[];
  /** Usernames without '@'. */
  readonly mentions: readonly string[];
  /** Creators tagged on the post (same platform). */
  readonly taggedIndexes: readonly number[];
  readonly likes: number;
  /** Likes hidden by the creator (AI search reports -1 then). */
  readonly likesHidden: boolean;
  readonly comments: number;
  readonly commentsDisabled: boolean;
  /** Views or plays; 0 for photos and carousels. */
  readonly views: number;
  readonly shares: number;
  readonly saves: number;
  /** Seconds; 0 for photos and carousels. */
  readonly durationSeconds: number;
  /** Slides of a carousel; 0 otherwise. */
  readonly carouselCount: number;
  readonly thumbnail: string;
  readonly image: string;
  /** Video URL, or null for photos and carousels. */
  readonly video: string | null;
  readonly sponsored: boolean;
  readonly sponsors: readonly Sponsor[];
  readonly collaborationType: CollaborationType | null;
  /** The interest the post is about. */
  readonly interestId: number;
  /** Image features in -1..1, close for posts of the same topic (for image search). */
  readonly visual: readonly number[];
  /** Sound of a video post (Instagram reels, TikTok); null otherwise. */
  readonly musicId: string | null;
  /** Where the post was taken (Instagram), or null. */
  readonly locationId: number | null;
  readonly isPinned: boolean;
}

export interface CommentAuthor {
  /** Platform user id (pk). */
  readonly userId: string;
  readonly username: string;
  readonly fullname: string;
  readonly picture: string;
  readonly isVerified: boolean;
  readonly isPrivate: boolean;
  /** Index of the creator when the commenter is a creator of the world, else null. */
  readonly creatorIndex: number | null;
}

export interface Comment {
  readonly id: string;
  readonly postId: string;
  /** Id of the comment replied to, or null for a top-level comment. */
  readonly parentId: string | null;
  /** Position among the post's comments (or among the parent's replies). */
  readonly position: number;
  readonly text: string;
  readonly createdAt: number;
  readonly likes: number;
  /** Replies of a top-level comment (0 for replies). */
  readonly replyCount: number;
  readonly author: CommentAuthor;
}

/** A YouTube playlist of a channel. */
export interface Playlist {
  readonly id: string;
  readonly creatorIndex: number;
  readonly position: number;
  readonly title: string;
  readonly videoCount: number;
  readonly thumbnail: string;
}

export interface SubtitleLine {
  readonly start: number;
  readonly duration: number;
  readonly text: string;
}

export interface OverlapEntry {
  readonly platform: Platform;
  readonly index: number;
  readonly userId: string;
  readonly username: string;
  readonly followers: number;
  /** Followers who follow no other creator of the set. */
  readonly uniqueFollowers: number;
  /** Percentages with two decimals; unique + overlapping = 100. */
  readonly uniquePercentage: number;
  readonly overlappingPercentage: number;
}

export interface OverlapResult {
  /** Sum of the creators' followers (each distinct creator counted once). */
  readonly totalFollowers: number;
  /** Distinct followers of the set: at most totalFollowers. */
  readonly totalUniqueFollowers: number;
  /** One entry per requested creator, in request order. */
  readonly data: readonly OverlapEntry[];
}
