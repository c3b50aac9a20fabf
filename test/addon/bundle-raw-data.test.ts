import type {
  RawAllowance,
  RawFeedUsage,
  RawPullRequest,
  RawPullStart,
} from '../../addon/bridge-contract/raw-data-api';
import type { JobView } from '../../addon/bridge-contract/sidebar-api';
import { rawColumns } from '../../shared/rows/raw-rows';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { DEV_KEY, upstreamCalls, useBundleWorld } from './bundle-world';

/**
 * The Raw data section's server functions from the built Code.js, against the real worker and
 * sandbox: a feed pulled page by page as a job into a new tab, every item once, and the raw
 * requests it reports spent are exactly the pages fetched and the calls the sandbox counted.
 */

const FINAL = ['done', 'failed', 'cancelled'];
const SLOW_TEST_MS = 90_000;
const PAGE = 12;

const world = useBundleWorld({ env: { BUNDLE_HANDLES: '60', BUNDLE_EMAILS: '0' } });

const realDelay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawAnswer {
  rows: (string | number | boolean | null)[][];
  pages: number;
}

/** `POST /api/raw` from the test's thread (it spends raw requests too: reset the stats after). */
async function rawDirect(body: unknown): Promise<RawAnswer> {
  const response = await fetch(`${world.url}/api/raw`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEV_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /api/raw: ${response.status} ${await response.text()}`);
  return (await response.json()) as RawAnswer;
}

/** An Instagram account whose posts fill `min` to `max` pages, with the ids of all its posts. */
async function accountWithPages(
  min: number,
  max: number,
  skip: number,
): Promise<{ handle: string; ids: string[] }> {
  for (const name of world.handles.instagram.slice(skip)) {
    const handle = `@${name}`;
    const all = await rawDirect({ operation: 'rawIgUserFeed', query: { url: handle }, maxPages: 0 });
    if (all.pages >= min && all.pages <= max && all.rows.length > (all.pages - 1) * PAGE) {
      return { handle, ids: all.rows.map((row) => String(row[0])) };
    }
  }
  throw new Error(`no Instagram account with ${min} to ${max} pages of posts`);
}

/** Polls as the sidebar does until the job has ended and every row is in the sheet. */
async function pollToEnd(fakes: AppsScriptFakes, first: JobView): Promise<JobView> {
  for (let i = 0; i < 300; i++) {
    const progress = await world.api<{ status: string }>(`/api/jobs/${first.id}`);
    if (FINAL.includes(progress.status)) break;
    await realDelay(50);
  }
  let view = first;
  for (let polls = 0; !(FINAL.includes(view.status) && view.rowsWritten >= view.total); polls++) {
    if (polls > 20) throw new Error(`the job did not finish writing: ${JSON.stringify(view)}`);
    view = fakes.runtime.callFromClient('pollJob', [view.id]) as JobView;
  }
  return view;
}

function feedRequest(
  handle: string,
  pages: number | null,
  query: Record<string, string> = {},
): RawPullRequest {
  return {
    operation: 'rawIgUserFeed',
    query: { url: handle, ...query },
    pages,
    allFields: false,
    tabName: '',
  };
}

function idsInTab(fakes: AppsScriptFakes, name: string): string[] {
  const values = fakes.spreadsheet.requireSheet(name).getDataRange().getValues();
  expect(values[0]).toEqual(rawColumns('rawIgUserFeed').map((col) => col.label));
  return values
    .slice(1)
    .map((row) => String(row[0]))
    .filter((id) => id !== '');
}

describe('Raw data from the built bundle', () => {
  it(
    'pulls a feed until done into a new tab: every post once, raw requests spent = pages = calls the API counted',
    async () => {
      const { handle, ids } = await accountWithPages(3, 8, 0);
      const pages = Math.ceil(ids.length / PAGE);
      const fakes = world.load();
      await world.resetStats();
      const before = fakes.runtime.callFromClient('getRawAllowance') as RawAllowance;
      expect(before.rawRequestsLeft).toEqual(expect.any(Number));

      const start = fakes.runtime.callFromClient('startRawPull', [
        feedRequest(handle, null),
        true,
      ]) as RawPullStart;
      if (start.kind !== 'job') throw new Error(`expected a job, got ${JSON.stringify(start)}`);
      expect(start.job.kind).toBe('raw-feed');
      const view = await pollToEnd(fakes, start.job);

      expect(view).toMatchObject({ status: 'done', rowsWritten: ids.length, total: ids.length });
      const tab = `Instagram user posts ${handle}`;
      expect(view.destination).toBe(`'${tab}'!A2`);
      const written = idsInTab(fakes, tab);
      expect(written).toHaveLength(ids.length);
      expect(new Set(written)).toEqual(new Set(ids));

      const usage = fakes.runtime.callFromClient('getRawFeedUsage', [view.id]) as RawFeedUsage;
      const stats = await world.stats();
      expect(usage).toMatchObject({ status: 'done', pages, rawUnits: pages, more: false, cursor: null });
      expect(upstreamCalls(stats, 'rawIgUserFeed')).toBe(pages);
      expect(stats.rawUnits).toBe(pages);
      expect(usage.rawRequestsLeft).toBe((before.rawRequestsLeft ?? 0) - pages);
    },
    SLOW_TEST_MS,
  );

  it(
    'stops after the pages asked for and goes on from its cursor in a second pull, no post lost or repeated',
    async () => {
      const { handle, ids } = await accountWithPages(4, 8, 20);
      const fakes = world.load();
      await world.resetStats();

      const first = fakes.runtime.callFromClient('startRawPull', [
        feedRequest(handle, 2),
        true,
      ]) as RawPullStart;
      if (first.kind !== 'job') throw new Error('expected a job');
      await pollToEnd(fakes, first.job);
      const usage = fakes.runtime.callFromClient('getRawFeedUsage', [first.job.id]) as RawFeedUsage;
      expect(usage).toMatchObject({ pages: 2, rawUnits: 2, more: true, cursorParam: 'after' });
      expect(usage.cursor).toEqual(expect.any(String));

      const cursor = usage.cursor ?? '';
      const second = fakes.runtime.callFromClient('startRawPull', [
        feedRequest(handle, null, { after: cursor }),
        true,
      ]) as RawPullStart;
      if (second.kind !== 'job') throw new Error('expected a job');
      const rest = await pollToEnd(fakes, second.job);

      const tab = `Instagram user posts ${handle}`;
      const pulled = [...idsInTab(fakes, tab), ...idsInTab(fakes, `${tab} (2)`)];
      expect(pulled).toHaveLength(ids.length);
      expect(new Set(pulled)).toEqual(new Set(ids));
      const restUsage = fakes.runtime.callFromClient('getRawFeedUsage', [rest.id]) as RawFeedUsage;
      const pages = Math.ceil(ids.length / PAGE);
      expect(2 + restUsage.rawUnits).toBe(pages);
      expect((await world.stats()).rawUnits).toBe(pages);
    },
    SLOW_TEST_MS,
  );

  it('writes a one-request operation at once, with the one raw request it spent', async () => {
    const fakes = world.load();
    const [name] = world.handles.instagram.slice(40);
    await world.resetStats();

    const start = fakes.runtime.callFromClient('startRawPull', [
      { operation: 'rawIgUserInfo', query: { url: `@${name}` }, pages: 1, allFields: false, tabName: '' },
      false,
    ]) as RawPullStart;

    expect(start).toMatchObject({ kind: 'table', rows: 1, usage: { pages: 1, rawUnits: 1 } });
    const values = fakes.spreadsheet.requireSheet(`Instagram user info @${name}`).getDataRange().getValues();
    expect(values[1][1]).toBe(name);
    expect((await world.stats()).rawUnits).toBe(1);
  });
});
