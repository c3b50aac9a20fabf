import { createMetricsRegistry } from '../../../../worker/src/metrics/prometheus-text';

describe('createMetricsRegistry', () => {
  it('writes counters by label set, gauges as read, in the Prometheus text format', async () => {
    const registry = createMetricsRegistry();
    const calls = registry.counter('calls_total', 'Calls.');
    calls.inc({ operation: 'report', status: '200' });
    calls.inc({ status: '200', operation: 'report' }, 2);
    calls.inc({ operation: 'search', status: '429' });
    registry.gauge('credits', 'Credits.', () => [{ value: 0.1 + 0.2 }]);
    expect(await registry.write()).toBe(
      [
        '# HELP calls_total Calls.',
        '# TYPE calls_total counter',
        'calls_total{operation="report",status="200"} 3',
        'calls_total{operation="search",status="429"} 1',
        '# HELP credits Credits.',
        '# TYPE credits gauge',
        'credits 0.3',
        '',
      ].join('\n'),
    );
  });

  it('escapes label values, and leaves out a gauge that cannot be read', async () => {
    const registry = createMetricsRegistry();
    registry.counter('odd_total', 'Odd.').inc({ code: 'a "quoted"\\code\n' });
    registry.gauge('broken', 'Broken.', () => Promise.reject(new Error('the store is away')));
    const failed: string[] = [];
    const text = await registry.write((name) => failed.push(name));
    expect(text).toContain('odd_total{code="a \\"quoted\\"\\\\code\\n"} 1');
    expect(text).not.toContain('broken');
    expect(failed).toEqual(['broken']);
  });
});
