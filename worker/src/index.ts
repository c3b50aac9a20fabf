import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import type { DestinationStream, Logger } from 'pino';
import { systemClock, timerSleep } from '../common/clock';
import { createApp, type AppDeps, type MountedPlayground, type MountedSandbox } from './app';
import { startReconciler } from './billing/balance-reconciliation';
import { recoverPaidCalls, startPaidCallRecovery } from './billing/paid-call-recovery';
import { createUpstreamFromConfig, createWorkerDeps, googleIdTokenVerifier } from './app-deps';
import type { WorkerConfig } from './config';
import { createHealthProbes, type WorkerPhase } from './http/health-probes';
import { securityHeaders } from './http/security-headers';
import { serverTimeouts } from './http/server-timeouts';
import { createLogger } from './logging/logger';
import { serveMetrics } from './metrics/metrics-server';
import { createWorkerMetrics } from './metrics/worker-metrics';
import { createUpstreamMonitor } from './operations/health/health-upstream-monitor';
import type { IdTokenVerifier } from './identity/id-token-verifier';
import { lockDataDir } from './store/sqlite/data-dir-lock';
import { keyPolicyOf } from './store/rows/worker-key-rules';
import { openWorkerStore } from './store/open-worker-store';
import type { Store } from './store/store';

/**
 * The worker's process around its app: takes its data directory (one worker process per SQLite
 * directory: store/sqlite/data-dir-lock.ts), opens the store (recovering paid calls a crash left open),
 * listens (sandbox mode: on loopback only, unless HOST says otherwise; live: on every interface),
 * resumes unfinished jobs, purges and reconciles on a schedule, and stops gracefully. What it
 * serves beside its API (the sandbox, the playground) is handed in by the composition root,
 * worker/start.ts: nothing here knows their code. The server cuts off requests whose headers or
 * body arrive too slowly (http/server-timeouts.ts).
 */

export interface ServeWorkerOptions {
  config: WorkerConfig;
  /** Sandbox mode's development key; null with a real API token. */
  devKey: string | null;
  /** Where JSON log lines go; stdout by default. */
  logDestination?: DestinationStream;
  /** How long stop() waits for requests in flight and background fetches; 10 s by default. */
  shutdownGraceMs?: number;
  /**
   * Sandbox mode: the stand-in API, mounted at `/sandbox` before the worker's routes; its `/v1`
   * is the worker's upstream, reached over real HTTP through loopback like the real API.
   */
  localUpstream?: MountedSandbox | null;
  /**
   * Started once the server listens, with the address this process reaches itself at: the
   * playground, which calls the worker like Google would. Null: nothing to mount.
   */
  startFront?: (selfUrl: string, logger: Logger) => Promise<MountedFront | null>;
}

/** Something served beside the API that signs its own users in (the playground). */
interface MountedFront extends MountedPlayground {
  /** Google's verifier for the worker, with this front's own sign-in beside it. */
  verifier(google: IdTokenVerifier): IdTokenVerifier;
  /** The worker's Sheets settings, or this front's own Google's in their place (the playground's). */
  sheets?(configured: WorkerConfig['sheets']): Promise<WorkerConfig['sheets']>;
  /** Called first when the worker stops: requests it has in flight fail instead of waiting. */
  stop(): Promise<void>;
}

export interface ServedWorker {
  server: Server;
  port: number;
  /** e.g. `http://localhost:8787` */
  url: string;
  /** The upstream's base URL: the real API's, or the mounted sandbox's `/sandbox/v1`. */
  upstreamUrl: string;
  config: WorkerConfig;
  devKey: string | null;
  deps: AppDeps;
  logger: Logger;
  /**
   * Refuses new `/api` requests (503; `/readyz` says it is shutting down), lets those in flight and
   * their background fetches finish (within the grace period), then closes the server and the
   * store and lets the data directory go. Idempotent.
   */
  stop(): Promise<void>;
}

const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
const WARM_UP_TIMEOUT_MS = 10_000;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Longer than a live instance can have a paid call on its way: every attempt's timeout, and a minute. */
function inFlightGraceMs(config: WorkerConfig): number {
  return config.upstream.timeoutMs * config.upstream.maxAttempts + 60_000;
}
/** Finished jobs (and their rows) are kept a week, long enough to write them into a sheet. */
const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export async function serveWorker(options: ServeWorkerOptions): Promise<ServedWorker> {
  const { config, devKey } = options;
  const logger = createLogger({
    level: config.logLevel,
    ...(options.logDestination ? { destination: options.logDestination } : {}),
    // The sandbox's token is no secret (worker/start.ts prints it); the real one and the dev key are.
    secrets: [
      ...(config.mode === 'live' ? [config.upstream.token] : []),
      ...(devKey === null ? [] : [devKey]),
      ...(config.dataSecret?.spellings() ?? []),
    ],
  });
  for (const warning of config.warnings) logger.warn(warning);
  const grace = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;

  const { store, releaseDataDir } = await openDataDir(config, logger);
  store.availability.onBack(() => logger.info('the store answers again: paid calls and writes go on'));
  try {
    // On Postgres another instance's lock may only have blinked: its calls under way stay its own.
    await recoverPaidCalls(
      store,
      logger,
      store.engine === 'postgres' ? Date.now() - inFlightGraceMs(config) : undefined,
    );
  } catch (error) {
    await store.close();
    releaseDataDir();
    throw error;
  }
  const sandbox = options.localUpstream ?? null;
  let app: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  let draining = false;
  let inFlight = 0;
  const idleWaiters: (() => void)[] = [];
  const phase = (): WorkerPhase => (draining ? 'draining' : app === null ? 'starting' : 'serving');
  const probes = createHealthProbes({ phase, store, logger });

  // The sandbox's own requests come from this worker's upstream client: they must go on while the
  // worker drains, or a request in flight could not finish.
  const isSandboxPath = (req: IncomingMessage) => (req.url ?? '').startsWith('/sandbox/');
  // The answers below bypass the app, not its security headers.
  const secure = securityHeaders();
  const server = createServer(serverTimeouts(config.requestTimeoutMs), (req, res) => {
    const sandboxPath = isSandboxPath(req);
    if (app === null || (draining && !sandboxPath)) {
      secure(req, res, () => {
        // The host's probes are answered all the same: alive, and not ready (starting or draining).
        if (probes.answer(req, res)) return;
        res.writeHead(503, { 'Content-Type': 'application/json', Connection: 'close', 'Retry-After': '5' });
        res.end(
          JSON.stringify({
            error: {
              code: 'unavailable',
              message: draining
                ? 'The worker is shutting down; try again in a moment'
                : 'The worker is starting; try again in a moment',
            },
          }),
        );
      });
      return;
    }
    if (!sandboxPath) {
      inFlight += 1;
      res.once('close', () => {
        inFlight -= 1;
        if (inFlight === 0) idleWaiters.splice(0).forEach((wake) => wake());
      });
    }
    app(req, res);
  });

  let port: number;
  const metrics = createWorkerMetrics();
  let metricsServer: Server | null = null;
  try {
    port = await listen(server, config.port, config.host);
    if (config.metricsPort !== null)
      metricsServer = await serveMetrics(metrics, config.metricsPort, config.host, logger);
  } catch (error) {
    await closeServer(server);
    await store.close();
    releaseDataDir();
    throw error;
  }
  const url = `http://${printableHost(config.host)}:${port}`;
  // How this process reaches itself (the mounted sandbox, the playground's Apps Script).
  const selfUrl = `http://${selfHost(config.host)}:${port}`;

  const upstreamMonitor = createUpstreamMonitor(systemClock);
  const baseUrl = config.upstream.baseUrl ?? `${selfUrl}/sandbox/v1`;
  const upstream = createUpstreamFromConfig(config, {
    baseUrl,
    logger,
    monitor: upstreamMonitor,
    metrics,
    drift: store.drift,
    sharedPace: (tokenHash) => store.sharedPace(tokenHash),
  });
  const playground = (await options.startFront?.(selfUrl, logger)) ?? null;
  const sheets = (await playground?.sheets?.(config.sheets)) ?? config.sheets;
  const deps = {
    ...createWorkerDeps({
      config: sheets === config.sheets ? config : { ...config, sheets },
      store,
      upstream,
      upstreamMonitor,
      logger,
      devKey,
      sandbox,
      metrics,
      // The playground signs its user in with a Google of its own, beside the real one.
      ...(playground === null ? {} : { verifier: playground.verifier(googleIdTokenVerifier(config)) }),
    }),
    playground,
    probes,
  };
  const warmUp = new AbortController();
  warmUpUpstream(deps, logger, warmUp.signal);
  app = createApp(deps);
  // Jobs that were running when the worker last stopped (even by kill -9) go on from their last
  // checkpoint; batches already committed are neither fetched nor paid again.
  const jobs = deps.jobRunner;
  jobs.resumeUnfinished().catch((error: unknown) => logger.error({ err: error }, 'jobs could not resume'));
  // So do server deliveries with rows left to write: from the rows the store says Google took.
  deps.jobDeliveries
    .resume()
    .catch((error: unknown) => logger.error({ err: error }, 'server deliveries could not resume'));
  // Scheduled shared reports: a schedule whose time passed while the worker was down runs once.
  deps.scheduler.start();

  const purge = setInterval(() => {
    store.cache.purgeExpired().catch((error: unknown) => logger.warn({ err: error }, 'cache purge failed'));
    store.jobs
      .purgeFinished(Date.now() - FINISHED_JOB_RETENTION_MS)
      .catch((error: unknown) => logger.warn({ err: error }, 'job purge failed'));
    store.paidCalls
      .purge()
      .catch((error: unknown) => logger.warn({ err: error }, 'paid-call journal purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  const recovery =
    store.engine === 'postgres'
      ? startPaidCallRecovery(store, logger, { clock: systemClock, graceMs: inFlightGraceMs(config) })
      : null;
  // The ledger checked against the account's balance; in sandbox mode too, against the sandbox's.
  const reconciler =
    config.reconcileEveryMs > 0
      ? startReconciler(
          {
            store,
            upstream,
            clock: systemClock,
            sleep: timerSleep,
            logger,
            // A call may wait its turn in the throttle after it was journaled: the grace covers it.
            billingWindowMs: inFlightGraceMs(config),
          },
          config.reconcileEveryMs,
        )
      : null;

  logger.info({ port, host: config.host, mode: config.mode }, 'worker listening');

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      const deadline = Date.now() + grace;
      draining = true;
      warmUp.abort();
      // Its requests in flight wait for its process: they fail now instead.
      await playground?.stop();
      // With the real API nothing needs this server any more: stop accepting connections now.
      if (sandbox === null) server.close();
      server.closeIdleConnections();
      if (inFlight > 0)
        await waitUntil(new Promise<void>((resolve) => idleWaiters.push(resolve)), deadline - Date.now());
      const finished = await deps.background.drain(Math.max(0, deadline - Date.now()));
      if (!finished)
        logger.warn({ pending: deps.background.pending }, 'background fetches cut short by shutdown');
      // Running batches finish and commit before the server closes: in sandbox mode they still
      // call the sandbox through it. A batch cut short by the deadline is redone on resume.
      if (!(await jobs.stop(Math.max(0, deadline - Date.now()))))
        logger.warn('job batches cut short by shutdown; they resume at the next start');
      // Deliveries hand their leases back for a live instance to go on with; a block Google took
      // and the store did not count yet is written again, at the same cells.
      await deps.jobDeliveries.stop();
      // Runs under way are cut short and their leases handed back at once: a live instance runs
      // them again now (not counted here; what they bought is cached).
      await deps.scheduler.stop(0);
      clearInterval(purge);
      if (metricsServer !== null) await closeServer(metricsServer);
      reconciler?.stop();
      recovery?.stop();
      await closeServer(server);
      await store.close();
      releaseDataDir();
      logger.info('worker stopped');
    })();
    return stopping;
  };

  return { server, port, url, upstreamUrl: baseUrl, config, devKey, deps, logger, stop };
}

/**
 * The data directory taken for this process, then its store: a second worker on the same
 * directory stops here, before it reads or writes anything, with a sentence saying why. The
 * secret is DATA_SECRET's when set, else the directory's own file.
 */
async function openDataDir(
  config: WorkerConfig,
  logger: Logger,
): Promise<{ store: Store; releaseDataDir: () => void }> {
  // Postgres (DATABASE_URL): one store for every instance, nothing of it in DATA_DIR to lock.
  const lock = config.databaseUrl === null ? lockDataDir(config.dataDir) : null;
  try {
    const store = await openWorkerStore({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
      dataSecret: config.dataSecret,
      reportCacheDays: config.reportCacheDays,
      keyPolicy: keyPolicyOf(config),
      onFlushError: (error) =>
        logger.warn({ err: error }, 'cache savings could not be written to the ledger; trying again'),
      onConnectionError: (error) => logger.warn({ err: error }, 'a connection to the Postgres store failed'),
      onUnrecordedNotice: ({ message, calls, error }) =>
        logger.warn({ calls, ...(error === undefined ? {} : { err: error }) }, message),
    });
    return { store, releaseDataDir: () => lock?.release() };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * One call of the API's `/health` (free, not rate limited) right after start. The first request a
 * process sends pays for setting up its HTTP client (about 0.1 s here); a paid request paying it
 * would reach the API that much after its turn, close enough to the next one's to draw a 429 from
 * a limit of 2 per second. It also says early in the log whether the API can be reached.
 */
function warmUpUpstream(deps: AppDeps, logger: Logger, stopped: AbortSignal): void {
  deps.upstream
    .request('health', { signal: AbortSignal.any([stopped, AbortSignal.timeout(WARM_UP_TIMEOUT_MS)]) })
    .then(() => logger.info('Discovery API reachable'))
    .catch((error: unknown) => {
      if (stopped.aborted) return;
      logger.warn(
        { err: error },
        'Discovery API not reachable at start; requests will try again when they need it',
      );
    });
}

function listen(server: Server, port: number, host: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const where = host === null ? `port ${port}` : `${host} port ${port}`;
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Worker: ${where} is in use; set PORT to another one`
            : `Worker: could not listen on ${where}: ${error.message}${host === null ? '' : ' (check HOST)'}`,
        ),
      );
    };
    server.once('error', onError);
    const listening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    if (host === null) server.listen(port, listening);
    else server.listen(port, host, listening);
  });
}

/** `0.0.0.0` and `::` mean every interface, this machine's loopback included. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/**
 * The host in the printed address: where a person on this machine opens it. `localhost` for
 * loopback too: browsers and Node's fetch try both of its addresses. It also keeps a caller in
 * this process (a test) off the connections the worker keeps to its own mounted sandbox at
 * 127.0.0.1, which stopping closes under it.
 */
function printableHost(host: string | null): string {
  if (host === null || EVERY_INTERFACE.has(host) || host === '127.0.0.1' || host === '::1')
    return 'localhost';
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** The host this process calls itself at: loopback whenever it listens there. */
function selfHost(host: string | null): string {
  if (host === null || EVERY_INTERFACE.has(host)) return '127.0.0.1';
  return isIP(host) === 6 ? `[${host}]` : host;
}

async function waitUntil(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      server.closeAllConnections();
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
