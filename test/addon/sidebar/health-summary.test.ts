import { healthBadge, healthDetail, healthUnavailable } from '../../../addon/sidebar/health-summary';
import type { HealthView } from '../../../addon/shared/sidebar-api';

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

  it('details each group and the worker', () => {
    expect(healthDetail(health({ api: { groups: [{ name: 'reports', status: 'Degraded' }] } }))).toBe(
      'API Healthy (reports Degraded). Worker ok, live, up 3 h.',
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
