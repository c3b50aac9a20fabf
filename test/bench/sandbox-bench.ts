import { residentMb, startTsProcess } from './child-process';
import { ms, summarize, type LatencySummary } from './percentiles';
import { freePort } from '../support/free-port';

/**
 * The sandbox at 100,000 creators per platform (issue 3 "Speed"): start-up under 3 s, search p50
 * under 20 ms, report p50 under 5 ms, resident memory under 600 MB. Requests go over loopback HTTP
 * one at a time, so a latency is one request's time through the whole stack.
 */

const CREATORS = Number(process.env.BENCH_SANDBOX_CREATORS ?? 100_000);
const SEARCH_REQUESTS_PER_SCENARIO = 40;
const REPORTS = 300;

export interface SandboxBenchResult {
  creatorsPerPlatform: number;
  startupMs: number;
  rssAfterStartMb: number;
  rssAfterLoadMb: number;
  search: Record<string, LatencySummary>;
  searchAll: LatencySummary;
  report: LatencySummary;
}

const SEARCHES: Record<string, { platform: string; body: object }> = {
  'instagram, empty filter': { platform: 'instagram', body: { filter: {} } },
  'instagram, followers 10k-500k + ER >= 2%': {
    platform: 'instagram',
    body: { filter: { influencer: { followers: { min: 10_000, max: 500_000 }, engagementRate: 0.02 } } },
  },
  'instagram, audience location 30% + gender': {
    platform: 'instagram',
    body: {
      filter: { audience: { location: [{ id: 76, weight: 0.3 }], gender: { id: 'FEMALE', weight: 0.5 } } },
    },
  },
  'tiktok, language + sort by engagement rate': {
    platform: 'tiktok',
    body: {
      filter: { influencer: { language: 'en' } },
      sort: { field: 'engagementRate', direction: 'desc' },
    },
  },
  'youtube, views range, page 5': {
    platform: 'youtube',
    body: { filter: { influencer: { views: { min: 5_000 } } }, page: 5 },
  },
};

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`benchmark request failed with ${response.status}`);
  return elapsed;
}

export async function runSandboxBench(log: (line: string) => void): Promise<SandboxBenchResult> {
  const port = await freePort();
  const sandbox = await startTsProcess(
    'worker/sandbox/server.ts',
    {
      PORT: String(port),
      SANDBOX_CREATORS: String(CREATORS),
      SANDBOX_CREDITS: '1000000',
      SANDBOX_RATE_AI: 'off',
      SANDBOX_RATE_DISCOVERY: 'off',
      SANDBOX_RATE_DICTIONARY_FAST: 'off',
    },
    /Sandbox Discovery API at/,
  );
  try {
    const pid = sandbox.child.pid ?? 0;
    const rssAfterStartMb = residentMb(pid);
    log(
      `sandbox: ${CREATORS} creators per platform, ready in ${ms(sandbox.startupMs)}, RSS ${rssAfterStartMb.toFixed(0)} MB`,
    );
    const base = `http://127.0.0.1:${port}/v1`;
    const headers = { authorization: 'Bearer sandbox', 'content-type': 'application/json' };
    const post = (path: string, body: object) =>
      fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

    const search: Record<string, LatencySummary> = {};
    const allSearch: number[] = [];
    const userIds: Record<string, string[]> = { instagram: [], tiktok: [], youtube: [] };
    for (const [name, { platform, body }] of Object.entries(SEARCHES)) {
      for (let i = 0; i < 3; i++) await timed(() => post(`/${platform}/search`, body)); // warm-up
      const samples: number[] = [];
      for (let i = 0; i < SEARCH_REQUESTS_PER_SCENARIO; i++) {
        const page = (i % 8) + ((body as { page?: number }).page ?? 0);
        samples.push(await timed(() => post(`/${platform}/search`, { ...body, page })));
      }
      search[name] = summarize(samples);
      allSearch.push(...samples);
      log(`  search ${name}: p50 ${ms(search[name].p50)}, p99 ${ms(search[name].p99)}`);
    }

    // Report handles come from search pages, so the reports are of real, varied creators.
    for (const platform of Object.keys(userIds)) {
      for (let page = 0; userIds[platform].length < REPORTS / 3; page++) {
        const response = await post(`/${platform}/search`, {
          filter: { influencer: { followers: { min: 1000 } } },
          page,
        });
        const body = (await response.json()) as { directs: { userId: string }[] };
        if (body.directs.length === 0) break;
        userIds[platform].push(...body.directs.map((item) => item.userId));
      }
    }
    const reportSamples: number[] = [];
    for (const [platform, ids] of Object.entries(userIds)) {
      for (const id of ids.slice(0, REPORTS / 3)) {
        reportSamples.push(
          await timed(() =>
            fetch(`${base}/${platform}/profile/${encodeURIComponent(id)}/report`, { headers }),
          ),
        );
      }
    }
    const report = summarize(reportSamples);
    log(`  report: p50 ${ms(report.p50)}, p99 ${ms(report.p99)} over ${report.count} creators`);
    const rssAfterLoadMb = residentMb(pid);
    log(`  RSS after load: ${rssAfterLoadMb.toFixed(0)} MB`);
    return {
      creatorsPerPlatform: CREATORS,
      startupMs: sandbox.startupMs,
      rssAfterStartMb,
      rssAfterLoadMb,
      search,
      searchAll: summarize(allSearch),
      report,
    };
  } finally {
    await sandbox.stop();
  }
}
