import {
  agedHealth,
  healthBadge,
  healthDetail,
  healthUnavailable,
} from '../../../../addon/sidebar/health/health-summary';
import type { HealthView } from '../../../../addon/bridge-contract/sidebar-api';

function health(
  change: { api?: Partial<HealthView['api']>; worker?: Partial<HealthView['worker']> } = {},
): HealthView {
  return {
    api: {
      status: 'Healthy',
      groups: [
        { name: 'search', status: 'Healthy' },
        { name: 'reports', status: 'Healthy' },
      ],
      reachable: true,
      ...change.api,
    },
    worker: { status: 'ok', mode: 'live', uptimeSeconds: 10800, ...change.worker },
    checkedAt: '2025-11-21T12:00:00Z',
  };
}

describe('healthBadge', () => {
  it('is green and says Healthy when all is well, noting the sandbox', () => {
    expect(healthBadge(health())).toMatchObject({ tone: 'ok', text: 'Healthy' });
    expect(healthBadge(health({ worker: { mode: 'sandbox' } }))).toMatchObject({
      tone: 'ok',
      text: 'Healthy (sandbox)',
    });
  });

  it('takes the worst of the API and the worker', () => {
    expect(healthBadge(health({ api: { status: 'Degraded' } }))).toMatchObject({
      tone: 'warning',
      text: 'Degraded',
    });
    expect(healthBadge(health({ worker: { status: 'degraded' } }))).toMatchObject({ tone: 'warning' });
    expect(healthBadge(health({ api: { status: 'Unhealthy' } }))).toMatchObject({
      tone: 'error',
      text: 'Unhealthy',
    });
    expect(healthBadge(health({ api: { reachable: false } }))).toMatchObject({
      tone: 'error',
      text: 'API unreachable',
    });
    expect(healthBadge(health({ worker: { status: 'down' } }))).toMatchObject({
      tone: 'error',
      text: 'Worker down',
    });
    expect(healthBadge(health({ api: { status: 'Unknown' } }))).toMatchObject({ tone: 'unknown' });
  });

  it('says the API and the worker in one line, naming only the groups that are not Healthy (issue 15)', () => {
    const eleven = [
      'search',
      'reports',
      'reports-audience-overlap',
      'email-search',
      'dictionaries',
      'ai-search',
      'performance-data',
      'account',
      'instagram',
      'tiktok',
      'youtube',
    ].map((name) => ({ name, status: 'Healthy' as const }));
    expect(
      healthDetail(health({ api: { groups: eleven }, worker: { mode: 'sandbox', uptimeSeconds: 29 } })),
    ).toBe('API Healthy (all 11 groups Healthy). Worker ok, sandbox, up 29 s.');
    const unwell = eleven.map((group) =>
      group.name === 'reports-audience-overlap' ? { ...group, status: 'Degraded' as const } : group,
    );
    expect(healthDetail(health({ api: { status: 'Degraded', groups: unwell } }))).toBe(
      'API Degraded (Audience overlap Degraded; 10 other groups Healthy). Worker ok, live, up 3 h.',
    );
    expect(healthDetail(health({ api: { groups: [{ name: 'reports', status: 'Degraded' }] } }))).toBe(
      'API Healthy (Reports Degraded). Worker ok, live, up 3 h.',
    );
    expect(
      healthDetail(health({ api: { reachable: false }, worker: { mode: 'unknown', uptimeSeconds: 42 } })),
    ).toBe('The worker cannot reach the API. Worker ok, up 42 s.');
  });

  it('says why there is no status when the health could not be read', () => {
    expect(healthUnavailable('Not connected')).toEqual({
      tone: 'unknown',
      text: 'No status',
      detail: 'Health could not be read: Not connected',
    });
  });
});

describe('agedHealth (issue 25)', () => {
  it('counts the time since the reading into the worker’s uptime: "up 1 min" does not outlive the minute', () => {
    const reading = health({ worker: { uptimeSeconds: 60 } });
    const later = agedHealth(reading, Date.parse('2025-11-21T12:27:00Z'));
    expect(later.worker.uptimeSeconds).toBe(60 + 27 * 60);
    expect(healthDetail(later)).toMatch(/up 28 min\.$/);
    // A clock behind the reading changes nothing.
    expect(agedHealth(reading, Date.parse('2025-11-21T11:00:00Z'))).toBe(reading);
  });
});
