import { FLAG, type Comment, type Music, type PlatformCreators, type Post } from '../../data';

/**
 * World data as TikTok's own JSON, in the shapes shared/responses/raw.ts chose (camelCase users and
 * videos, snake_case comments, as TikTok's web and app APIs send them). Times are seconds.
 */

const seconds = (ms: number) => Math.floor(ms / 1000);

export function ttUser(pc: PlatformCreators, index: number) {
  const flags = pc.columns.flags[index];
  return {
    id: pc.userId(index),
    uniqueId: pc.username(index),
    secUid: pc.secUid(index) ?? '',
    nickname: pc.fullname(index),
    avatarThumb: pc.picture(index),
    avatarMedium: pc.picture(index),
    verified: (flags & FLAG.verified) !== 0,
    privateAccount: (flags & FLAG.private) !== 0,
  };
}

/** `GET /raw/tiktok/user-info`: the profile and its stats, with the world's numbers. */
export function ttUserInfo(pc: PlatformCreators, index: number) {
  const creator = pc.creator(index);
  const details = pc.details(index);
  return {
    user: {
      ...ttUser(pc, index),
      signature: details.bio,
      bioLink: details.website === null ? undefined : { link: details.website },
      createTime: seconds(creator.accountCreatedAt),
    },
    stats: {
      followerCount: creator.followers,
      followingCount: creator.following,
      heartCount: creator.totalLikes,
      videoCount: creator.postsCount,
    },
  };
}

export function ttMusic(music: Music) {
  return {
    id: music.id,
    title: music.title,
    authorName: music.artist,
    original: music.isOriginal,
    duration: music.durationSeconds,
    playUrl: music.playUrl,
    coverMedium: music.coverUrl,
  };
}

export function ttVideo(pc: PlatformCreators, post: Post) {
  const music = post.musicId === null ? null : pc.music(post.musicId);
  return {
    id: post.id,
    desc: post.text,
    createTime: seconds(post.createdAt),
    author: ttUser(pc, post.creatorIndex),
    stats: {
      diggCount: post.likes,
      commentCount: post.comments,
      playCount: post.views,
      shareCount: post.shares,
      collectCount: post.saves,
    },
    video: {
      id: post.id,
      duration: post.durationSeconds,
      width: 576,
      height: 1024,
      cover: post.thumbnail,
      playAddr: post.video,
      downloadAddr: post.video,
      format: 'mp4',
    },
    music: music === null ? undefined : ttMusic(music),
    challenges: post.hashtags.map((tag) => ({ id: pc.challengeId(tag) ?? '', title: tag })),
    isAd: false,
    // TikTok marks branded content (a paid partnership) apart from ads.
    isBrandedContent: post.sponsored,
  };
}

export function ttComment(pc: PlatformCreators, comment: Comment) {
  const author = comment.author;
  return {
    cid: comment.id,
    aweme_id: comment.postId,
    reply_id: comment.parentId ?? '0',
    text: comment.text,
    create_time: seconds(comment.createdAt),
    digg_count: comment.likes,
    reply_comment_total: comment.replyCount,
    user: {
      uid: author.userId,
      unique_id: author.username,
      nickname: author.fullname,
      avatar_thumb: { url_list: [author.picture] },
      sec_uid: author.creatorIndex === null ? undefined : (pc.secUid(author.creatorIndex) ?? undefined),
    },
  };
}
