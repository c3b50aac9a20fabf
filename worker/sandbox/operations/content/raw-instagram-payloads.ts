import {
  CDN_HOST,
  FLAG,
  type Comment,
  type CommentAuthor,
  type PlatformCreators,
  type Post,
} from '../../data';

/**
 * World data as Instagram's own JSON (spec "Raw comment" and "Raw tagged-post item"; the other
 * shapes are those shared/responses/raw.ts chose). Times are seconds, ids are strings.
 */

const seconds = (ms: number) => Math.floor(ms / 1000);

export function igUser(pc: PlatformCreators, index: number) {
  const flags = pc.columns.flags[index];
  return {
    pk: pc.userId(index),
    pk_id: pc.userId(index),
    username: pc.username(index),
    full_name: pc.fullname(index),
    is_private: (flags & FLAG.private) !== 0,
    is_verified: (flags & FLAG.verified) !== 0,
    profile_pic_url: pc.picture(index),
  };
}

/**
 * `GET /raw/ig/user-info`: the profile, with the world's numbers, flat at the root as the real
 * service answers it (api-notes "Seen from the real service"). The website is both the
 * `external_url` and the only one of the `bio_links`.
 */
export function igUserInfo(pc: PlatformCreators, index: number) {
  const creator = pc.creator(index);
  const details = pc.details(index);
  return {
    ...igUser(pc, index),
    biography: details.bio,
    external_url: details.website,
    bio_links: details.website === null ? [] : [{ title: 'Website', url: details.website }],
    follower_count: creator.followers,
    following_count: creator.following,
    media_count: creator.postsCount,
    account_type: creator.accountType,
    is_business: creator.accountType === 'Business',
    category: creator.accountCategory,
    public_email: details.email,
  };
}

function commentUser(author: CommentAuthor) {
  return {
    pk: author.userId,
    pk_id: author.userId,
    username: author.username,
    full_name: author.fullname,
    is_private: author.isPrivate,
    is_verified: author.isVerified,
    profile_pic_url: author.picture,
  };
}

export function igComment(comment: Comment) {
  return {
    pk: comment.id,
    media_id: comment.postId,
    parent_comment_id: comment.parentId,
    user: commentUser(comment.author),
    user_id: comment.author.userId,
    created_at: seconds(comment.createdAt),
    text: comment.text,
    comment_like_count: comment.likes,
    child_comment_count: comment.replyCount,
  };
}

const MEDIA_TYPE = { photo: 1, carousel: 8 } as const;

function imageVersions(url: string, width: number, height: number) {
  return {
    candidates: [
      { width, height, url },
      { width: 640, height: Math.round((640 * height) / width), url: `${url}?w=640` },
    ],
  };
}

/** The music asset of an Instagram audio id (reels carry one). */
export function igMusicAssetInfo(pc: PlatformCreators, musicId: string) {
  const music = pc.music(musicId);
  if (music === null) return null;
  return {
    audio_cluster_id: music.id,
    id: music.id,
    title: music.title,
    display_artist: music.artist,
    subtitle: music.isOriginal ? 'Original audio' : '',
    is_original_audio: music.isOriginal,
    duration_in_ms: music.durationSeconds * 1000,
    cover_artwork_uri: music.coverUrl,
    progressive_download_url: music.playUrl,
  };
}

/**
 * A post as Instagram's media item: the same object in every Instagram feed and in media-info.
 * `play_count` and `view_count` are null on every item, reels too, as the real service sends them
 * (api-notes "Seen from the real service"); the plays of a reel are nowhere in raw data.
 */
export function igMedia(pc: PlatformCreators, post: Post) {
  const index = post.creatorIndex;
  const isReel = post.type === 'reel';
  const height = isReel ? 1920 : 1350;
  const location = post.locationId === null ? undefined : pc.dictionaries.location(post.locationId);
  const sponsor = post.sponsors[0];
  const music = isReel && post.musicId !== null ? igMusicAssetInfo(pc, post.musicId) : null;
  return {
    id: `${post.id}_${pc.userId(index)}`,
    pk: post.id,
    code: post.code,
    media_type: isReel ? 2 : MEDIA_TYPE[post.type === 'carousel' ? 'carousel' : 'photo'],
    product_type: isReel ? 'clips' : post.type === 'carousel' ? 'carousel_container' : 'feed',
    taken_at: seconds(post.createdAt),
    user: igUser(pc, index),
    caption: { text: post.text, created_at: seconds(post.createdAt) },
    carousel_media_count: post.type === 'carousel' ? post.carouselCount : undefined,
    carousel_media:
      post.type === 'carousel'
        ? Array.from({ length: post.carouselCount }, (_, slide) => {
            const url = `${CDN_HOST}/instagram/p/${post.code}/${slide + 1}.jpg`;
            return {
              pk: `${post.id}${slide + 1}`,
              media_type: 1,
              display_url: url,
              image_versions2: imageVersions(url, 1080, 1350),
              has_audio: false,
            };
          })
        : undefined,
    clips_metadata:
      music === null ? undefined : { music_info: { music_asset_info: music }, audio_type: 'licensed_music' },
    coauthor_producers: [],
    comment_count: post.comments,
    like_count: post.likes,
    play_count: null,
    view_count: null,
    video_duration: isReel ? post.durationSeconds : undefined,
    display_url: post.image,
    has_audio: isReel,
    image_versions2: imageVersions(post.image, 1080, height),
    video_url: post.video ?? undefined,
    like_and_view_counts_disabled: post.likesHidden,
    comments_disabled: post.commentsDisabled,
    can_viewer_reshare: true,
    is_paid_partnership: post.sponsored,
    pinned_for_users: [],
    location:
      location === undefined
        ? undefined
        : { pk: location.id, name: location.name, city: location.name, address: location.title },
    sponsor_tags:
      sponsor === undefined ? undefined : { sponsor: { pk: sponsor.userId, username: sponsor.username } },
    title: '',
    usertags: {
      in: post.taggedIndexes.map((tagged, k) => ({
        user: igUser(pc, tagged),
        position: [0.3 + 0.2 * (k % 3), 0.6],
      })),
    },
  };
}
