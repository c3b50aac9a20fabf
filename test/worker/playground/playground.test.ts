import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PLAYGROUND_USER } from '../../../worker/playground/playground-identity';
import { startWorker, type RunningWorker } from '../../../worker/start';

/**
 * The playground as `npm start` gives it: only in sandbox mode, building the real add-on in the
 * background, and signing its user in through the worker's own ID-token check.
 */

const started: RunningWorker[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const worker of started.splice(0)) await worker.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>, playground = true) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'playground-start-'));
  dirs.push(dir);
  const printed: string[] = [];
  const worker = await startWorker({
    env: { PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent', ...env },
    playground,
    print: (line) => printed.push(line),
    logDestination: { write: () => undefined },
    shutdownGraceMs: 2000,
  });
  started.push(worker);
  return { worker, printed };
}

const asBrowser = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the playground with a real API token', () => {
  it('does not exist: / stays the JSON description and /playground answers 404', async () => {
    const { worker, printed } = await start({
      DISCOVERY_API_URL: 'http://127.0.0.1:9/v1',
      DISCOVERY_API_TOKEN: 'live-token-for-a-test',
      UPSTREAM_MAX_ATTEMPTS: '1',
    });

    expect(worker.playground).toBeNull();
    const root = await fetch(`${worker.url}/`, { headers: asBrowser });
    expect(root.headers.get('content-type')).toMatch(/application\/json/);
    expect(await root.json()).toMatchObject({ mode: 'live' });
    expect((await fetch(`${worker.url}/playground/state`)).status).toBe(404);
    const run = await fetch(`${worker.url}/playground/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'connect', args: [] }),
    });
    expect(run.status).toBe(404);
    expect(printed.join('\n')).not.toContain('Browser:');
  });
});

describe('the playground in sandbox mode', () => {
  it('is off unless asked for (the tests start many workers)', async () => {
    const { worker } = await start({ SANDBOX_CREATORS: '500' }, false);
    expect(worker.playground).toBeNull();
    expect((await fetch(`${worker.url}/playground/state`)).status).toBe(404);
  });

  it('builds the add-on in the background, then connects its user through the worker', async () => {
    const { worker, printed } = await start({
      SANDBOX_CREATORS: '500',
      WORKER_DEV_KEY: 'playground-dev-key-1',
    });
    expect(printed.join('\n')).toContain(`Browser:  ${worker.url}/`);
    // The worker answers while the add-on builds.
    const early = await fetch(`${worker.url}/api/account`, {
      headers: { Authorization: 'Bearer playground-dev-key-1' },
    });
    expect(early.status).toBe(200);

    await worker.playground?.ready;

    const page = await fetch(`${worker.url}/`, { headers: asBrowser });
    expect(await page.text()).toContain('/playground/page.js');
    expect((await fetch(`${worker.url}/playground/page.js`)).status).toBe(200);
    const state = (await (await fetch(`${worker.url}/playground/state`)).json()) as Record<string, unknown>;
    expect(state).toMatchObject({
      phase: 'ready',
      user: PLAYGROUND_USER,
      activeSheet: 'Leads',
      sidebar: { id: 1 },
    });
    const sidebar = await fetch(`${worker.url}/playground/sidebar/1`);
    expect(await sidebar.text()).toContain('id="nav"');

    const connect = await fetch(`${worker.url}/playground/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'connect', args: [] }),
    });
    expect(await connect.json()).toEqual({
      ok: true,
      value: expect.objectContaining({ connected: true, email: PLAYGROUND_USER }),
    });
    const keys = await fetch(`${worker.url}/api/keys?email=${PLAYGROUND_USER}`, {
      headers: { Authorization: 'Bearer playground-dev-key-1' },
    });
    // The user's key for the sidebar and the spreadsheet's for its formulas (issue 13).
    const issued = ((await keys.json()) as { keys: { documentId: string | null }[] }).keys;
    expect(issued.map((key) => key.documentId === null).sort()).toEqual([false, true]);

    const pid = worker.playground?.host.pid;
    await worker.stop();
    expect(pid).toBeDefined();
    expect(() => process.kill(pid ?? 0, 0)).toThrow();
  }, 90_000);
});
