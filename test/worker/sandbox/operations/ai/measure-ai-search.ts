/**
 * Companion script (not a test): times the AI search handlers on a big world.
 *
 *   npx tsx test/worker/sandbox/operations/ai/measure-ai-search.ts [creatorsPerPlatform=100000]
 *
 * Calls the handlers directly (no HTTP) with varied queries on every platform and prints p50 and
 * p90 per operation (wall time, and CPU time, which a busy machine inflates less), plus the one-off
 * cost of the first text search of a platform (its document frequencies), a filtered search, the
 * deepest page and a query that matches nothing. Timing lives here rather than in tests: it
 * depends on the machine and its load.
 */
import { performance } from 'node:perf_hooks';
import { OPERATIONS, type OperationId } from '../../../../../shared/operations';
import { PLATFORMS, type Platform } from '../../../../../shared/platforms';
import { createWorld, type World } from '../../../../../worker/sandbox/data';
import type { HandlerContext } from '../../../../../worker/sandbox/operation-handler';
import { createAiHandlers } from '../../../../../worker/sandbox/operations/ai';

const size = Number(process.argv[2] ?? 100_000);
const world = createWorld({ creatorsPerPlatform: size });
const handlers = createAiHandlers();

function context(id: OperationId, platform: Platform, body: unknown): HandlerContext<World> {
  return {
    operationId: id,
    operation: OPERATIONS[id],
    account: { token: 'measure', credits: 1e9, rawRequests: 0, rawAccess: false },
    platform,
    params: {},
    query: {},
    body,
    world,
    now: () => world.now,
    startedAt: world.now,
    requireCredits: () => undefined,
  };
}

/** CPU milliseconds of each call, which a busy machine inflates less than wall time. */
const cpuTimes: Record<string, number[]> = {};

async function time(id: OperationId, platform: Platform, body: unknown): Promise<number> {
  const handler = handlers[id];
  if (handler === undefined) throw new Error(`no handler for ${id}`);
  const cpu = process.cpuUsage();
  const start = performance.now();
  await handler(context(id, platform, body));
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  (cpuTimes[`${platform}:${id}`] ??= []).push((used.user + used.system) / 1000);
  return wall;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] * 10) / 10;
}

const QUERIES = [
  'yoga pilates breathwork',
  'home workout gym protein',
  'vegan recipes with tofu',
  'travel vlog island beach',
  'makeup tutorial glam',
  'gaming setup stream',
  'sourdough baking bread',
  'street style outfit',
  'dog training puppy',
  'personal finance investing budget',
  'skincare routine serum',
  'marathon running pace',
  'coffee latte art',
  'interior design livingroom',
  'cars supercar drift',
  'paris morning',
];

function pngBytes(seed: number): string {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const body = Buffer.alloc(2048, seed);
  body.writeUInt32BE((seed * 2654435761) >>> 0, 0);
  return Buffer.concat([header, body]).toString('base64');
}

async function main(): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (const platform of PLATFORMS) {
    // Includes measuring the platform's document frequencies, once.
    const first = await time('aiTextSearch', platform, { query: 'morning coffee', pageSize: 20 });
    const text: number[] = [];
    const image: number[] = [];
    const lookalikes: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const [n, query] of QUERIES.entries()) {
        text.push(await time('aiTextSearch', platform, { query, pageSize: 20, page: round }));
        image.push(
          await time('aiImageSearch', platform, {
            imageType: 'image/png',
            base64Image: pngBytes(n + 100 * round),
            pageSize: 20,
          }),
        );
        const source = world.platform(platform).byFollowersDesc()[200 + n * 37 + round * 11];
        lookalikes.push(
          await time('aiLookalikes', platform, {
            userIds: [world.platform(platform).userId(source)],
            pageSize: 20,
          }),
        );
      }
    }
    const filtered = await time('aiTextSearch', platform, {
      query: 'fitness',
      pageSize: 100,
      filters: { followersCount: { min: 20_000 }, gender: 'FEMALE', keywords: ['protein', 'gym'] },
    });
    const deep = await time('aiTextSearch', platform, { query: 'food recipe', page: 14, pageSize: 100 });
    // Words no caption holds: every covered creator is a candidate and none matches (the work cap).
    const noMatch = await time('aiTextSearch', platform, { query: 'zzqx vvqy', pageSize: 20 });
    rows.push({
      platform,
      firstTextSearchMs: Math.round(first),
      textP50: percentile(text, 0.5),
      textP90: percentile(text, 0.9),
      imageP50: percentile(image, 0.5),
      imageP90: percentile(image, 0.9),
      lookalikesP50: percentile(lookalikes, 0.5),
      lookalikesP90: percentile(lookalikes, 0.9),
      cpuP50: [`${platform}:aiTextSearch`, `${platform}:aiImageSearch`, `${platform}:aiLookalikes`]
        .map((key) => percentile(cpuTimes[key] ?? [0], 0.5))
        .join(' / '),
      filtered100Ms: Math.round(filtered),
      depth1500Ms: Math.round(deep),
      noMatchMs: Math.round(noMatch),
    });
  }
  console.log(`AI search at ${size} creators per platform (ms; cpuP50 = text / image / lookalikes CPU time)`);
  console.table(rows);
}

void main();
