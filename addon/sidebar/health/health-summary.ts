import type { HealthStatus, HealthView } from '../../bridge-contract/sidebar-api';
import { healthGroupLabel } from './health-text';

export type HealthTone = 'ok' | 'warning' | 'error' | 'unknown';

/** The header badge: a colour (tone), a word or two, and the details for its tooltip and Settings. */
export interface HealthBadge {
  tone: HealthTone;
  text: string;
  detail: string;
}

function uptimeText(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86400) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86400)} d`;
}

/**
 * The API's groups in one clause: only those not Healthy are named, the rest counted, so eleven
 * healthy groups are not a wall of words (issue 15): "all 11 groups Healthy", or "Reports
 * Degraded; 10 other groups Healthy".
 */
export function groupsClause(groups: HealthView['api']['groups']): string {
  const unwell = groups.filter((group) => group.status !== 'Healthy');
  const healthy = groups.length - unwell.length;
  if (unwell.length === 0) return `all ${groups.length} ${groups.length === 1 ? 'group' : 'groups'} Healthy`;
  const named = unwell.map((group) => `${healthGroupLabel(group.name)} ${group.status}`).join(', ');
  if (healthy === 0) return named;
  return `${named}; ${healthy} other ${healthy === 1 ? 'group' : 'groups'} Healthy`;
}

/** "API Healthy (all 11 groups Healthy). Worker ok, sandbox, up 3 h." One line; the Health section has every group. */
export function healthDetail(view: HealthView): string {
  const groups = view.api.groups.length === 0 ? '' : ` (${groupsClause(view.api.groups)})`;
  const api = view.api.reachable ? `API ${view.api.status}${groups}.` : 'The worker cannot reach the API.';
  const mode = view.worker.mode === 'unknown' ? '' : `, ${view.worker.mode}`;
  return `${api} Worker ${view.worker.status}${mode}, up ${uptimeText(view.worker.uptimeSeconds)}.`;
}

const API_TONES: Readonly<Record<HealthStatus, HealthTone>> = {
  Healthy: 'ok',
  Degraded: 'warning',
  Unhealthy: 'error',
  Unknown: 'unknown',
};

/**
 * The reading as it stands `now`: the worker has been up for as long again as passed since it was
 * checked (issue 25: "up 1 min" after 28 minutes was the reading's age, not the worker's).
 */
export function agedHealth(view: HealthView, now: number): HealthView {
  const checked = Date.parse(view.checkedAt);
  if (!Number.isFinite(checked) || now <= checked) return view;
  const uptimeSeconds = view.worker.uptimeSeconds + (now - checked) / 1000;
  return { ...view, worker: { ...view.worker, uptimeSeconds } };
}

/** The worst of the worker and the API decides the colour; the sandbox says so in the text. */
export function healthBadge(view: HealthView): HealthBadge {
  const detail = healthDetail(view);
  const sandbox = view.worker.mode === 'sandbox' ? ' (sandbox)' : '';
  if (view.worker.status === 'down') return { tone: 'error', text: 'Worker down', detail };
  if (!view.api.reachable) return { tone: 'error', text: 'API unreachable', detail };
  const apiTone = API_TONES[view.api.status];
  if (apiTone === 'error') return { tone: 'error', text: `Unhealthy${sandbox}`, detail };
  if (apiTone === 'warning' || view.worker.status === 'degraded') {
    return { tone: 'warning', text: `Degraded${sandbox}`, detail };
  }
  if (apiTone === 'unknown') return { tone: 'unknown', text: `Status unknown${sandbox}`, detail };
  return { tone: 'ok', text: `Healthy${sandbox}`, detail };
}

/** The badge when the health could not be read at all. */
export function healthUnavailable(reason: string): HealthBadge {
  return { tone: 'unknown', text: 'No status', detail: `Health could not be read: ${reason}` };
}
