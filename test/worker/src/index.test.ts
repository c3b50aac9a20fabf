import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { startWorker, type RunningWorker } from '../../../worker/src/index';
import { WorkerConfigError } from '../../../worker/src/config';
import { createSandbox } from '../../../worker/sandbox/server';
import { parseSandboxConfig } from '../../../worker/sandbox/config';
import { makeTempDir } from './store/store-fixtures';

/** `npm start` as a function: real listening server, real loopback to the mounted sandbox. */

const started: RunningWorker[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const worker of started.splice(0)) await worker.stop();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
  const { dir, cleanup } = makeTempDir('creator-sheets-worker-');
  cleanups.push(cleanup);
  return dir;
}

async function start(env: Record<string, string>) {
  const printed: string[] = [];
  const logs: string[] = [];
  const worker = await startWorker({
    env,
    print: (line) => printed.push(line),
    logDestination: { write: (line: string) => logs.push(line) },
    shutdownGraceMs: 5000,
  });
  started.push(worker);
  return { worker, printed, logs };
}

describe('startWorker', () => {
  it('starts with no configuration at all: sandbox mounted, dev key printed, reachable over loopback', async () => {
    const { worker, printed } = await start({ PORT: '0', DATA_DIR: tempDir() });

    expect(worker.config.mode).toBe('sandbox');
    expect(worker.devKey).toMatch(/^csdev_/);
    const text = printed.join('\n');
    expect(text).toContain(`Dev key:  ${worker.devKey}`);
    expect(text).toContain(`${worker.url}/sandbox/v1`);
    const res = await fetch(`${worker.url}/api/account`, {
      headers: { Authorization: `Bearer ${worker.devKey}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { api: { billing: { credits: number } } }).api.billing.credits).toBe(1000);
  });

  it('finishes a request in flight on stop, refuses new ones, then closes the store', async () => {
    const { worker, logs } = await start({
      PORT: '0',
      DATA_DIR: tempDir(),
      SANDBOX_CREATORS: '500',
      SANDBOX_LATENCY_MS: '400',
      WORKER_DEV_KEY: 'graceful-dev-key-1',
    });
    const headers = { Authorization: 'Bearer graceful-dev-key-1' };
    const inFlight = fetch(`${worker.url}/api/account`, { headers });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const stopping = worker.stop();
    const refused = await fetch(`${worker.url}/api/account`, { headers });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unavailable');

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    await stopping;
    expect(worker.server.listening).toBe(false);
    await expect(worker.deps.store.cache.get('reports', 'x')).rejects.toThrow(/not open/);
    expect(logs.join('')).toContain('worker stopped');
  });

  it('lets background fetches land before closing the store', async () => {
    const { worker } = await start({
      PORT: '0',
      DATA_DIR: tempDir(),
      SANDBOX_CREATORS: '500',
      SANDBOX_LATENCY_MS: '300',
      SANDBOX_RATE_DISCOVERY: '50',
      WORKER_DEV_KEY: 'graceful-dev-key-2',
    });
    const res = await fetch(`${worker.url}/api/reports`, {
      method: 'POST',
      headers: { Authorization: 'Bearer graceful-dev-key-2', 'Content-Type': 'application/json' },
      body: JSON.stringify({ handles: ['instagram'], platform: 'instagram', deadlineMs: 50 }),
    });
    expect(((await res.json()) as { pending: number }).pending).toBe(1);
    expect(worker.deps.background.pending).toBe(1);

    await worker.stop();

    expect(worker.deps.background.pending).toBe(0);
    expect(worker.sandbox?.state.stats.snapshot().operations.report?.byStatus).toEqual({ '200': 1 });
  });

  it('uses a real API when both URL and token are set, with no dev key', async () => {
    const sandbox = createSandbox(
      parseSandboxConfig({ SANDBOX_CREATORS: '500', SANDBOX_TOKEN: 'live-token-123' }),
    );
    const api: Server = await new Promise((resolve) => {
      const server = sandbox.app.listen(0, '127.0.0.1', () => resolve(server));
    });
    cleanups.push(() => api.close());
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`;

    const { worker, printed, logs } = await start({
      PORT: '0',
      DATA_DIR: tempDir(),
      DISCOVERY_API_URL: apiUrl,
      DISCOVERY_API_TOKEN: 'live-token-123',
    });

    // One free /health call at start sets up the HTTP client before any paid call is paced.
    // Real loopback HTTP: wait for its line (at most 5 s), as for a request in flight above.
    for (let waited = 0; waited < 5000 && !logs.join('').includes('Discovery API reachable'); waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logs.join('')).toContain('Discovery API reachable');
    expect(sandbox.state.stats.snapshot().operations.health?.calls).toBe(1);
    expect(worker.config.mode).toBe('live');
    expect(worker.devKey).toBeNull();
    expect(printed.join('\n')).toContain(`Upstream: ${apiUrl}`);
    expect(printed.join('\n')).not.toContain('live-token-123');
    const res = await fetch(`${worker.url}/api/account`);
    expect(res.status).toBe(401);
  });

  it('refuses to start on a bad setting, naming it', async () => {
    await expect(startWorker({ env: { PORT: 'eighty', DATA_DIR: tempDir() } })).rejects.toThrow(
      WorkerConfigError,
    );
    await expect(startWorker({ env: { PORT: 'eighty', DATA_DIR: tempDir() } })).rejects.toThrow(
      'PORT must be a whole number from 0 to 65535, got "eighty"',
    );
  });
});
