import { createUpstreamMonitor } from '../../../../../worker/src/operations/health/health-upstream-monitor';
import type { UpstreamEvent } from '../../../../../worker/src/upstream/upstream-events';
import { ManualClock } from '../../store/store-fixtures';

const settled = (
  ok: boolean,
  code: string | null = null,
  status: number | null = ok ? 200 : 500,
): UpstreamEvent => ({
  type: 'settled',
  operationId: 'report',
  family: 'discovery',
  ok,
  attempts: 1,
  status,
  code,
  durationMs: 10,
});

describe('createUpstreamMonitor', () => {
  it('counts calls, errors and retries of the last five minutes and remembers the last error', () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 1));
    const monitor = createUpstreamMonitor(clock);
    monitor.onEvent(settled(false, 'timeout', null));
    clock.advance(6 * 60 * 1000);
    monitor.onEvent(settled(true));
    monitor.onEvent({
      type: 'retry',
      operationId: 'report',
      family: 'discovery',
      attempt: 1,
      delayMs: 5,
      reason: 'server_error',
      status: 500,
    });
    monitor.onEvent(settled(false, 'internal_server_error'));
    monitor.onEvent({
      type: 'attempt',
      operationId: 'report',
      family: 'discovery',
      attempt: 1,
      method: 'GET',
      path: '/x',
    });

    expect(monitor.summary()).toEqual({
      recentCalls: 2,
      recentErrors: 1,
      recentRetries: 1,
      windowMs: 300_000,
      lastError: {
        at: new Date(clock.now()).toISOString(),
        operation: 'report',
        status: 500,
        code: 'internal_server_error',
      },
    });
  });

  it('ignores calls cancelled on our side', () => {
    const monitor = createUpstreamMonitor(new ManualClock());
    monitor.onEvent(settled(false, 'aborted', null));
    expect(monitor.summary()).toMatchObject({ recentCalls: 0, recentErrors: 0, lastError: null });
  });
});
