import { existsSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { parseStartConfig } from '../../../worker/start-config';
import { startWorker, type RunningWorker } from '../../../worker/start';
import { serveWorker } from '../../../worker/src/index';
import { DATA_SECRET_FILE } from '../../../worker/src/store/sealing/data-secret';
import { DATA_DIR_PID_FILE } from '../../../worker/src/store/sqlite/data-dir-lock';
import { makeTempDir } from './store/store-fixtures';

/**
 * Issue 16, one host: the worker process (serveWorker, under `npm start`) as a host sees it. Its
 * probes while it starts, serves and drains; one process per data directory; the data secret
 * from the environment. The same with two real processes and kill -9: store/sqlite/data-dir-lock.test.ts.
 */

const started: RunningWorker[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const worker of started.splice(0)) await worker.stop();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
  const { dir, cleanup } = makeTempDir('creator-sheets-index-');
  cleanups.push(cleanup);
  return dir;
}

async function start(env: Record<string, string>, logs: string[] = []) {
  const worker = await startWorker({
    env: { PORT: '0', SANDBOX_CREATORS: '500', LOG_LEVEL: 'debug', ...env },
    print: () => undefined,
    logDestination: { write: (line: string) => logs.push(line) },
    shutdownGraceMs: 5000,
  });
  started.push(worker);
  return worker;
}

interface Probed {
  status: number;
  body: { status?: string; error?: { code: string; message: string } };
  nosniff: string | null;
}

/** A GET on a connection of its own: a pooled one may be the idle one a draining worker closes. */
function probe(url: string): Promise<Probed> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(text) as Probed['body'],
          nosniff: (res.headers['x-content-type-options'] as string | undefined) ?? null,
        }),
      );
    }).once('error', reject);
  });
}

describe('the probes over the life of the process', () => {
  it('while starting: alive, not ready, and the API not served yet', async () => {
    const { worker: config } = parseStartConfig({
      PORT: '0',
      DATA_DIR: tempDir(),
      // A real API nobody answers at: the worker starts all the same.
      DISCOVERY_API_URL: 'http://127.0.0.1:9/v1',
      DISCOVERY_API_TOKEN: 'live-token-for-a-test',
      LOG_LEVEL: 'silent',
    });
    const seen: Record<string, Probed> = {};
    const served = await serveWorker({
      config,
      devKey: null,
      logDestination: { write: () => undefined },
      // Runs after listening and before the app is made: the moment a host may probe too early.
      startFront: async (selfUrl) => {
        seen.alive = await probe(`${selfUrl}/healthz`);
        seen.ready = await probe(`${selfUrl}/readyz`);
        seen.api = await probe(`${selfUrl}/api/openapi.json`);
        return null;
      },
    });
    try {
      expect(seen.alive).toEqual({ status: 200, body: { status: 'alive' }, nosniff: 'nosniff' });
      expect(seen.ready).toEqual({
        status: 503,
        body: { error: { code: 'unavailable', message: 'The worker is starting; try again in a moment' } },
        nosniff: 'nosniff',
      });
      expect(seen.api?.status).toBe(503);
      expect((await probe(`${served.url}/readyz`)).body).toEqual({ status: 'ready' });
    } finally {
      await served.stop();
    }
  });

  it('while draining: not ready in a sentence, still alive, the request in flight answered', async () => {
    const worker = await start({
      DATA_DIR: tempDir(),
      SANDBOX_LATENCY_MS: '400',
      WORKER_DEV_KEY: 'draining-dev-key-1',
    });
    expect((await probe(`${worker.url}/readyz`)).status).toBe(200);
    const inFlight = fetch(`${worker.url}/api/account`, {
      headers: { Authorization: 'Bearer draining-dev-key-1' },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const stopping = worker.stop();
    expect(await probe(`${worker.url}/readyz`)).toEqual({
      status: 503,
      body: {
        error: {
          code: 'unavailable',
          message: 'The worker is shutting down: it finishes the requests it has and takes no new ones',
        },
      },
      nosniff: 'nosniff',
    });
    expect((await probe(`${worker.url}/healthz`)).body).toEqual({ status: 'alive' });
    expect((await inFlight).status).toBe(200);
    await stopping;
  });
});

describe('one worker process per data directory', () => {
  it('refuses a second worker on the same directory, saying which process has it, until that one stops', async () => {
    const dir = tempDir();
    const first = await start({ DATA_DIR: dir });
    expect(readFileSync(join(dir, DATA_DIR_PID_FILE), 'utf8').trim()).toBe(String(process.pid));

    await expect(start({ DATA_DIR: dir })).rejects.toThrow(
      `Worker: another worker (pid ${process.pid}) is using the data directory ${dir}; ` +
        'a worker on SQLite runs as one process: stop that one first, give this one its own DATA_DIR, ' +
        'or set DATABASE_URL (Postgres) to run several workers on one store',
    );
    // The first one is untouched by the attempt.
    expect((await probe(`${first.url}/readyz`)).status).toBe(200);

    await first.stop();
    started.splice(started.indexOf(first), 1);
    expect(existsSync(join(dir, DATA_DIR_PID_FILE))).toBe(false);
    const second = await start({ DATA_DIR: dir });
    expect((await probe(`${second.url}/readyz`)).status).toBe(200);
  });

  it('lets workers on other directories run side by side', async () => {
    const [a, b] = await Promise.all([start({ DATA_DIR: tempDir() }), start({ DATA_DIR: tempDir() })]);
    expect((await probe(`${a.url}/readyz`)).status).toBe(200);
    expect((await probe(`${b.url}/readyz`)).status).toBe(200);
  });
});

describe('DATA_SECRET', () => {
  const SECRET_HEX = 'a3'.repeat(32);
  const SECRET_BASE64 = Buffer.from(SECRET_HEX, 'hex').toString('base64');

  it('replaces the secret file, and never reaches the log', async () => {
    const dir = tempDir();
    const logs: string[] = [];
    const worker = await start({ DATA_DIR: dir, DATA_SECRET: SECRET_HEX }, logs);
    await worker.stop();
    expect(existsSync(join(dir, DATA_SECRET_FILE))).toBe(false);
    expect(logs.join('')).toContain('worker stopped');
    for (const spelling of [SECRET_HEX, SECRET_BASE64]) expect(logs.join('')).not.toContain(spelling);
    expect(JSON.stringify(worker.config)).not.toContain(SECRET_HEX);
    expect(JSON.stringify(worker.config)).toContain('"dataSecret":"[secret]"');
  });

  it('takes a data directory over from its file when set to the file’s content', async () => {
    const dir = tempDir();
    const fromFile = await start({ DATA_DIR: dir });
    await fromFile.stop();
    const content = readFileSync(join(dir, DATA_SECRET_FILE), 'utf8').trim();

    const fromEnvironment = await start({ DATA_DIR: dir, DATA_SECRET: content });
    expect((await probe(`${fromEnvironment.url}/readyz`)).status).toBe(200);
  });

  it('refuses one that differs from the secret file already in the directory, and lets the directory go', async () => {
    const dir = tempDir();
    const fromFile = await start({ DATA_DIR: dir });
    await fromFile.stop();

    await expect(start({ DATA_DIR: dir, DATA_SECRET: SECRET_HEX })).rejects.toThrow(
      /^Worker: DATA_SECRET differs from the secret in .*store-secret\.key, under which this data directory's caches and unfinished jobs were sealed; set DATA_SECRET to that file's content to keep them/,
    );
    // Refused before serving: the directory is free for a worker with the right secret.
    const again = await start({ DATA_DIR: dir });
    expect((await probe(`${again.url}/readyz`)).status).toBe(200);
  });
});
