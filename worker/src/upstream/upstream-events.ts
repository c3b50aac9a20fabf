import type { HttpMethod, OperationId, RateFamily } from '../../../shared/operations';
import type { DriftFinding } from '../../../shared/responses/tolerant';
import type { RetryReason } from './retry-rules';
import { redactSecrets } from './upstream-error';

type LogFields = Record<string, string | number | boolean | null>;

/** `console` fits. Lines carry operation, path, status and code: never the token or a body. */
export interface UpstreamLogger {
  debug(message: string, fields: LogFields): void;
  warn(message: string, fields: LogFields): void;
}

interface EventBase {
  operationId: OperationId;
  family: RateFamily;
}

/**
 * What the client reports while it works, so the worker can count calls, waits and failures
 * (health, metrics, the per-user call count). Paths are encoded paths without the query string.
 */
export type UpstreamEvent =
  | (EventBase & { type: 'throttled'; attempt: number; waitedMs: number })
  | (EventBase & { type: 'attempt'; attempt: number; method: HttpMethod; path: string })
  | (EventBase & {
      type: 'response';
      attempt: number;
      /** null for network errors and timeouts. */
      status: number | null;
      /** null on success. */
      code: string | null;
      durationMs: number;
    })
  | (EventBase & {
      type: 'retry';
      attempt: number;
      delayMs: number;
      reason: RetryReason;
      status: number | null;
    })
  /**
   * A 2xx read against its schema: what it lacked against the contract (`findings`, often none),
   * or that it could not be read at all (`unreadable`, with the problems' paths).
   */
  | (EventBase & { type: 'read'; findings: DriftFinding[]; unreadable: string[] | null })
  | (EventBase & {
      type: 'settled';
      ok: boolean;
      attempts: number;
      status: number | null;
      code: string | null;
      durationMs: number;
    });

/** How the client tells: log lines scrubbed of the secrets, and events to the worker's listener. */
export interface UpstreamReporter {
  log(level: keyof UpstreamLogger, message: string, fields: LogFields): void;
  emit(event: UpstreamEvent): void;
}

export function createUpstreamReporter(
  logger: UpstreamLogger | undefined,
  onEvent: ((event: UpstreamEvent) => void) | undefined,
  secrets: readonly string[],
): UpstreamReporter {
  function log(level: keyof UpstreamLogger, message: string, fields: LogFields): void {
    if (logger === undefined) return;
    const safe: LogFields = {};
    for (const [key, value] of Object.entries(fields)) {
      safe[key] = typeof value === 'string' ? redactSecrets(value, secrets) : value;
    }
    logger[level](redactSecrets(message, secrets), safe);
  }

  function emit(event: UpstreamEvent): void {
    if (onEvent === undefined) return;
    try {
      onEvent(event);
    } catch (error) {
      // A broken metrics hook must not fail a request that may already have been paid for.
      log('warn', 'upstream onEvent listener threw', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  return { log, emit };
}
