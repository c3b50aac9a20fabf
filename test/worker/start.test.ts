import { connect, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { startWorker, type RunningWorker } from '../../worker/start';
import { WorkerConfigError } from '../../worker/src/config';
import { createSandbox } from '../../worker/sandbox/server';
import { parseSandboxConfig } from '../../worker/sandbox/config';
import { makeTempDir } from './src/store/store-fixtures';

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
    // Answered before the app, with its security headers all the same.
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");

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

  it('listens on loopback in sandbox mode, where the playground and the dev key live', async () => {
    const { worker, printed } = await start({ PORT: '0', DATA_DIR: tempDir(), SANDBOX_CREATORS: '500' });
    expect((worker.server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect(printed.join('\n')).toContain('Listens:  on 127.0.0.1 only (this machine');
  });

  it('listens where HOST says, and warns when that opens sandbox mode to the network', async () => {
    const { worker, logs } = await start({
      PORT: '0',
      DATA_DIR: tempDir(),
      SANDBOX_CREATORS: '500',
      HOST: '0.0.0.0',
    });
    expect((worker.server.address() as AddressInfo).address).toBe('0.0.0.0');
    expect(logs.join('')).toContain(
      'HOST=0.0.0.0 in sandbox mode: the playground and the development key can be reached from other machines',
    );
    // The worker still reaches its mounted sandbox through loopback.
    const res = await fetch(`${worker.url}/api/account`, {
      headers: { Authorization: `Bearer ${worker.devKey}` },
    });
    expect(res.status).toBe(200);
    // The mounted sandbox's answers carry the worker's security headers too.
    const sandbox = await fetch(`${worker.url}/sandbox/v1/health`);
    expect(sandbox.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('cuts off a body that arrives too slowly, but not a request whose work takes long', async () => {
    const { worker } = await start({
      PORT: '0',
      DATA_DIR: tempDir(),
      SANDBOX_CREATORS: '500',
      SANDBOX_LATENCY_MS: '1500',
      REQUEST_TIMEOUT_MS: '1000',
      WORKER_DEV_KEY: 'slow-body-dev-key',
    });
    const started = performance.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(worker.port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.once('close', () => resolve(received));
      socket.once('error', reject);
      socket.write(
        'POST /api/reports HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer slow-body-dev-key\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"handles":',
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(performance.now() - started).toBeLessThan(4000);

    // A whole request whose answer takes longer than the timeout (the API's latency) is answered.
    const slow = await fetch(`${worker.url}/api/account`, {
      headers: { Authorization: 'Bearer slow-body-dev-key' },
    });
    expect(slow.status).toBe(200);
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
