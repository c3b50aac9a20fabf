import { startWorker, type RunningWorker } from '../../../../worker/start';
import { freePort } from '../../../support/free-port';
import { makeTempDir } from '../store/store-fixtures';

/**
 * Issue 23, item 5: `/metrics` on METRICS_PORT, in Prometheus text, through the worker as `npm
 * start` runs it (sandbox mode): calls to the API and what they were billed, the store's gauges,
 * and nothing secret. The API's own port does not serve it.
 */

jest.setTimeout(60_000);

const DEV_KEY = 'dev-key-for-the-metrics-test';
let worker: RunningWorker;
let metricsUrl: string;
let cleanup: () => void;

beforeAll(async () => {
  const port = await freePort();
  const temp = makeTempDir('creator-sheets-metrics-');
  cleanup = temp.cleanup;
  worker = await startWorker({
    env: {
      PORT: '0',
      SANDBOX_CREATORS: '500',
      LOG_LEVEL: 'silent',
      DATA_DIR: temp.dir,
      WORKER_DEV_KEY: DEV_KEY,
      METRICS_PORT: String(port),
    },
    print: () => undefined,
    logDestination: { write: () => undefined },
  });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
afterAll(async () => {
  await worker.stop();
  cleanup();
});

describe('GET /metrics', () => {
  it('counts API calls and what they were billed, reads the store, and holds no secret', async () => {
    const world = worker.sandbox?.state.world;
    if (world === undefined) throw new Error('sandbox mode expected');
    const pc = world.platform('instagram');
    const handles = [0, 1, 2].map((i) => pc.username(pc.firstPersonIndex + i * 11));
    const answer = await fetch(`${worker.url}/api/reports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEV_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'instagram', handles }),
    });
    expect(answer.status).toBe(200);

    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('# TYPE creator_sheets_upstream_requests_total counter');
    expect(text).toMatch(/^creator_sheets_upstream_requests_total\{operation="report",status="200"\} 3$/m);
    expect(text).toMatch(/^creator_sheets_paid_answers_total\{operation="report",source="api"\} 3$/m);
    expect(text).toMatch(/^creator_sheets_credits_billed_total\{operation="report"\} \d+(\.\d+)?$/m);
    expect(text).toMatch(/^creator_sheets_unconfirmed_calls 0$/m);
    expect(text).toMatch(/^creator_sheets_store_available 1$/m);
    expect(text).toContain('# TYPE creator_sheets_lease_takeovers_total counter');
    expect(text).toContain('# TYPE creator_sheets_sheets_api_calls_total counter');
    // Counts only: no key, no token, no handle.
    expect(text).not.toContain(DEV_KEY);
    expect(text).not.toContain(worker.config.upstream.token);
    for (const handle of handles) expect(text).not.toContain(handle);

    expect((await fetch(`${worker.url}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });
});
