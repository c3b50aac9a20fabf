import { actualCredits } from '../../../../shared/pricing';
import type { World } from '../../data';
import type { OperationHandler } from '../../operation-handler';
import { collaborationCursor, collaborationOffset } from './collaboration-cursor';
import { collaborationPosts, hasCollaborations } from './collaboration-parties';
import { brandOf, collaborationPost, influencerOf } from './collaboration-payloads';
import { readCollaborationQuery } from './collaboration-request';

/**
 * `POST /collaborations/posts`: a page of collaboration posts, newest first, of an influencer
 * (with the brands it worked with) or of a brand (with the influencers who posted for it). 0.2
 * credits per call, whatever the page holds. `groupBrandCollaborations` shapes the summary only: a
 * post has one sponsor in the world, so there is nothing to group in a list of posts. A profile
 * without any collaboration gets neither side (collaboration-parties.ts, `hasCollaborations`).
 */

/** Chosen: the service documents neither; a bigger `limit` is served as this many. */
const COLLABORATION_POSTS_DEFAULT_LIMIT = 30;
const COLLABORATION_POSTS_MAX_LIMIT = 100;

export const collaborationPostsHandler: OperationHandler<World> = (context) => {
  const query = readCollaborationQuery(context);
  const { primary } = query;
  const pc = primary.pc;
  const now = context.now();
  const offset = collaborationOffset(query.cursor, query.key, now);
  const { credits } = actualCredits('collaborationPosts');
  // An empty answer, not an error, and billed like any answer.
  if (!hasCollaborations(primary)) return { body: { error: false, cursor: null }, credits };
  const limit = Math.min(query.limit ?? COLLABORATION_POSTS_DEFAULT_LIMIT, COLLABORATION_POSTS_MAX_LIMIT);
  const page = collaborationPosts(primary, query.collaborator, { ...query.window, offset, limit });
  const more = page.nextOffset !== null;
  const cursor = page.nextOffset === null ? null : collaborationCursor(query.key, page.nextOffset, now);

  const body =
    primary.side === 'influencer'
      ? {
          error: false,
          cursor,
          influencer: {
            id: pc.userId(primary.index),
            platform: pc.platform,
            is_more_available: more,
            username: pc.username(primary.index),
            fullname: pc.fullname(primary.index),
            user_picture: pc.picture(primary.index),
            posts: page.posts.map(collaborationPost),
          },
        }
      : {
          error: false,
          cursor,
          brand: {
            ...brandOf(pc, primary.brand),
            platform: pc.platform,
            is_more_available: more,
            posts: page.posts.map((post) => ({
              ...collaborationPost(post),
              influencer: influencerOf(pc, post.creatorIndex),
            })),
          },
        };
  return { body, credits };
};
