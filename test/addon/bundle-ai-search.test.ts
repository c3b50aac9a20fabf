import type { AiSearchRequest } from '../../addon/bridge-contract/ai-search-api';
import type { JobView } from '../../addon/bridge-contract/sidebar-api';
import { AI_SEARCH_COLUMNS } from '../../shared/rows/ai-search-rows';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { fakeDriveApp } from '../../worker/playground/apps-script/services/drive-app';
import { upstreamCalls, useBundleWorld } from './bundle-world';

/**
 * AI search from the built Code.js: the sidebar's calls through google.script.run's rules, the real
 * worker and sandbox in a child process. The sandbox counts the AI calls that reached the API.
 */

const FINAL = ['done', 'failed', 'cancelled'];
const SLOW_TEST_MS = 90_000;

const world = useBundleWorld();

const realDelay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the worker to end the job, then polls as the sidebar does until every row is written. */
async function runToTheEnd(fakes: AppsScriptFakes, started: JobView): Promise<JobView> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const progress = await world.api<{ status: string }>(`/api/jobs/${started.id}`);
    if (FINAL.includes(progress.status)) break;
    await realDelay(100);
  }
  let view = started;
  for (let polls = 0; !(FINAL.includes(view.status) && view.rowsWritten >= view.total); polls++) {
    if (polls > 20) throw new Error(`the job did not finish writing: ${JSON.stringify(view)}`);
    view = fakes.runtime.callFromClient('pollJob', [view.id]) as JobView;
  }
  return view;
}

describe('AI search from the built bundle', () => {
  it(
    'runs a text search with filters into a new tab, one AI call per page, the cost confirmed first',
    async () => {
      const fakes = world.load();
      await world.resetStats();
      const request: AiSearchRequest = {
        mode: 'text',
        platform: 'instagram',
        query: 'fitness workouts',
        filters: {
          followersCount: { min: 10000, max: 3000000 },
          engagementRate: { min: 0.001 },
          keywords: ['workout', 'training', 'gym', 'fitness'],
        },
        pageSize: 4,
        pages: 3,
        title: 'Fitness creators',
      };

      // 3 pages of 4 at 0.025 credits: 0.3 credits, below the confirmation threshold. 15 pages of
      // 20 are 7.5 credits, refused until confirmed, and nothing is sent.
      expect(() =>
        fakes.runtime.callFromClient('startAiSearch', [{ ...request, pageSize: 20, pages: 15 }, false]),
      ).toThrow('This can cost up to 7.5 credits: confirm the estimate to start.');
      expect(fakes.urlFetchApp.requests).toHaveLength(0);

      const started = fakes.runtime.callFromClient('startAiSearch', [request, false]) as JobView;
      expect(started).toMatchObject({ kind: 'ai-search-pages', total: 12 });
      const view = await runToTheEnd(fakes, started);

      expect(view.status).toBe('done');
      expect(view.rowsWritten).toBe(12);
      const sheet = fakes.spreadsheet.getSheetByName('Fitness creators');
      if (sheet === null) throw new Error('no tab "Fitness creators"');
      const values = sheet.getDataRange().getValues();
      expect(values[0]).toEqual(AI_SEARCH_COLUMNS.map((col) => col.label));
      expect(values).toHaveLength(13);
      const handles = values.slice(1).map((row) => row[0]);
      expect(new Set(handles).size).toBe(12);
      const followers = values.slice(1).map((row) => row[2]);
      expect(followers.every((count) => typeof count === 'number' && count >= 10000)).toBe(true);

      const stats = await world.stats();
      expect(upstreamCalls(stats, 'aiTextSearch')).toBe(3);
      expect(stats.rejected.rate_limited).toBe(0);
      expect(view.creditsSpent).toBe(0.3);
    },
    SLOW_TEST_MS,
  );

  it('refuses a Drive file named in a cell before anything is spent: the add-on asks for no Drive scope', async () => {
    const fakes = world.load({ spreadsheet: { sheets: ['Moodboard'] } });
    await world.resetStats();
    const id = fakeDriveApp(fakes.globals).addFile({
      name: 'mood.png',
      mimeType: 'image/png',
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      owner: 'ana@team.com',
    });
    fakes.spreadsheet
      .requireSheet('Moodboard')
      .getRange('A2')
      .setValue(`https://drive.google.com/file/d/${id}/view`);
    fakes.spreadsheetApp.select('Moodboard!A2');

    expect(() => fakes.runtime.callFromClient('readAiImageCell')).toThrow(/download it and choose Upload/);
    expect(upstreamCalls(await world.stats(), 'aiImageSearch')).toBe(0);
  });
});
