import type { Clock } from '../../../common/clock';
import type { UpstreamEvent } from '../../upstream/upstream-events';
import type { UpstreamSummary } from '../../../../shared/worker-api/health';

export interface UpstreamMonitor {
  /** Pass as the upstream client's `onEvent`. */
  onEvent(event: UpstreamEvent): void;
  summary(): UpstreamSummary;
}

const UPSTREAM_MONITOR_WINDOW_MS = 5 * 60 * 1000;
/** The window is also capped in entries, so a burst cannot grow it without bound. */
const MAX_ENTRIES = 1000;

interface Entry {
  at: number;
  kind: 'ok' | 'error' | 'retry';
}

/**
 * Counts settled calls and retries over the last five minutes (the API's own health window).
 * Only codes and statuses are kept: an error message may quote what was sent.
 */
export function createUpstreamMonitor(clock: Clock, windowMs = UPSTREAM_MONITOR_WINDOW_MS): UpstreamMonitor {
  const entries: Entry[] = [];
  let lastError: UpstreamSummary['lastError'] = null;

  const prune = (now: number) => {
    while (entries.length > 0 && (entries[0].at <= now - windowMs || entries.length > MAX_ENTRIES))
      entries.shift();
  };

  return {
    onEvent(event) {
      const at = clock.now();
      if (event.type === 'retry') entries.push({ at, kind: 'retry' });
      else if (event.type === 'settled') {
        // A cancelled call (shutdown, a caller gone) says nothing about the API.
        if (!event.ok && event.code === 'aborted') return;
        entries.push({ at, kind: event.ok ? 'ok' : 'error' });
        if (!event.ok) {
          lastError = {
            at: new Date(at).toISOString(),
            operation: event.operationId,
            status: event.status,
            code: event.code ?? 'unknown',
          };
        }
      } else return;
      prune(at);
    },
    summary() {
      prune(clock.now());
      let recentCalls = 0;
      let recentErrors = 0;
      let recentRetries = 0;
      for (const entry of entries) {
        if (entry.kind === 'retry') recentRetries += 1;
        else {
          recentCalls += 1;
          if (entry.kind === 'error') recentErrors += 1;
        }
      }
      return { recentCalls, recentErrors, recentRetries, windowMs, lastError };
    },
  };
}
