import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router } from 'express';
import type { Logger } from 'pino';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { LivenessAnswer, ReadinessAnswer } from '../../../shared/worker-api/probes';
import type { Store } from '../store/store';

/**
 * `GET /healthz` and `GET /readyz`, for the host that runs the worker (a container's HEALTHCHECK,
 * Cloud Run's or Kubernetes' probes, a load balancer). No credential: they are mounted before
 * authentication, the rate limits and the request log (a probe every few seconds would fill it),
 * and say nothing a stranger could use.
 *
 * - `/healthz`, liveness: the process answers HTTP. It asks nothing of the store or the API, so a
 *   slow database or an API outage never gets a healthy process restarted.
 * - `/readyz`, readiness: the worker takes requests. 503 with a sentence while it starts, while it
 *   drains on SIGTERM, while its store says it is unavailable (a lost database connection, this
 *   run's lock being taken again) and while it does not answer a trivial read within 2 s. Ready
 *   again the moment the store is back, without a restart.
 *
 * The handlers write through Node's own response methods, so index.ts can answer probes with them
 * too while the app is not serving (starting, draining), when every other request gets its 503.
 */

/** Where the worker process is in its life (index.ts knows; a bare app is always serving). */
export type WorkerPhase = 'starting' | 'serving' | 'draining';

export interface HealthProbeDeps {
  phase: () => WorkerPhase;
  /** Its availability, when it has one, says "not ready" without a read (a database restarting). */
  store: Pick<Store, 'cache'> & Partial<Pick<Store, 'availability'>>;
  logger?: Logger;
  /** How long readiness waits for the store; 2 s by default. */
  storeTimeoutMs?: number;
}

export interface HealthProbes {
  /** GET (and HEAD) `/healthz` and `/readyz`, for createApp to mount first. */
  router: Router;
  /** Answers `req` when it is a probe and says so; false for any other request. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
}

const DEFAULT_STORE_TIMEOUT_MS = 2000;
const PROBE_PATHS = {
  [WORKER_ROUTES.liveness.path]: 'liveness',
  [WORKER_ROUTES.readiness.path]: 'readiness',
} as const;
type Probe = (typeof PROBE_PATHS)[keyof typeof PROBE_PATHS];

interface NotReady {
  message: string;
}

export function createHealthProbes(deps: HealthProbeDeps): HealthProbes {
  const readiness = readinessCheck(deps);
  const respond = (probe: Probe, res: ServerResponse) => {
    if (probe === 'liveness') {
      send(res, 200, { status: 'alive' } satisfies LivenessAnswer);
      return;
    }
    readiness().then(
      (notReady) => {
        if (notReady === null) send(res, 200, { status: 'ready' } satisfies ReadinessAnswer);
        else send(res, 503, { error: { code: 'unavailable', message: notReady.message } });
      },
      // readinessCheck catches what the store throws; this is for a bug in it.
      () => send(res, 503, { error: { code: 'unavailable', message: 'The worker could not check itself' } }),
    );
  };
  const router = Router();
  router.get(WORKER_ROUTES.liveness.path, (_req, res) => respond('liveness', res));
  router.get(WORKER_ROUTES.readiness.path, (_req, res) => respond('readiness', res));
  return {
    router,
    answer(req, res) {
      const probe = probeOf(req);
      if (probe === null) return false;
      respond(probe, res);
      return true;
    },
  };
}

/** As Express matches the router's routes: GET or HEAD, a trailing slash or a query allowed. */
function probeOf(req: IncomingMessage): Probe | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const path = (req.url ?? '').split('?')[0]?.replace(/(.)\/$/, '$1') ?? '';
  return Object.hasOwn(PROBE_PATHS, path) ? PROBE_PATHS[path as keyof typeof PROBE_PATHS] : null;
}

/**
 * Null when ready, else why not. The store is asked a primary-key read that finds nothing (the
 * same one `GET /api/health` makes); its failures are logged when they start and when they end,
 * not at every probe.
 */
function readinessCheck(deps: HealthProbeDeps): () => Promise<NotReady | null> {
  const timeoutMs = deps.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  let storeFailing = false;
  return async () => {
    const phase = deps.phase();
    if (phase === 'starting') return { message: 'The worker is starting; try again in a moment' };
    if (phase === 'draining')
      return {
        message: 'The worker is shutting down: it finishes the requests it has and takes no new ones',
      };
    try {
      const problem = deps.store.availability?.problem ?? null;
      if (problem !== null) throw new Error(problem);
      await withTimeout(deps.store.cache.get('health', 'probe'), timeoutMs);
      if (storeFailing) deps.logger?.info('the store answers again: ready');
      storeFailing = false;
      return null;
    } catch (error) {
      if (!storeFailing) deps.logger?.error({ err: error }, 'the store does not answer: not ready');
      storeFailing = true;
      return { message: 'The worker cannot reach its store; its log says why' };
    }
  };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the store did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function send(res: ServerResponse, status: number, body: object): void {
  if (res.headersSent) return;
  const json = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  // A cached "ready" would outlive the readiness it reports.
  res.setHeader('Cache-Control', 'no-store');
  if (status === 503) res.setHeader('Retry-After', '5');
  res.end(json);
}
