import { type Comment, type PlatformCreators, type Post } from '../../data';
import { youtubeCommentsCursor, youtubeRepliesCursor } from './raw-paging';

/**
 * World data as YouTube JSON, in the snake_case shapes shared/responses/raw.ts chose. Times are
 * ISO 8601 text. The comments cursor of a video and the replies cursor of a comment are handed
 * out here: they are the only way into those pages (spec).
 */

export function youtubeChannel(pc: PlatformCreators, index: number) {
  const creator = pc.creator(index);
  const details = pc.details(index);
  return {
    id: creator.userId,
    title: creator.fullname,
    handle: `@${creator.username}`,
    description: details.bio,
    url: creator.url,
    thumbnail: creator.picture,
    subscriber_count: creator.followers,
    video_count: creator.postsCount,
    view_count: creator.avgViews * creator.postsCount,
    is_verified: creator.isVerified,
    country: creator.countryCode,
    joined_at: new Date(creator.accountCreatedAt).toISOString(),
    links: details.website === null ? [] : [details.website],
    playlists: pc.playlists(index).map((playlist) => ({
      id: playlist.id,
      title: playlist.title,
      video_count: playlist.videoCount,
      thumbnail: playlist.thumbnail,
    })),
  };
}

export function youtubeVideo(post: Post) {
  return {
    id: post.id,
    title: post.title,
    published_at: post.created,
    view_count: post.views,
    thumbnail: post.thumbnail,
    duration_seconds: post.durationSeconds,
    url: post.url,
    type: post.type,
  };
}

export function youtubeVideoInfo(pc: PlatformCreators, post: Post) {
  const index = post.creatorIndex;
  return {
    ...youtubeVideo(post),
    description: post.text,
    channel_id: pc.userId(index),
    channel_title: pc.fullname(index),
    channel_handle: `@${pc.username(index)}`,
    like_count: post.likes,
    comment_count: post.comments,
    keywords: post.hashtags,
    is_live_content: post.type === 'live',
    comments_disabled: post.commentsDisabled,
    comments_cursor: post.comments > 0 ? youtubeCommentsCursor(post.id, 0) : null,
  };
}

export function youtubeComment(comment: Comment) {
  const author = comment.author;
  return {
    id: comment.id,
    video_id: comment.postId,
    parent_id: comment.parentId,
    text: comment.text,
    author: `@${author.username}`,
    author_channel_id: author.userId,
    author_thumbnail: author.picture,
    author_is_verified: author.isVerified,
    like_count: comment.likes,
    reply_count: comment.replyCount,
    published_at: new Date(comment.createdAt).toISOString(),
    replies_cursor: comment.replyCount > 0 ? youtubeRepliesCursor(comment.id, 0) : null,
  };
}
