import { toHealthView } from '../../../../addon/server/health/worker-health';

describe('toHealthView', () => {
  it('maps the worker health answer for the badge', () => {
    expect(
      toHealthView(
        {
          status: 'degraded',
          api: {
            reachable: true,
            status: 'Degraded',
            groups: { search: 'Healthy', reports: 'Degraded', odd: 'Meh' },
          },
          worker: { mode: 'live', uptimeSeconds: 3600, store: { reachable: true } },
        },
        '2025-01-01T00:00:00.000Z',
      ),
    ).toEqual({
      api: {
        status: 'Degraded',
        reachable: true,
        groups: [
          { name: 'search', status: 'Healthy' },
          { name: 'reports', status: 'Degraded' },
          { name: 'odd', status: 'Unknown' },
        ],
      },
      worker: { status: 'degraded', mode: 'live', uptimeSeconds: 3600 },
      checkedAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it('reads an unreachable API as Unknown', () => {
    const view = toHealthView(
      {
        status: 'down',
        api: { reachable: false, error: { code: 'x', message: 'y' } },
        worker: { mode: 'sandbox' },
      },
      'now',
    );
    expect(view.api).toEqual({ status: 'Unknown', groups: [], reachable: false });
    expect(view.worker).toEqual({ status: 'down', mode: 'sandbox', uptimeSeconds: 0 });
  });
});
