import { HealthMonitor, isFailure, statusForShare } from '../../../worker/sandbox/health-monitor';
import { FakeClock } from './fake-sandbox';

/** Records `failures` failed and `total - failures` good requests in `group`. */
function fill(monitor: HealthMonitor, group: string, total: number, failures: number): void {
  for (let i = 0; i < total; i++) monitor.record([group], i < failures ? 500 : 200, 100);
}

describe('HealthMonitor', () => {
  it('puts the thresholds at 20% and above 40% failures', () => {
    expect(statusForShare(0.19)).toBe('Healthy');
    expect(statusForShare(0.2)).toBe('Degraded');
    expect(statusForShare(0.4)).toBe('Degraded');
    expect(statusForShare(0.41)).toBe('Unhealthy');
  });

  it('holds 19% vs 20% vs 40% vs 41% exactly over the newest requests', () => {
    const at = (failures: number, total: number) => {
      const monitor = new HealthMonitor(new FakeClock());
      for (let i = 0; i < total; i++) monitor.record(['reports'], i < failures ? 503 : 200, 10);
      return monitor.groupStatus('reports');
    };
    // 50 requests is the window: 9 = 18%, 10 = 20%, 20 = 40%, 21 = 42%.
    expect([at(9, 50), at(10, 50), at(20, 50), at(21, 50)]).toEqual([
      'Healthy',
      'Degraded',
      'Degraded',
      'Unhealthy',
    ]);
    // Below 50 requests the share is over those there are: 4 of 21 is 19%, 5 of 25 is 20%.
    expect([at(4, 21), at(5, 25)]).toEqual(['Healthy', 'Degraded']);
    // 41 failures, then 59 good ones: the failures are older than the newest 50.
    expect(at(41, 100)).toBe('Healthy');
  });

  it('only counts the newest 50 requests', () => {
    const monitor = new HealthMonitor(new FakeClock());
    fill(monitor, 'search', 50, 50);
    expect(monitor.groupStatus('search')).toBe('Unhealthy');
    fill(monitor, 'search', 41, 0);
    // 9 failures left among the newest 50: 18%.
    expect(monitor.groupStatus('search')).toBe('Healthy');
  });

  it('forgets requests older than 5 minutes', () => {
    const clock = new FakeClock();
    const monitor = new HealthMonitor(clock);
    fill(monitor, 'search', 10, 10);
    clock.advance(5 * 60 * 1000);
    expect(monitor.groupStatus('search')).toBe('Unhealthy');
    clock.advance(1);
    expect(monitor.groupStatus('search')).toBe('Healthy');
  });

  it('counts slow answers as failures', () => {
    expect(isFailure(200, 20_000)).toBe(false);
    expect(isFailure(200, 20_001)).toBe(true);
    expect(isFailure(499, 10)).toBe(false);
    expect(isFailure(500, 10)).toBe(true);
    const monitor = new HealthMonitor(new FakeClock());
    for (let i = 0; i < 3; i++) monitor.record(['ai-search'], 200, 25_000);
    expect(monitor.groupStatus('ai-search')).toBe('Unhealthy');
  });

  it('lists every group, Healthy without requests, and reports the worst as overall', () => {
    const monitor = new HealthMonitor(new FakeClock());
    expect(monitor.snapshot()).toEqual({
      error: false,
      status: 'Healthy',
      groups: expect.objectContaining({ search: 'Healthy', 'email-search': 'Healthy', youtube: 'Healthy' }),
    });
    fill(monitor, 'search', 10, 3);
    expect(monitor.snapshot().status).toBe('Degraded');
    monitor.record(['email-search', 'instagram'], 500, 1);
    expect(monitor.snapshot().status).toBe('Unhealthy');
    expect(monitor.snapshot().groups.instagram).toBe('Unhealthy');
    monitor.reset();
    expect(monitor.snapshot().status).toBe('Healthy');
  });
});
