import { healthResponseSchema, type HealthStatus } from '../../../shared/responses/health';
import { toWorkerError } from '../http/error-answer';
import type { OperationDeps } from './operation-deps';
import type { UpstreamSummary } from './health-upstream-monitor';

export type OverallStatus = 'ok' | 'degraded' | 'down';

/** `GET /api/health`. */
export interface HealthAnswer {
  /** down: the store or the API is unreachable, or the API says Unhealthy; degraded: some failing. */
  status: OverallStatus;
  api:
    | { reachable: true; status: HealthStatus; groups: Record<string, HealthStatus> }
    | { reachable: false; error: { code: string; message: string } };
  worker: {
    mode: 'sandbox' | 'live';
    startedAt: string;
    uptimeSeconds: number;
    store: { reachable: boolean };
    upstream: UpstreamSummary;
    /** Fetches still running after their request answered. */
    backgroundTasks: number;
  };
}

/** Above this share of failed recent calls the worker calls itself degraded. */
const DEGRADED_ERROR_SHARE = 0.2;

/** The API's own /health (free, never rate limited) next to the worker's view of itself. */
export async function checkHealth(deps: OperationDeps, startedAt: number): Promise<HealthAnswer> {
  const [api, storeReachable] = await Promise.all([apiHealth(deps), storeHealth(deps)]);
  const upstream = deps.upstreamMonitor.summary();
  const errorShare = upstream.recentCalls === 0 ? 0 : upstream.recentErrors / upstream.recentCalls;
  let status: OverallStatus = 'ok';
  if (!storeReachable || !api.reachable || api.status === 'Unhealthy') status = 'down';
  else if (api.status === 'Degraded' || errorShare >= DEGRADED_ERROR_SHARE) status = 'degraded';
  const now = deps.clock.now();
  return {
    status,
    api,
    worker: {
      mode: deps.config.mode,
      startedAt: new Date(startedAt).toISOString(),
      uptimeSeconds: Math.max(0, Math.round((now - startedAt) / 1000)),
      store: { reachable: storeReachable },
      upstream,
      backgroundTasks: deps.background.pending,
    },
  };
}

async function apiHealth(deps: OperationDeps): Promise<HealthAnswer['api']> {
  try {
    const body = await deps.upstream.request('health', { parse: (json) => healthResponseSchema.parse(json) });
    return { reachable: true, status: body.status, groups: body.groups ?? {} };
  } catch (error) {
    const answer = toWorkerError(error);
    return { reachable: false, error: { code: answer.code, message: answer.message } };
  }
}

async function storeHealth(deps: OperationDeps): Promise<boolean> {
  try {
    await deps.store.cache.get('health', 'probe');
    return true;
  } catch {
    return false;
  }
}
