import { healthGroupsOf, healthResponseSchema, healthStatusOf } from '../../../../shared/responses/health';
import type { ContractReport, HealthAnswer, OverallStatus } from '../../../../shared/worker-api/health';
import { reconcile } from '../../billing/balance-reconciliation';
import { toWorkerError } from '../../request-io/error-answer';
import type { Role } from '../../identity/identity';
import type { OperationDeps } from '../operation-deps';

/** How many of the latest unreadable answers the health answer lists. */
const UNREADABLE_LISTED = 10;

/** Above this share of failed recent calls the worker calls itself degraded. */
const DEGRADED_ERROR_SHARE = 0.2;

/** The API's own /health (free, never rate limited) next to the worker's view of itself. */
export async function checkHealth(
  deps: OperationDeps,
  startedAt: number,
  role: Role = 'member',
): Promise<HealthAnswer> {
  const [api, storeReachable] = await Promise.all([apiHealth(deps), storeHealth(deps)]);
  const contract = role === 'admin' && storeReachable ? await contractReport(deps) : undefined;
  const reconciliation = role === 'admin' && storeReachable ? await reconcile(deps) : undefined;
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
    ...(contract === undefined ? {} : { contract }),
    ...(reconciliation === undefined ? {} : { reconciliation }),
  };
}

/** Drift counts and the latest unreadable paid answers, without who asked (admins see the ids). */
async function contractReport(deps: OperationDeps): Promise<ContractReport> {
  const [drift, answers] = await Promise.all([
    deps.store.drift.summary(),
    deps.store.unreadableAnswers.list(UNREADABLE_LISTED),
  ]);
  return {
    ...drift,
    unreadableAnswers: answers.map(({ userEmail: _who, requestId: _request, jobId: _job, ...rest }) => rest),
  };
}

async function apiHealth(deps: OperationDeps): Promise<HealthAnswer['api']> {
  try {
    const body = await deps.upstream.request('health', { schema: healthResponseSchema });
    // The vendor's help page shows `{ "status": "ok" }` (api-notes): any case, any known word. An
    // answer with a status this version does not know came from a service that is up: Degraded
    // says "look at it" without calling it down.
    const status = healthStatusOf(body.status) ?? (body.status === undefined ? 'Healthy' : 'Degraded');
    return { reachable: true, status, groups: healthGroupsOf(body.groups), said: body.status ?? null };
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
