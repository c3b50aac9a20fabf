import { actualCredits } from '../../../../shared/pricing';
import { reportPathSchema, reportQuerySchema } from '../../../../shared/requests/reports';
import type { World } from '../../data';
import type { OperationHandler } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { SandboxError } from '../../sandbox-error';
import { instagramReport } from './instagram-report';
import { isPartialReportCreator, makeReportPartial } from './partial-reports';
import { isUnanalysedPrivate, PRIVATE_ACCOUNT_MIN_FOLLOWERS } from './private-accounts';
import { gatherReportInputs } from './report-inputs';
import { driftDays, driftReport } from './report-drift';
import { resolveCreator } from './resolve-creator';
import { videoReport } from './video-report';

/**
 * `GET /{platform}/profile/{userId}/report?calculationMethod=median|average`. The user is a handle
 * (any case, with or without @), a platform user id, a TikTok secUid or a profile URL. 1 credit;
 * the report of `instagram` on Instagram is free (spec "Testing aids"). Unknown accounts answer 404
 * handle_not_found, small private ones 403 private_account (private-accounts.ts). About one creator
 * in ten gets a partial report, as the vendor's own examples are (partial-reports.ts). Its numbers
 * are those of the day it is fetched (report-drift.ts): bought again days later, it shows growth.
 */
export const reportHandler: OperationHandler<World> = (context) => {
  const { platform, userId } = parseWith(reportPathSchema, { ...context.params, platform: context.platform });
  const { calculationMethod } = parseWith(reportQuerySchema, context.query);
  const pc = context.world.platform(platform);
  const index = resolveCreator(pc, userId);
  if (isUnanalysedPrivate(pc, index)) {
    throw new SandboxError(
      'private_account',
      `@${pc.username(index)} on ${platform} is a private account with fewer than ${PRIVATE_ACCOUNT_MIN_FOLLOWERS.toLocaleString('en-US')} followers; it has no report`,
    );
  }
  const inputs = gatherReportInputs(pc, index, calculationMethod, context.account);
  const profile = platform === 'instagram' ? instagramReport(inputs) : videoReport(platform, inputs);
  driftReport(profile, pc, index, driftDays(context.now(), context.startedAt));
  if (isPartialReportCreator(platform, index)) makeReportPartial(platform, profile);
  const { credits } = actualCredits('report', { platform, userId: context.params.userId ?? userId });
  return { body: { error: false, profile }, credits };
};
