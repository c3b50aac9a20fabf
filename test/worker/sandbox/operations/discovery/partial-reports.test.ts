import request from 'supertest';
import type { Platform } from '../../../../../shared/platforms';
import { REPORT_RESPONSE_SCHEMAS } from '../../../../../shared/responses/reports';
import { findDrift } from '../../../../../shared/responses/tolerant';
import {
  isPartialReportCreator,
  PARTIAL_REPORT_ONE_IN,
} from '../../../../../worker/sandbox/operations/discovery/partial-reports';
import { isUnanalysedPrivate } from '../../../../../worker/sandbox/operations/discovery/private-accounts';
import { bearer, discoverySandbox } from './discovery-sandbox';

const sandbox = discoverySandbox();
const world = sandbox.state.world;
const PLATFORMS: Platform[] = ['instagram', 'tiktok', 'youtube'];

/** The first `count` creators of the platform that have a report and are (or are not) partial. */
function creators(platform: Platform, partial: boolean, count: number): number[] {
  const pc = world.platform(platform);
  const found: number[] = [];
  for (let index = pc.firstPersonIndex; found.length < count && index < pc.size; index++) {
    if (!isUnanalysedPrivate(pc, index) && isPartialReportCreator(platform, index) === partial)
      found.push(index);
  }
  return found;
}

async function reportOf(platform: Platform, index: number): Promise<Record<string, unknown>> {
  const pc = world.platform(platform);
  const response = await request(sandbox.app)
    .get(`/v1/${platform}/profile/${pc.userId(index)}/report`)
    .set(bearer());
  expect(response.status).toBe(200);
  return response.body as Record<string, unknown>;
}

interface ReportShape {
  profile: Record<string, unknown>;
  avgReelsPlays?: number;
  statHistory?: Record<string, unknown>[];
  statsByContentType: { all: { statHistory?: Record<string, unknown>[] } };
  audienceExtra: { engagementRateDistribution: Record<string, unknown>[] };
}

describe('isPartialReportCreator', () => {
  it.each(PLATFORMS)('picks about one %s creator in ten, the same ones every time', (platform) => {
    const picks = Array.from({ length: 5000 }, (_, index) => isPartialReportCreator(platform, index));
    const again = Array.from({ length: 5000 }, (_, index) => isPartialReportCreator(platform, index));
    expect(again).toEqual(picks);
    const share = picks.filter(Boolean).length / picks.length;
    expect(share).toBeGreaterThan(0.7 / PARTIAL_REPORT_ONE_IN);
    expect(share).toBeLessThan(1.3 / PARTIAL_REPORT_ONE_IN);
  });

  it('picks different creators on different platforms', () => {
    const on = (platform: Platform) =>
      Array.from({ length: 2000 }, (_, index) => index).filter((index) =>
        isPartialReportCreator(platform, index),
      );
    expect(on('instagram')).not.toEqual(on('tiktok'));
    expect(on('tiktok')).not.toEqual(on('youtube'));
  });
});

describe('partial reports over HTTP', () => {
  it.each(PLATFORMS)(
    'leave out what the vendor examples leave out on %s, and keep profile',
    async (platform) => {
      const schema = REPORT_RESPONSE_SCHEMAS[platform];
      for (const index of creators(platform, true, 4)) {
        const body = await reportOf(platform, index);
        expect(schema.safeParse(body).success).toBe(true);
        const report = body.profile as ReportShape;
        expect(report.profile).toMatchObject({ userId: world.platform(platform).userId(index) });

        const histories = [report.statHistory, report.statsByContentType.all.statHistory].filter(
          (history) => history !== undefined,
        );
        expect(histories.length).toBeGreaterThan(0);
        for (const history of histories) {
          expect(Object.keys(history[0]).sort()).toEqual(['avgLikes', 'followers', 'month']);
          expect(Object.keys(history[history.length - 1]).length).toBeGreaterThan(3);
        }

        const drift = findDrift(schema, body).map((finding) => `${finding.kind} ${finding.path}`);
        if (platform === 'instagram') {
          expect(report).not.toHaveProperty('avgReelsPlays');
          expect(drift).toEqual(['missing profile.avgReelsPlays']);
        }
        if (platform === 'tiktok') {
          for (const bin of report.audienceExtra.engagementRateDistribution)
            expect(bin).not.toHaveProperty('median');
          expect(drift).toEqual([]);
        }
        if (platform === 'youtube') {
          expect(report.profile).not.toHaveProperty('engagements');
          expect(report.profile).not.toHaveProperty('engagementRate');
          expect(report.profile).toHaveProperty('followers');
          // Nothing in a YouTube profile is promised (shared/responses/reports.ts): no drift either.
          expect(drift).toEqual([]);
        }
      }
    },
  );

  it.each(PLATFORMS)('are the same answer every time on %s', async (platform) => {
    const [index] = creators(platform, true, 1);
    expect(await reportOf(platform, index)).toEqual(await reportOf(platform, index));
  });

  it.each(PLATFORMS)('never reach a creator that is not picked on %s', async (platform) => {
    const schema = REPORT_RESPONSE_SCHEMAS[platform];
    for (const index of creators(platform, false, 4)) {
      const body = await reportOf(platform, index);
      expect(findDrift(schema, body)).toEqual([]);
      const report = body.profile as ReportShape;
      const history = report.statsByContentType.all.statHistory ?? report.statHistory ?? [];
      expect(Object.keys(history[0]).length).toBeGreaterThan(3);
      if (platform === 'tiktok') {
        expect(
          report.audienceExtra.engagementRateDistribution.filter((bin) => bin.median === true),
        ).toHaveLength(1);
      }
      if (platform === 'youtube') expect(report.profile).toHaveProperty('engagementRate');
    }
  });
});
