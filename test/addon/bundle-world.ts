import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StatsBody } from '../../worker/sandbox/stats';
import {
  createAppsScriptFakes,
  type AppsScriptFakes,
  type FakeOptions,
} from '../../worker/playground/apps-script/create-fakes';
import { loadBundle } from '../../worker/playground/apps-script/load-bundle';
import type { SigningKey } from '../../worker/playground/fake-google';
import { FAST_SANDBOX_ENV } from '../support/fast-sandbox-env';
import { requestOnFreshConnection } from '../support/fresh-connection-request';
import { spawnReadyChild, stopChild } from '../support/ready-child';
import { addonBuiltFor } from './shared-addon-build';
import type { BundleWorkerReady } from './bundle-worker-child';
import { freePort } from '../support/free-port';

/**
 * What a bundle test runs against: the built add-on (the run's `rollup -c`, copied into a
 * temporary folder with WORKER_URL pointing at the test's worker: shared-addon-build.ts) and the
 * real worker with its sandbox, in a child process (see bundle-worker-child.ts for why). `load()` gives a fresh Google (fakes) with the
 * bundle loaded and the worker key stored where the add-on reads it (or none, to connect).
 */

export const SANDBOX_TOKEN = 'bundle-sandbox-token-5c1e';
export const DEV_KEY = 'bundle-dev-key-7d2f41';
/** Where the add-on keeps the worker key (addon/server/worker-client/worker-key.ts). */
export const WORKER_KEY_PROPERTY = 'creatorSheets.workerKey';
/** Where formulas find the document key (addon/server/worker-client/worker-key.ts). */
export const DOCUMENT_KEY_PROPERTY = 'creatorSheets.documentKey';
const DOCUMENT_CONNECTION_PROPERTY = 'creatorSheets.documentConnection';

export interface BundleWorld extends BundleWorkerReady {
  /** Folder with Code.js, Sidebar.html and appsscript.json. */
  outDir: string;
  /** The add-on as loaded into fresh fakes, connected with the dev key unless told otherwise. */
  load(options?: BundleLoadOptions): AppsScriptFakes;
  stats(): Promise<StatsBody>;
  resetStats(): Promise<void>;
  /** The worker's log lines so far. */
  logs(): string;
  /** GET on the worker's API with the dev key, from the test's thread. */
  api<T>(pathAndQuery: string): Promise<T>;
  close(): Promise<void>;
}

export interface BundleWorldOptions {
  /** Worker and SANDBOX_* settings on top of the defaults. */
  env?: Record<string, string>;
  /**
   * Google's ID-token signing keys: the worker's process serves them as Google's certificate
   * endpoint (startCertServer) and points GOOGLE_CERTS_URL at it, and `load()` gives the first
   * to the fake ScriptApp. Not served from the test's thread: it is blocked while the add-on waits
   * for the worker, which is exactly when the worker fetches the certificates.
   */
  googleKeys?: readonly SigningKey[];
}

export interface BundleLoadOptions extends FakeOptions {
  /** false: no worker key stored, as for a user who has not connected yet. Default true. */
  connected?: boolean;
}

export async function startBundleWorld(options: BundleWorldOptions = {}): Promise<BundleWorld> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bundle-worker-'));
  const workerUrl = `http://127.0.0.1:${port}/`;
  // Kept beside the data: BUNDLE_WORKER_LOGS=1 names it, to read while debugging a bundle test.
  const logFile = path.join(dataDir, 'worker.log');
  if (process.env.BUNDLE_WORKER_LOGS === '1') process.stderr.write(`bundle worker log: ${logFile}\n`);
  // The build needs the port; the worker needs a few seconds to start: both at once.
  const [built, started] = await Promise.allSettled([
    addonBuiltFor(workerUrl),
    spawnReadyChild<BundleWorkerReady>(
      path.join(__dirname, 'bundle-worker-child.ts'),
      {
        ...FAST_SANDBOX_ENV,
        PORT: String(port),
        DATA_DIR: dataDir,
        WORKER_DEV_KEY: DEV_KEY,
        SANDBOX_TOKEN,
        ...(options.googleKeys === undefined ? {} : { BUNDLE_GOOGLE_KEYS: exportKeys(options.googleKeys) }),
        ...options.env,
      },
      logFile,
      "The bundle tests' worker",
    ),
  ]);
  if (built.status === 'rejected' || started.status === 'rejected') {
    // Whichever half came up must not outlive the failure.
    if (started.status === 'fulfilled') await stopChild(started.value.process);
    if (built.status === 'fulfilled') rmSync(path.dirname(built.value), { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    throw built.status === 'rejected' ? built.reason : (started as PromiseRejectedResult).reason;
  }
  const build = built.value;
  const child = started.value;
  const { ready, process: worker } = child;
  const created: AppsScriptFakes[] = [];

  // A worker that dies mid-test would otherwise show up as a bare "fetch failed".
  let exited: string | null = null;
  worker.once('exit', (code, signal) => {
    exited = `The bundle tests' worker exited (code ${String(code)}, signal ${String(signal)}); its log ends:\n${readFileSync(logFile, 'utf8').slice(-5000)}`;
  });
  const explain = (error: unknown): Error =>
    exited === null ? (error instanceof Error ? error : new Error(String(error))) : new Error(exited);

  const sandboxAdmin = async (method: string, route: string): Promise<unknown> => {
    const response = await requestOnFreshConnection(`${ready.url}/sandbox/_sandbox${route}`, {
      method,
      headers: { Authorization: `Bearer ${SANDBOX_TOKEN}` },
    }).catch((error: unknown) => {
      throw explain(error);
    });
    if (response.status < 200 || response.status > 299)
      throw new Error(`sandbox ${method} ${route}: ${response.status} ${response.body}`);
    return response.body === '' ? null : (JSON.parse(response.body) as unknown);
  };

  return {
    ...ready,
    outDir: build,
    load: ({ connected = true, ...fakeOptions } = {}) => {
      const signingKey = options.googleKeys?.[0];
      const fakes = createAppsScriptFakes({
        ...fakeOptions,
        scriptApp: { ...(signingKey === undefined ? {} : { signingKey }), ...fakeOptions.scriptApp },
      });
      created.push(fakes);
      loadBundle(path.join(build, 'Code.js'), fakes);
      if (connected) {
        // As Connect leaves them: the user's key for the sidebar, the document's for formulas.
        fakes.propertiesService.user.setProperty(WORKER_KEY_PROPERTY, ready.devKey);
        fakes.propertiesService.document.setProperty(DOCUMENT_KEY_PROPERTY, ready.devKey);
        fakes.propertiesService.document.setProperty(
          DOCUMENT_CONNECTION_PROPERTY,
          JSON.stringify({ keyId: null, email: 'dev@localhost', workerUrl }),
        );
      }
      return fakes;
    },
    stats: async () => (await sandboxAdmin('GET', '/stats')) as StatsBody,
    logs: () => readFileSync(logFile, 'utf8'),
    resetStats: async () => {
      await sandboxAdmin('POST', '/reset-stats');
    },
    api: async <T>(pathAndQuery: string): Promise<T> => {
      const response = await requestOnFreshConnection(`${ready.url}${pathAndQuery}`, {
        headers: { Authorization: `Bearer ${DEV_KEY}` },
      }).catch((error: unknown) => {
        throw explain(error);
      });
      if (response.status < 200 || response.status > 299)
        throw new Error(`GET ${pathAndQuery}: ${response.status} ${response.body}`);
      return JSON.parse(response.body) as T;
    },
    close: async () => {
      for (const fakes of created.splice(0)) fakes.dispose();
      await stopChild(worker);
      if (process.env.BUNDLE_WORKER_LOGS !== '1') rmSync(dataDir, { recursive: true, force: true });
      rmSync(path.dirname(build), { recursive: true, force: true });
    },
  };
}

/**
 * One world for a whole test file: started in beforeAll (the build and the worker take seconds),
 * closed in afterAll. The object returned is filled in when it has started, so tests use it as is.
 */
export function useBundleWorld(options: BundleWorldOptions = {}): BundleWorld {
  const world = {} as BundleWorld;
  let started: BundleWorld | undefined;
  beforeAll(async () => {
    started = await startBundleWorld(options);
    Object.assign(world, started);
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  return world;
}

/** Calls of one upstream operation that reached the sandbox, whatever their outcome. */
export function upstreamCalls(stats: StatsBody, operation: keyof StatsBody['operations']): number {
  return stats.operations[operation]?.calls ?? 0;
}

/** What the child needs to rebuild the keys (bundle-worker-child.ts reads it back). */
export interface ExportedKey {
  kid: string;
  publicPem: string;
  privatePem: string;
}

function exportKeys(keys: readonly SigningKey[]): string {
  const exported: ExportedKey[] = keys.map((key) => ({
    kid: key.kid,
    publicPem: key.publicPem,
    privatePem: key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  }));
  return JSON.stringify(exported);
}
