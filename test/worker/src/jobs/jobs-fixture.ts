import express, { type Express } from 'express';
import request from 'supertest';
import type { AppDeps } from '../../../../worker/src/app';
import { createWorkerDeps } from '../../../../worker/src/app-deps';
import { errorHandler, notFoundHandler } from '../../../../worker/src/request-io/error-answer';
import {
  createJobRunner,
  type JobRunner,
  type JobRunnerOptions,
} from '../../../../worker/src/jobs/job-runner';
import { jobsRoutes } from '../../../../worker/src/jobs/jobs-router';
import { ROUTE_SCHEMAS } from '../../../../worker/src/openapi/route-schemas';
import { tableRoutes } from '../../../../worker/src/http/table-routes';
import { requestContext } from '../../../../worker/src/logging/request-context';
import { createEmailSearchRouter } from '../../../../worker/src/operations/email-search/email-search-router';
import { createReportsRouter } from '../../../../worker/src/operations/reports/reports-router';
import { operationsRouter } from '../operation-routes-fixture';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { DEV_KEY, startWorkerWorld, type WorkerWorld, type WorkerWorldOptions } from '../worker-fixture';

/**
 * The jobs routes as the worker serves them, on the worker fixture (the real sandbox over
 * loopback, every log line captured): an app of the jobs router alone, with its own runner, so a
 * test can stop it and start another one on the same store as a restarted worker would.
 */

export interface JobsWorldOptions extends WorkerWorldOptions {
  /** A store on disk (for byte scans and restarts); the fixture's in-memory one otherwise. */
  dataDir?: string;
  runner?: JobRunnerOptions;
}

export interface JobsWorld {
  world: WorkerWorld;
  deps: AppDeps;
  store: Store;
  runner: JobRunner;
  app: Express;
  /** A new runner and app on the same deps and store: the worker after a restart. */
  restart(options?: JobRunnerOptions): void;
  close(): Promise<void>;
}

export async function startJobsWorld(options: JobsWorldOptions = {}): Promise<JobsWorld> {
  const world = await startWorkerWorld(options);
  let store = world.deps.store;
  let deps: AppDeps = world.deps;
  if (options.dataDir !== undefined) {
    store = openStore({ dataDir: options.dataDir, reportCacheDays: world.config.reportCacheDays });
    deps = workerDepsOn(world, store);
  }
  const build = (runnerOptions: JobRunnerOptions | undefined) => {
    const runner = createJobRunner(deps, runnerOptions);
    const app = express();
    app.use(requestContext(deps.logger));
    app.use(
      tableRoutes(jobsRoutes({ ...deps, jobRunner: runner }), {
        authenticate: deps.authenticate,
        schemas: ROUTE_SCHEMAS,
      }),
    );
    // The request routes on the same store, to compare a job's rows with theirs.
    app.use(createReportsRouter(deps));
    app.use(createEmailSearchRouter(deps));
    app.use(operationsRouter(deps));
    app.use(notFoundHandler());
    app.use(errorHandler(deps.logger));
    return { runner, app };
  };
  const jobs: JobsWorld = {
    world,
    deps,
    store,
    ...build(options.runner),
    restart(runnerOptions) {
      Object.assign(jobs, build(runnerOptions ?? options.runner));
    },
    async close() {
      await jobs.runner.stop();
      if (store !== world.deps.store) store.close();
      await world.close();
    },
  };
  return jobs;
}

/** Another worker's dependencies (its own job runner among them) on the world's upstream and `store`. */
export function workerDepsOn(world: WorkerWorld, store: Store): AppDeps {
  return createWorkerDeps({
    config: world.config,
    store,
    upstream: world.deps.upstream,
    upstreamMonitor: world.deps.upstreamMonitor,
    logger: world.deps.logger,
    devKey: world.config.devKey,
  });
}

/**
 * Restarts with a runner whose batch `index` is fetched and never committed: the process "dies"
 * there. Resolves once that batch is reached; `jobs.restart()` then plays the worker coming back.
 */
export function restartDyingBeforeCommit(jobs: JobsWorld, index: number): Promise<void> {
  let reached: () => void = () => undefined;
  const cut = new Promise<void>((resolve) => (reached = resolve));
  jobs.restart({
    hooks: {
      beforeCommit: (_jobId, batch) => {
        if (batch !== index) return undefined;
        reached();
        return new Promise<void>(() => undefined);
      },
    },
  });
  return cut;
}

export const auth = (key: string = DEV_KEY) => ({ Authorization: `Bearer ${key}` });

export function submitJob(jobs: JobsWorld, body: unknown, key: string = DEV_KEY) {
  return request(jobs.app)
    .post('/api/jobs')
    .set(auth(key))
    .send(body as object);
}

export function postTo(jobs: JobsWorld, path: string, body: unknown, key: string = DEV_KEY) {
  return request(jobs.app)
    .post(path)
    .set(auth(key))
    .send(body as object);
}

export function getJob(jobs: JobsWorld, path: string, key: string = DEV_KEY) {
  return request(jobs.app).get(path).set(auth(key));
}

/** Every row of a job, paged `limit` at a time as the sidebar reads them. */
export async function allRows(
  jobs: JobsWorld,
  id: string,
  limit = 1000,
  key: string = DEV_KEY,
): Promise<{ position: number; row: unknown[] }[]> {
  const rows: { position: number; row: unknown[] }[] = [];
  for (;;) {
    const res = await getJob(jobs, `/api/jobs/${id}/rows?after=${rows.length}&limit=${limit}`, key);
    if (res.status !== 200) throw new Error(`rows: ${res.status} ${JSON.stringify(res.body)}`);
    const page = res.body as { rows: { position: number; row: unknown[] }[]; next: number };
    rows.push(...page.rows);
    if (page.rows.length === 0) return rows;
  }
}

/**
 * The submitted addresses that occur in `text` (case-insensitive). Scans the text once, from each
 * "@", instead of searching it once per address: a database of 10,000 rows is megabytes.
 */
export function addressesFoundIn(text: string, addresses: Iterable<string>): string[] {
  const localsByDomain = new Map<string, string[]>();
  for (const address of addresses) {
    const at = address.lastIndexOf('@');
    const domain = address.slice(at + 1).toLowerCase();
    localsByDomain.set(domain, [...(localsByDomain.get(domain) ?? []), address.slice(0, at).toLowerCase()]);
  }
  const lower = text.toLowerCase();
  const found = new Set<string>();
  for (let at = lower.indexOf('@'); at >= 0; at = lower.indexOf('@', at + 1)) {
    for (const [domain, locals] of localsByDomain) {
      if (!lower.startsWith(domain, at + 1)) continue;
      for (const local of locals) {
        if (at >= local.length && lower.startsWith(local, at - local.length)) found.add(`${local}@${domain}`);
      }
    }
  }
  return [...found];
}
