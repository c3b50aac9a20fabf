import { getHealthDetails } from '../../../addon/server/health-functions';
import type { HealthAnswer } from '../../../worker/src/operations/health';
import { installServerGlobals, type ServerGlobals } from './server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
  env.connect();
});
afterEach(() => env.restore());

const HEALTHY: HealthAnswer = {
  status: 'degraded',
  api: {
    reachable: true,
    status: 'Degraded',
    groups: { search: 'Healthy', 'reports-audience-overlap': 'Degraded' },
  },
  worker: {
    mode: 'live',
    startedAt: '2025-03-01T08:00:00.000Z',
    uptimeSeconds: 7260,
    store: { reachable: true },
    upstream: {
      recentCalls: 40,
      recentErrors: 9,
      recentRetries: 3,
      windowMs: 300_000,
      lastError: {
        at: '2025-03-01T10:00:00.000Z',
        operation: 'search',
        status: 503,
        code: 'upstream_unavailable',
      },
    },
    backgroundTasks: 2,
  },
};

describe('getHealthDetails', () => {
  it("reads the API's groups and the worker's own figures in one call", () => {
    env.worker.on('get', 'api/health', { body: HEALTHY });
    const details = getHealthDetails();
    expect(env.worker.calls('api/health')).toHaveLength(1);
    expect(details.view).toMatchObject({
      api: {
        reachable: true,
        status: 'Degraded',
        groups: [
          { name: 'search', status: 'Healthy' },
          { name: 'reports-audience-overlap', status: 'Degraded' },
        ],
      },
      worker: { status: 'degraded', mode: 'live', uptimeSeconds: 7260 },
    });
    expect(details.apiError).toBeNull();
    expect(details.worker).toEqual({
      startedAt: '2025-03-01T08:00:00.000Z',
      storeReachable: true,
      backgroundTasks: 2,
      upstream: {
        calls: 40,
        errors: 9,
        retries: 3,
        windowMinutes: 5,
        lastError: { description: '503 upstream_unavailable on search', at: '2025-03-01T10:00:00.000Z' },
      },
    });
  });

  it('says why the API is unreachable', () => {
    const down: HealthAnswer = {
      ...HEALTHY,
      status: 'down',
      api: { reachable: false, error: { code: 'no_answer', message: 'The API did not answer within 30 s.' } },
    };
    env.worker.on('get', 'api/health', { body: down });
    const details = getHealthDetails();
    expect(details.view.api).toEqual({ status: 'Unknown', groups: [], reachable: false });
    expect(details.apiError).toBe('The API did not answer within 30 s.');
  });

  it('leaves out what an older worker does not say', () => {
    env.worker.on('get', 'api/health', {
      body: { status: 'ok', api: { reachable: true, status: 'Healthy' }, worker: { mode: 'sandbox' } },
    });
    expect(getHealthDetails().worker).toEqual({
      startedAt: null,
      storeReachable: null,
      backgroundTasks: null,
      upstream: null,
    });
  });
});
