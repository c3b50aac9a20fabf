/**
 * Companion script (not a test): measures the world's start-up time and memory at a given size.
 *
 *   npx tsx test/worker/sandbox/data/measure-world.ts [creatorsPerPlatform=100000]
 *
 * Prints the time to import and build the world, the CPU time spent, the resident memory after the
 * build, and the cost of a few lazy operations (so their caches can be seen to stay small).
 * Timing lives here rather than in unit tests: it depends on the machine and its load.
 */
import { performance } from 'node:perf_hooks';

const size = Number(process.argv[2] ?? 100_000);
const mb = (bytes: number) => Math.round(bytes / 1e6);

const importStart = performance.now();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const data = require('../../../../worker/sandbox/data') as typeof import('../../../../worker/sandbox/data');
const importMs = performance.now() - importStart;

const cpuStart = process.cpuUsage();
const buildStart = performance.now();
const world = data.createWorld({ seed: 'measure', creatorsPerPlatform: size });
const buildMs = performance.now() - buildStart;
const cpu = process.cpuUsage(cpuStart);
const afterBuild = process.memoryUsage();

const time = (label: string, run: () => unknown) => {
  const start = performance.now();
  run();
  return { [label]: Math.round((performance.now() - start) * 10) / 10 };
};
const ig = world.instagram;
const operations = {
  ...time('scanFollowersAndAudienceFilterMs', () => {
    let matches = 0;
    const c = ig.columns;
    for (let i = 0; i < ig.size; i++) {
      if (
        c.followers[i] > 10_000 &&
        c.audienceCountries[i * 3] === 840 &&
        c.audienceCountryWeights[i * 3] > 3000
      )
        matches++;
    }
    return matches;
  }),
  ...time('sortByFollowersOnceMs', () => ig.byFollowersDesc()),
  ...time('emailIndexFirstLookupMs', () => world.findByEmail('nobody@example.com')),
  ...time('bioWordsScanAllMs', () => {
    for (let i = 0; i < ig.size; i++) ig.bioWords(i);
  }),
  ...time('hundredReportsMs', () => {
    for (let i = 1000; i < 1100; i++) {
      ig.creator(i);
      ig.details(i);
      ig.audience(i);
      ig.statHistory(i);
      ig.posts(i, 0, 12);
      ig.sponsoredPosts(i, { limit: 10 });
    }
  }),
  ...time('overlapOfFiveMs', () =>
    world.audienceOverlap(
      [1, 2, 3, 4, 5].map((index) => ({ platform: 'instagram' as const, index: index * 1000 })),
    ),
  ),
};
const afterOperations = process.memoryUsage();

// The worst case a long-running sandbox reaches: every memo filled on every platform (bios,
// names, handles for user searches) and every cache full.
const fillStart = performance.now();
for (const pc of [world.instagram, world.tiktok, world.youtube]) {
  for (let i = 0; i < pc.size; i++) {
    pc.bioWords(i);
    pc.fullname(i);
    pc.username(i);
  }
  for (let i = 0; i < 1000; i++) pc.audience(i);
  for (let i = 0; i < 300; i++) pc.posts(i, 0, 24);
}
const fillMs = performance.now() - fillStart;
const afterEverything = process.memoryUsage();

console.log(
  JSON.stringify(
    {
      creatorsPerPlatform: size,
      totalCreators: size * 3,
      importMs: Math.round(importMs),
      buildMs: Math.round(buildMs),
      buildCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      rssAfterBuildMB: mb(afterBuild.rss),
      heapUsedAfterBuildMB: mb(afterBuild.heapUsed),
      arrayBuffersMB: mb(afterBuild.arrayBuffers),
      operations,
      rssAfterOperationsMB: mb(afterOperations.rss),
      fillEveryMemoMs: Math.round(fillMs),
      rssWithEveryMemoAndCacheFullMB: mb(afterEverything.rss),
    },
    null,
    2,
  ),
);
