import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { HealthStatus, HealthView } from '../../bridge-contract/sidebar-api';
import {
  asRecord,
  optionalNumberAt,
  optionalStringAt,
  type JsonRecord,
} from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';

const API_STATUSES: readonly HealthStatus[] = ['Healthy', 'Degraded', 'Unhealthy'];

function apiStatus(value: unknown): HealthStatus {
  return (API_STATUSES as readonly unknown[]).indexOf(value) >= 0 ? (value as HealthStatus) : 'Unknown';
}

/** `GET /api/health` as the sidebar's health badge shows it. */
export function toHealthView(answer: unknown, checkedAt: string): HealthView {
  const record = asRecord(answer, 'the health answer');
  const api: JsonRecord =
    typeof record.api === 'object' && record.api !== null ? (record.api as JsonRecord) : {};
  const worker: JsonRecord =
    typeof record.worker === 'object' && record.worker !== null ? (record.worker as JsonRecord) : {};
  const reachable = api.reachable === true;
  const groups =
    reachable && typeof api.groups === 'object' && api.groups !== null
      ? Object.keys(api.groups).map((name) => ({
          name,
          status: apiStatus((api.groups as JsonRecord)[name]),
        }))
      : [];
  const overall = optionalStringAt(record, 'status');
  const mode = optionalStringAt(worker, 'mode');
  return {
    api: { status: reachable ? apiStatus(api.status) : 'Unknown', groups, reachable },
    worker: {
      status: overall === 'ok' || overall === 'degraded' || overall === 'down' ? overall : 'degraded',
      mode: mode === 'sandbox' || mode === 'live' ? mode : 'unknown',
      uptimeSeconds: optionalNumberAt(worker, 'uptimeSeconds') ?? 0,
    },
    checkedAt,
  };
}

export function fetchHealth(): HealthView {
  return toHealthView(callRoute(WORKER_ROUTES.health, {}), new Date().toISOString());
}
