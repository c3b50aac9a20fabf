import type { HealthDetails } from '../../../../addon/bridge-contract/health-api';
import {
  apiSummary,
  durationText,
  HEALTH_RULE_TEXT,
  healthGroupLabel,
  statusTone,
  workerFacts,
} from '../../../../addon/sidebar/health/health-text';

const DETAILS: HealthDetails = {
  view: {
    api: { status: 'Healthy', groups: [{ name: 'search', status: 'Healthy' }], reachable: true },
    worker: { status: 'ok', mode: 'sandbox', uptimeSeconds: 3900 },
    checkedAt: '2025-03-01T10:00:00.000Z',
  },
  apiError: null,
  apiSaid: null,
  contract: null,
  reconciliation: null,
  worker: {
    startedAt: '2025-03-01T08:55:00.000Z',
    storeReachable: true,
    backgroundTasks: 0,
    upstream: {
      calls: 1200,
      errors: 3,
      retries: 2,
      windowMinutes: 5,
      lastError: { description: '503 upstream_unavailable on search', at: '2025-03-01T09:59:00.000Z' },
    },
  },
};

const time = (iso: string) => `<${iso.slice(11, 16)}>`;

describe('health text', () => {
  it('names the groups for people, and spells out ones it does not know', () => {
    expect(healthGroupLabel('reports-audience-overlap')).toBe('Audience overlap');
    expect(healthGroupLabel('tiktok')).toBe('TikTok');
    expect(healthGroupLabel('raw_data-v2')).toBe('Raw data v2');
  });

  it('gives each status a tone, and states the rule behind them', () => {
    expect(['Healthy', 'Degraded', 'Unhealthy', 'Unknown'].map((s) => statusTone(s as 'Healthy'))).toEqual([
      'ok',
      'warning',
      'error',
      'unknown',
    ]);
    expect(HEALTH_RULE_TEXT).toBe(
      'Each group is judged on its last 50 requests of the last 5 minutes: Healthy below 20% failures, Degraded up to 40%, Unhealthy above.',
    );
  });

  it('writes uptimes the way people say them', () => {
    expect([42, 600, 3600, 3900, 86_400, 190_000].map(durationText)).toEqual([
      '42 s',
      '10 min',
      '1 h',
      '1 h 5 min',
      '1 d',
      '2 d 4 h',
    ]);
  });

  it('says what to do when the API cannot be reached', () => {
    expect(apiSummary(DETAILS)).toBe('The API is Healthy: requests are answering normally.');
    const unreachable: HealthDetails = {
      ...DETAILS,
      view: { ...DETAILS.view, api: { status: 'Unknown', groups: [], reachable: false } },
      apiError: 'The API did not answer within 30 s.',
    };
    expect(apiSummary(unreachable)).toBe(
      'The worker cannot reach the API (The API did not answer within 30 s). Try again in a minute; if it lasts, ask whoever runs the worker to check its API address and token.',
    );
  });

  it("shows the API's own word beside the status when it differs", () => {
    expect(apiSummary({ ...DETAILS, apiSaid: 'ok' })).toBe(
      'The API is Healthy (it says "ok"): requests are answering normally.',
    );
    // The same word in another case adds nothing.
    expect(apiSummary({ ...DETAILS, apiSaid: 'healthy' })).toBe(
      'The API is Healthy: requests are answering normally.',
    );
    const maintenance: HealthDetails = {
      ...DETAILS,
      view: { ...DETAILS.view, api: { ...DETAILS.view.api, status: 'Degraded' } },
      apiSaid: 'maintenance',
    };
    expect(apiSummary(maintenance)).toBe(
      'The API is Degraded (it says "maintenance"): some requests fail or are slow. Long jobs carry on and retry.',
    );
  });

  it("lists the worker's mode, uptime, store and recent API calls", () => {
    expect(workerFacts(DETAILS, time)).toEqual([
      { label: 'Status', value: 'OK' },
      { label: 'Mode', value: 'Sandbox: generated data, no real credits' },
      { label: 'Up for', value: '1 h 5 min' },
      { label: 'Started', value: '<08:55>' },
      { label: 'Store', value: 'Answers' },
      { label: 'API calls, last 5 min', value: '1,200 (3 failed, 2 retried)' },
      { label: 'Last API error', value: '503 upstream_unavailable on search, <09:59>' },
    ]);
  });

  it('leaves out what the worker did not say', () => {
    const bare: HealthDetails = {
      ...DETAILS,
      worker: { startedAt: null, storeReachable: null, backgroundTasks: null, upstream: null },
    };
    expect(workerFacts(bare, time).map((fact) => fact.label)).toEqual(['Status', 'Mode', 'Up for']);
  });
});
