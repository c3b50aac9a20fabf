import type { HealthDetails } from '../shared/health-api';
import { optionalNumberAt, optionalStringAt, type JsonRecord } from './worker-answers';
import { callWorker } from './worker-client';
import { toHealthView } from './worker-health';

/**
 * `GET /api/health` in full for the Health section: the badge's view (worker-health.ts reads it)
 * and the details it leaves out. Every detail is optional: an older worker answers without them.
 */

function recordAt(record: JsonRecord, key: string): JsonRecord | null {
  const value = record[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : null;
}

function apiError(api: JsonRecord | null): string | null {
  if (api === null || api.reachable === true) return null;
  const error = recordAt(api, 'error');
  return error === null ? null : optionalStringAt(error, 'message');
}

function lastErrorOf(upstream: JsonRecord): { description: string; at: string | null } | null {
  const last = recordAt(upstream, 'lastError');
  if (last === null) return null;
  const status = optionalNumberAt(last, 'status');
  const code = optionalStringAt(last, 'code') ?? 'error';
  const operation = optionalStringAt(last, 'operation');
  return {
    description: `${status === null ? '' : `${status} `}${code}${operation === null ? '' : ` on ${operation}`}`,
    at: optionalStringAt(last, 'at'),
  };
}

function upstreamOf(worker: JsonRecord | null): HealthDetails['worker']['upstream'] {
  const upstream = worker === null ? null : recordAt(worker, 'upstream');
  if (upstream === null) return null;
  const calls = optionalNumberAt(upstream, 'recentCalls');
  if (calls === null) return null;
  return {
    calls,
    errors: optionalNumberAt(upstream, 'recentErrors') ?? 0,
    retries: optionalNumberAt(upstream, 'recentRetries') ?? 0,
    windowMinutes: Math.round((optionalNumberAt(upstream, 'windowMs') ?? 5 * 60_000) / 60_000),
    lastError: lastErrorOf(upstream),
  };
}

export function toHealthDetails(answer: unknown, checkedAt: string): HealthDetails {
  const view = toHealthView(answer, checkedAt);
  const record = answer as JsonRecord;
  const worker = recordAt(record, 'worker');
  const store = worker === null ? null : recordAt(worker, 'store');
  return {
    view,
    apiError: apiError(recordAt(record, 'api')),
    worker: {
      startedAt: worker === null ? null : optionalStringAt(worker, 'startedAt'),
      storeReachable: store === null || typeof store.reachable !== 'boolean' ? null : store.reachable,
      backgroundTasks: worker === null ? null : optionalNumberAt(worker, 'backgroundTasks'),
      upstream: upstreamOf(worker),
    },
  };
}

export function fetchHealthDetails(): HealthDetails {
  return toHealthDetails(callWorker({ method: 'get', path: 'api/health' }), new Date().toISOString());
}
