import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { HealthDetails, LedgerReconciliation } from '../../bridge-contract/health-api';
import { toContractDrift } from './contract-drift-details';
import {
  optionalNumberAt,
  optionalRecordAt,
  optionalStringAt,
  type JsonRecord,
} from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { toHealthView } from './worker-health';

/**
 * `GET /api/health` in full for the Health section: the badge's view (worker-health.ts reads it)
 * and the details it leaves out. Every detail is optional: an older worker answers without them,
 * and only admins get the contract section.
 */

function apiError(api: JsonRecord | null): string | null {
  if (api === null || api.reachable === true) return null;
  const error = optionalRecordAt(api, 'error');
  return error === null ? null : optionalStringAt(error, 'message');
}

/** The status word as the service wrote it (`ok`), which the worker normalizes (`Healthy`). */
function apiSaid(api: JsonRecord | null): string | null {
  if (api === null || api.reachable !== true) return null;
  const said = optionalStringAt(api, 'said');
  return said === null || said.trim() === '' ? null : said.trim();
}

function lastErrorOf(upstream: JsonRecord): { description: string; at: string | null } | null {
  const last = optionalRecordAt(upstream, 'lastError');
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
  const upstream = worker === null ? null : optionalRecordAt(worker, 'upstream');
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

function toHealthDetails(answer: unknown, checkedAt: string): HealthDetails {
  const view = toHealthView(answer, checkedAt);
  const record = answer as JsonRecord;
  const worker = optionalRecordAt(record, 'worker');
  const store = worker === null ? null : optionalRecordAt(worker, 'store');
  return {
    view,
    apiError: apiError(optionalRecordAt(record, 'api')),
    apiSaid: apiSaid(optionalRecordAt(record, 'api')),
    worker: {
      startedAt: worker === null ? null : optionalStringAt(worker, 'startedAt'),
      storeReachable: store === null || typeof store.reachable !== 'boolean' ? null : store.reachable,
      backgroundTasks: worker === null ? null : optionalNumberAt(worker, 'backgroundTasks'),
      upstream: upstreamOf(worker),
    },
    contract: toContractDrift(record),
    reconciliation: toReconciliation(optionalRecordAt(record, 'reconciliation')),
  };
}

/** The health answer's `reconciliation` (admins), or null when it has none or not in full. */
function toReconciliation(found: JsonRecord | null): LedgerReconciliation | null {
  if (found === null) return null;
  const from = optionalStringAt(found, 'from');
  const to = optionalStringAt(found, 'to');
  const balanceDrop = optionalNumberAt(found, 'balanceDrop');
  const recorded = optionalNumberAt(found, 'recorded');
  const difference = optionalNumberAt(found, 'difference');
  if (from === null || to === null || balanceDrop === null || recorded === null || difference === null)
    return null;
  const raw = optionalRecordAt(found, 'raw');
  return {
    from,
    to,
    balanceDrop,
    recorded,
    unconfirmed: optionalNumberAt(found, 'unconfirmed') ?? 0,
    difference,
    raw: {
      drop: raw === null ? null : optionalNumberAt(raw, 'drop'),
      recorded: raw === null ? 0 : (optionalNumberAt(raw, 'recorded') ?? 0),
      difference: raw === null ? null : optionalNumberAt(raw, 'difference'),
    },
  };
}

export function fetchHealthDetails(): HealthDetails {
  return toHealthDetails(callRoute(WORKER_ROUTES.health, {}), new Date().toISOString());
}
