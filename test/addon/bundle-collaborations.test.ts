import type {
  CollaborationsRequest,
  CollaborationsStart,
} from '../../addon/bridge-contract/collaborations-api';
import type { JobView } from '../../addon/bridge-contract/sidebar-api';
import { COLLABORATION_TOTAL_LABEL } from '../../shared/rows/collaboration-rows';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { createWorld, type PlatformCreators, type World } from '../../worker/sandbox/data';
import { upstreamCalls, useBundleWorld } from './bundle-world';

/**
 * The Collaborations section's server functions in the built Code.js, called as google.script.run
 * calls them, against the real worker and sandbox (bundle-world.ts). The test picks its creators
 * from the same generated world the sandbox serves (same seed, size and day), so it knows how many
 * posts to expect, and counts what reached the paid API. Posts run as a `collaboration-posts` job
 * on the worker, written into their tab by polls as the sidebar makes them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A loaded CI machine may be slow; a bound, not the expected time. */
const SLOW_TEST_MS = 90_000;
const FINAL = ['done', 'failed', 'cancelled'];
const realDelay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const world = useBundleWorld();
let sandbox: World;

beforeAll(() => {
  // What bundle-world.ts starts (FAST_SANDBOX_ENV): SANDBOX_CREATORS=2000, the default seed,
  // dates from today (UTC).
  sandbox = createWorld({ creatorsPerPlatform: 2000, now: Math.floor(Date.now() / DAY_MS) * DAY_MS });
});
beforeEach(async () => {
  await world.resetStats();
});

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function start(
  fakes: AppsScriptFakes,
  request: CollaborationsRequest,
  confirmed: boolean,
): CollaborationsStart {
  return fakes.runtime.callFromClient('startCollaborations', [request, confirmed]) as CollaborationsStart;
}

function jobOf(started: CollaborationsStart): JobView {
  if (started.kind !== 'job') throw new Error(`expected a job, got ${JSON.stringify(started)}`);
  return started.job;
}

/** Waits for the worker to end the job, then polls as the sidebar does until every row is written. */
async function pollToEnd(fakes: AppsScriptFakes, first: JobView): Promise<JobView> {
  for (let i = 0; i < 600; i++) {
    const progress = await world.api<{ status: string }>(`/api/jobs/${first.id}`);
    if (FINAL.includes(progress.status)) break;
    await realDelay(50);
  }
  let view = first;
  for (let polls = 0; !(FINAL.includes(view.status) && view.rowsWritten >= view.done); polls++) {
    if (polls > 20) throw new Error(`the job did not finish writing: ${JSON.stringify(view)}`);
    view = fakes.runtime.callFromClient('pollJob', [view.id]) as JobView;
  }
  return view;
}

/** A date cell as Sheets gives it back: a Date (of the script's realm, so no instanceof). */
function cellDay(value: unknown): string {
  return Object.prototype.toString.call(value) === '[object Date]'
    ? day((value as Date).getTime())
    : String(value);
}

function tabValues(fakes: AppsScriptFakes, name: string): unknown[][] {
  const sheet = fakes.spreadsheet.getSheetByName(name);
  if (sheet === null) throw new Error(`no tab "${name}"`);
  return sheet.getDataRange().getValues();
}

/** An Instagram influencer (not a brand account) with between min and max posts in the window. */
function influencerWith(
  pc: PlatformCreators,
  window: { from: number; to: number },
  min: number,
  max: number,
): { index: number; username: string; posts: number } {
  for (let index = pc.firstPersonIndex; index < pc.size; index++) {
    const posts = pc.sponsoredPosts(index, { ...window, limit: 100_000 }).posts.length;
    if (posts >= min && posts <= max) return { index, username: pc.username(index), posts };
  }
  throw new Error(`no influencer with ${min} to ${max} collaboration posts in the window`);
}

describe('collaborations from the built bundle', () => {
  it(
    "writes an influencer's posts of a date range into one tab through a worker job, every page paid once",
    async () => {
      const pc = sandbox.platform('instagram');
      const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
      const from = day(today - 3 * 365 * DAY_MS);
      const to = day(today);
      const window = {
        from: Date.parse(`${from}T00:00:00Z`),
        to: Date.parse(`${to}T00:00:00Z`) + DAY_MS - 1,
      };
      // 6 to 10 pages of 30: several pages, fewer than the 10 asked for.
      const creator = influencerWith(pc, window, 160, 290);
      const fakes = world.load();
      const request: CollaborationsRequest = {
        kind: 'posts',
        subject: 'influencer',
        platform: 'instagram',
        id: `https://www.instagram.com/${creator.username}/`,
        from,
        to,
        pages: 10,
      };

      // 10 pages can cost 2 credits: not without consent.
      expect(() => start(fakes, request, false)).toThrow(
        'This can cost up to 2 credits: confirm the estimate to start.',
      );
      expect(fakes.urlFetchApp.requests).toHaveLength(0);
      const first = jobOf(start(fakes, request, true));
      expect(first).toMatchObject({
        kind: 'collaboration-posts',
        destination: `'Collabs posts @${creator.username}'!A2`,
      });
      const done = await pollToEnd(fakes, first);

      const pages = Math.ceil(creator.posts / 30);
      const credits = Math.round(pages * 0.2 * 10) / 10;
      expect(done).toMatchObject({ status: 'done', done: creator.posts, rowsWritten: creator.posts });
      expect(done.message).toBe(`Done: ${creator.posts} rows written, ${credits} credits spent.`);
      const values = tabValues(fakes, `Collabs posts @${creator.username}`);
      expect(values[0][values[0].length - 1]).toBe('Creator');
      const rows = values.slice(1).filter((row) => row[0] !== '');
      expect(rows).toHaveLength(creator.posts);
      const ids = rows.map((row) => row[0]);
      expect(new Set(ids).size).toBe(creator.posts);
      expect(new Set(rows.map((row) => row[row.length - 1]))).toEqual(new Set([creator.username]));
      const dates = rows.map((row) => cellDay(row[1]));
      expect(dates.every((date) => date >= from && date <= to)).toBe(true);
      // One start; the pages are the worker's business, never a sidebar call's.
      const posts = fakes.urlFetchApp.requests.filter((call) => call.method.toLowerCase() === 'post');
      expect(posts.map((call) => new URL(call.url).pathname)).toEqual(['/api/jobs']);
      const stats = await world.stats();
      expect(upstreamCalls(stats, 'collaborationPosts')).toBe(pages);
      expect(stats.credits).toBeCloseTo(pages * 0.2, 6);
    },
    SLOW_TEST_MS,
  );

  it(
    "summarises a brand per influencer, and an influencer's brands grouped by domain, one call each",
    async () => {
      const pc = sandbox.platform('instagram');
      const brandIndex = Array.from({ length: pc.firstPersonIndex }, (_, index) => index).find((index) => {
        const brand = pc.brandOf(index);
        return brand !== undefined && pc.brandCollaborators(brand.id).length >= 3;
      });
      const brand = brandIndex === undefined ? undefined : pc.brandOf(brandIndex);
      if (brand === undefined) throw new Error('no brand with 3 collaborators in the test world');
      const collaborators = Array.from(pc.brandCollaborators(brand.id)).filter(
        (index) => pc.sponsoredPosts(index, { brandId: brand.id, limit: 1 }).posts.length > 0,
      );
      const creator = influencerWith(pc, { from: 0, to: Number.MAX_SAFE_INTEGER }, 20, 100);
      const domains = new Set(
        pc
          .sponsoredPosts(creator.index, { limit: 100_000 })
          .posts.flatMap((post) => post.sponsors.map((sponsor) => sponsor.domain)),
      );
      const fakes = world.load();

      const byBrand = start(
        fakes,
        { kind: 'summary', subject: 'brand', platform: 'instagram', id: brand.domain, groupByDomain: false },
        false,
      );
      const byDomain = start(
        fakes,
        {
          kind: 'summary',
          subject: 'influencer',
          platform: 'instagram',
          id: creator.username,
          groupByDomain: true,
        },
        false,
      );

      expect(byBrand).toMatchObject({ kind: 'table', side: 'brand' });
      const brandRows = tabValues(fakes, `Collabs summary ${brand.domain}`).slice(1);
      expect(
        brandRows
          .slice(0, -1)
          .map((row) => row[0])
          .sort(),
      ).toEqual(collaborators.map((index) => pc.username(index)).sort());
      expect(brandRows[brandRows.length - 1][0]).toBe(COLLABORATION_TOTAL_LABEL);
      expect(byDomain.kind === 'table' && byDomain.message).toBe(
        `Wrote the totals of ${domains.size} brands and a total row into 'Collabs summary @${creator.username}'!A2 (0.2 credits).`,
      );
      const domainRows = tabValues(fakes, `Collabs summary @${creator.username}`).slice(1);
      const likes = (row: unknown[]) => (typeof row[2] === 'number' ? row[2] : 0);
      const partnerLikes = domainRows.slice(0, -1).reduce((sum, row) => sum + likes(row), 0);
      expect(likes(domainRows[domainRows.length - 1])).toBe(partnerLikes);
      const stats = await world.stats();
      expect(upstreamCalls(stats, 'collaborationSummary')).toBe(2);
      expect(stats.credits).toBeCloseTo(0.4, 6);
    },
    SLOW_TEST_MS,
  );

  it(
    "uses the older API only when asked: an influencer's brands by domain, 1 credit a page",
    async () => {
      const pc = sandbox.platform('tiktok');
      const creator = influencerWith(pc, { from: 0, to: Number.MAX_SAFE_INTEGER }, 20, 100);
      const domains = new Set(
        pc
          .sponsoredPosts(creator.index, { limit: 100_000 })
          .posts.flatMap((post) => post.sponsors.map((sponsor) => sponsor.domain)),
      );
      const fakes = world.load();

      const done = await pollToEnd(
        fakes,
        jobOf(
          start(
            fakes,
            {
              kind: 'older',
              subject: 'influencer',
              platform: 'tiktok',
              id: `@${creator.username}`,
              groupByDomain: true,
              pages: 1,
            },
            false,
          ),
        ),
      );

      expect(done).toMatchObject({ status: 'done', kind: 'collaboration-posts' });
      const values = tabValues(fakes, `Collabs (older API) @${creator.username}`);
      expect(values[0].slice(0, 2)).toEqual(['Brand', 'Domain']);
      const rows = values.slice(1).filter((row) => row[0] !== '');
      expect(rows).toHaveLength(Math.min(domains.size, 30));
      expect(new Set(rows.map((row) => row[1]))).toEqual(new Set([...domains].slice(0, rows.length)));
      const stats = await world.stats();
      expect(upstreamCalls(stats, 'collaborationsInfluencerDeprecated')).toBe(1);
      expect(upstreamCalls(stats, 'collaborationPosts') + upstreamCalls(stats, 'collaborationSummary')).toBe(
        0,
      );
      expect(stats.credits).toBe(1);
    },
    SLOW_TEST_MS,
  );
});
