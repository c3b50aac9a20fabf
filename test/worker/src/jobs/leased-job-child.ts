/**
 * Run as a child process by job-lease.test.ts: one worker instance's job machinery on a shared
 * Postgres store (its recovery at start, its upstream client against the test's sandbox over
 * loopback, its job runner with a short lease).
 *
 * - `submit` mode submits one e-mail enrichment job and works through it, printing "committed
 *   <index>" after each commit; with a kill point it prints "fetched <index>" once that batch's
 *   work is done but before its commit, and waits there (renewing its lease) for the SIGKILL.
 * - `join` mode is another instance starting beside it: it prints "resumed <n>" (the jobs it could
 *   lease at once), then waits for the job to end, taking it over when its lease runs out, and
 *   prints "ended <status>".
 *
 * argv: mode, database URL, secret (hex), sandbox URL, inputs file, log file, lease ms, batch to stop at (-1: none).
 * env: CRASH_CHILD_ENV, the worker settings as JSON.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { systemClock } from '../../../../worker/common/clock';
import { createUpstreamFromConfig, createWorkerDeps } from '../../../../worker/src/app-deps';
import { recoverPaidCalls } from '../../../../worker/src/billing/paid-call-recovery';
import { DEV_IDENTITY } from '../../../../worker/src/identity/identity';
import { createJobRunner } from '../../../../worker/src/jobs/job-runner';
import { createLogger } from '../../../../worker/src/logging/logger';
import { createUpstreamMonitor } from '../../../../worker/src/operations/health/health-upstream-monitor';
import { openPostgresStore } from '../../../../worker/src/store/postgres/postgres-store';
import { parseStartConfig } from '../../../../worker/start-config';
import { failChild } from '../../../support/crash-child';

interface ChildArgs {
  mode: string;
  databaseUrl: string;
  secretHex: string;
  sandboxUrl: string;
  inputsFile: string;
  logFile: string;
  leaseMs: number;
  stopAt: number;
}

async function main(args: ChildArgs) {
  const env = JSON.parse(process.env.CRASH_CHILD_ENV ?? '{}') as Record<string, string>;
  const config = parseStartConfig(env).worker;
  const logger = createLogger({
    level: 'debug',
    destination: { write: (line: string) => appendFileSync(args.logFile, line) },
    scrub: false,
  });
  const store = await openPostgresStore({
    url: args.databaseUrl,
    secret: Buffer.from(args.secretHex, 'hex'),
    poolSize: 4,
  });
  await recoverPaidCalls(store, logger);
  const upstreamMonitor = createUpstreamMonitor(systemClock);
  const upstream = createUpstreamFromConfig(config, {
    baseUrl: `${args.sandboxUrl}/v1`,
    logger,
    monitor: upstreamMonitor,
    drift: store.drift,
    retry: { baseDelayMs: 5, maxDelayMs: 40 },
  });
  const deps = createWorkerDeps({ config, store, upstream, upstreamMonitor, logger, devKey: config.devKey });
  const runner = createJobRunner(deps, {
    lease: { ms: args.leaseMs },
    hooks: {
      beforeCommit: (_jobId, index) => {
        if (index !== args.stopAt) return undefined;
        process.stdout.write(`fetched ${index}\n`);
        return new Promise<void>(() => undefined);
      },
      afterCommit: (_job, index) => {
        process.stdout.write(`committed ${index}\n`);
      },
    },
  });

  const resumed = await runner.resumeUnfinished();
  if (args.mode === 'submit') {
    const emails = JSON.parse(readFileSync(args.inputsFile, 'utf8')) as unknown[];
    await runner.submit(DEV_IDENTITY, {
      kind: 'email-enrichment',
      input: { emails },
      idempotencyKey: 'lease',
    });
    await runner.idle();
  } else {
    process.stdout.write(`resumed ${resumed}\n`);
    const [job] = await store.jobs.list(DEV_IDENTITY.email);
    let status: string | undefined = job?.status;
    while (status === 'queued' || status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await store.jobs.get(job.id))?.status;
    }
    await runner.idle();
    process.stdout.write(`ended ${String(status)}\n`);
  }
  await runner.stop();
  await store.close();
}

const [mode, databaseUrl, secretHex, sandboxUrl, inputsFile, logFile, leaseMs, stopAt] =
  process.argv.slice(2);
main({
  mode,
  databaseUrl,
  secretHex,
  sandboxUrl,
  inputsFile,
  logFile,
  leaseMs: Number(leaseMs),
  stopAt: Number(stopAt),
}).catch(failChild);
