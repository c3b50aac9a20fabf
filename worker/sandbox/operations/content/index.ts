import type { World } from '../../data';
import type { SandboxHandlers } from '../../operation-handler';
import { collaborationPostsHandler } from './collaboration-posts';
import { collaborationSummaryHandler } from './collaboration-summary';
import {
  deprecatedBrandCollaborationsHandler,
  deprecatedInfluencerCollaborationsHandler,
} from './deprecated-collaborations';
import { rawInstagramHandlers } from './raw-instagram';
import { rawTiktokHandlers } from './raw-tiktok';
import { rawYoutubeHandlers } from './raw-youtube';

/** Handlers for collaborations and raw data. */
export const contentHandlers: SandboxHandlers<World> = {
  collaborationPosts: collaborationPostsHandler,
  collaborationSummary: collaborationSummaryHandler,
  collaborationsInfluencerDeprecated: deprecatedInfluencerCollaborationsHandler,
  collaborationsBrandDeprecated: deprecatedBrandCollaborationsHandler,
  ...rawInstagramHandlers,
  ...rawTiktokHandlers,
  ...rawYoutubeHandlers,
};
