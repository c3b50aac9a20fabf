/**
 * Run as a child process by delivery-crash-fixture.ts: the worker (store in DATA_DIR with what a
 * crash left recovered, its upstream client against the test's sandbox over loopback, its service
 * account against the test's Sheets API emulator through GOOGLE_APPLICATION_CREDENTIALS and
 * GOOGLE_API_URL) serving its API on a loopback port. At start it resumes unfinished jobs and
 * server deliveries, as worker/src/index.ts does, then prints one JSON line: its URL and how many
 * deliveries it resumed. The test drives it over HTTP and kills it with SIGKILL when the emulator
 * sees the call it waits for.
 *
 * Beside the worker's routes, `GET /_crash/delivery/:jobId` answers the job's stored delivery
 * (with `delivered`) once no delivery loop runs.
 *
 * env: DELIVERY_CRASH_CHILD, JSON of { dataDir, sandboxUrl, logFile, maxCells } (the block size in
 * cells); CRASH_CHILD_ENV, the worker's settings as JSON.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createApp } from '../../../../../worker/src/app';
import { createWorkerDeps } from '../../../../../worker/src/app-deps';
import { openChildWorker } from '../../../../support/crash-child';
import { announceReady, runChild } from '../../../../support/ready-child';

/**
 * The delivery's pace for the test: 100 times Google's 60 a minute (the emulator's quotas are raised
 * to match), so that blocks follow each other in milliseconds. Crash safety does not depend on the pace.
 */
const FAST_PACE = { perAccountPerMinute: 6_000, perSpreadsheetPerMinute: 6_000 };

async function main(dataDir: string, sandboxUrl: string, logFile: string, maxCells: number) {
  const opened = await openChildWorker({ dataDir, sandboxUrl, logFile });
  const { config, store, logger } = opened;
  // openChildWorker's deps with the delivery's block size and pace set (createWorkerDeps' own option).
  const deps = createWorkerDeps({
    config,
    store,
    upstream: opened.deps.upstream,
    upstreamMonitor: opened.deps.upstreamMonitor,
    logger,
    devKey: config.devKey,
    delivery: { blocks: { maxCells }, pace: FAST_PACE },
  });
  const app = express();
  app.get('/_crash/delivery/:jobId', (req, res, next) => {
    deps.jobDeliveries
      .idle()
      .then(() => store.jobDeliveries.get(req.params.jobId))
      .then((delivery) => res.json({ delivery }))
      .catch(next);
  });
  app.use(createApp(deps));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  await deps.jobRunner.resumeUnfinished();
  const resumed = await deps.jobDeliveries.resume();
  announceReady({ url: `http://127.0.0.1:${port}`, resumed }, async () => {
    await deps.jobDeliveries.stop();
    await deps.jobRunner.stop(5_000);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    store.close();
  });
}

const args = JSON.parse(process.env.DELIVERY_CRASH_CHILD ?? '{}') as {
  dataDir: string;
  sandboxUrl: string;
  logFile: string;
  maxCells: number;
};
runChild(() => main(args.dataDir, args.sandboxUrl, args.logFile, args.maxCells));
