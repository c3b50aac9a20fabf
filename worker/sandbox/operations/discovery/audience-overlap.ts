import { overlapPathSchema, overlapRequestSchema } from '../../../../shared/requests/overlap';
import { actualCredits } from '../../../../shared/pricing';
import type { CreatorRef, World } from '../../data';
import type { OperationHandler } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { SandboxError } from '../../sandbox-error';
import { handleNotFound } from './resolve-creator';

/**
 * `POST /{instagram|youtube}/reports/audience/overlap`: for two or more influencers (usernames or
 * user ids), how many of each one's followers follow none of the others. The numbers come from
 * the world's follower model, so per creator unique + overlapping = 100 and the distinct followers
 * of the set never exceed the sum of their followers. Unknown accounts answer 404 naming every one
 * of them; two entries naming the same account (`@Ann` and `ann`) are refused. 1 credit.
 */
export const audienceOverlapHandler: OperationHandler<World> = (context) => {
  const { platform } = parseWith(overlapPathSchema, { platform: context.platform });
  const { influencers } = parseWith(overlapRequestSchema, context.body);
  const pc = context.world.platform(platform);
  const indexes = influencers.map((name) => pc.resolve(name));
  const unknown = influencers.filter((_, position) => indexes[position] < 0);
  if (unknown.length > 0) throw handleNotFound(platform, unknown);
  const firstAt = new Map<number, number>();
  indexes.forEach((index, position) => {
    const earlier = firstAt.get(index);
    if (earlier !== undefined) {
      throw new SandboxError(
        'bad_request',
        `influencers[${position}] ${JSON.stringify(influencers[position])} is the same account as influencers[${earlier}] ${JSON.stringify(influencers[earlier])}; list each influencer once`,
      );
    }
    firstAt.set(index, position);
  });

  const refs: CreatorRef[] = indexes.map((index) => ({ platform, index }));
  const result = context.world.audienceOverlap(refs);
  const body = {
    error: false,
    reportInfo: { totalFollowers: result.totalFollowers, totalUniqueFollowers: result.totalUniqueFollowers },
    data: result.data.map((entry) => ({
      userId: entry.userId,
      username: entry.username,
      followers: entry.followers,
      uniquePercentage: entry.uniquePercentage,
      overlappingPercentage: entry.overlappingPercentage,
    })),
  };
  return { body, credits: actualCredits('audienceOverlap').credits };
};
