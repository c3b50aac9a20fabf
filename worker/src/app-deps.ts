import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { systemClock, timerSleep, type Clock, type Sleep } from '../common/clock';
import { createBackgroundWork } from './concurrency/background-work';
import { createPaidCalls } from './billing/paid-call';
import { currentPaidCall } from './billing/paid-call-binding';
import { createFormulaAllowances } from './budgets/formula-allowance';
import { createJobDeliveries, type JobDeliveryOptions } from './jobs/delivery/job-delivery';
import { createEditAccess } from './documents/edit-access';
import { createSheetAccess } from './google/sheet-access';
import { createSheetsPacer, DEFAULT_SHEETS_PACE } from './google/sheets-pacer';
import { scheduledRun } from './schedules/scheduled-run';
import type { AlertSenders } from './schedules/schedule-alerts';
import { createScheduler, type SchedulerOptions } from './schedules/scheduler';
import { createBudgetGuard } from './budgets/budget-guard';
import type { WorkerConfig } from './config';
import { createAccessPolicy } from './identity/access-policy';
import { createAuthenticatorFromChecker, type AuthLogger } from './identity/authenticate';
import { createCredentialChecker } from './identity/credential-checker';
import { createIdTokenVerifier, type IdTokenVerifier } from './identity/id-token-verifier';
import { createJobRunner } from './jobs/job-runner';
import type { AppDeps, MountedSandbox } from './app';
import type { UpstreamMonitor } from './operations/health/health-upstream-monitor';
import type { OperationDeps } from './operations/operation-deps';
import { createSingleFlight } from './concurrency/single-flight';
import type { ContractDriftRepository } from './store/contract-drift-repository';
import { createWorkerMetrics, type WorkerMetrics } from './metrics/worker-metrics';
import type { Store } from './store/store';
import type { SharedPace } from './upstream/throttle';
import {
  createUpstreamClient,
  type UpstreamClient,
  type UpstreamClientOptions,
} from './upstream/request-core';

/**
 * Assembly: the worker's parts built from its config, the same way for `index.ts` and for tests,
 * so a test runs the wiring that production runs.
 */

interface UpstreamFromConfigOptions {
  /** The API's base URL; in sandbox mode the mounted sandbox's `/sandbox/v1`. */
  baseUrl: string;
  logger: Logger;
  monitor: UpstreamMonitor;
  /** Where what the answers lacked against the contract is counted (`store.drift`). */
  drift: Pick<ContractDriftRepository, 'record'>;
  clock?: Clock;
  sleep?: Sleep;
  /** Tests shorten the backoff; production keeps the client's defaults (1 s, capped at 30 s). */
  retry?: Pick<UpstreamClientOptions, 'baseDelayMs' | 'maxDelayMs'>;
  fetch?: UpstreamClientOptions['fetch'];
  /** `store.sharedPace`: one rate limit per token across the instances of a Postgres store. */
  sharedPace?: Store['sharedPace'];
  /** Counts calls, statuses and 429s for `/metrics`. */
  metrics?: Pick<WorkerMetrics, 'onUpstreamEvent'>;
}

export function createUpstreamFromConfig(
  config: WorkerConfig,
  options: UpstreamFromConfigOptions,
): UpstreamClient {
  const log = options.logger.child({ component: 'upstream' });
  return createUpstreamClient({
    baseUrl: options.baseUrl,
    token: config.upstream.token,
    timeoutMs: config.upstream.timeoutMs,
    maxAttempts: config.upstream.maxAttempts,
    rates: config.upstream.rates,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...sharedPaceOf(config, options),
    ...options.retry,
    logger: {
      debug: (message, fields) => log.debug(fields, message),
      warn: (message, fields) => log.warn(fields, message),
    },
    // The journal entry of the paid call under way (billing/paid-call-binding.ts).
    paidCall: currentPaidCall,
    onEvent: (event) => {
      options.monitor.onEvent(event);
      options.metrics?.onUpstreamEvent(event);
      if (event.type === 'read') {
        options.drift.record(event.operationId, event.findings, event.unreadable !== null);
      }
    },
  });
}

/** The pace shared by the store's instances, booked under a hash of the API token (never the token). */
function sharedPaceOf(config: WorkerConfig, options: UpstreamFromConfigOptions): { sharedPace?: SharedPace } {
  const tokenHash = createHash('sha256').update(config.upstream.token, 'utf8').digest('hex').slice(0, 32);
  const pace = options.sharedPace?.(tokenHash) ?? null;
  return pace === null ? {} : { sharedPace: pace };
}

/** Google's ID-token verifier as configured (GOOGLE_CLIENT_IDS, GOOGLE_CERTS_URL). */
export function googleIdTokenVerifier(config: WorkerConfig): IdTokenVerifier {
  return createIdTokenVerifier({
    clientIds: config.googleClientIds,
    ...(config.googleCertsUrl === null ? {} : { certsUrl: config.googleCertsUrl }),
  });
}

interface WorkerDepsOptions {
  config: WorkerConfig;
  store: Store;
  upstream: UpstreamClient;
  upstreamMonitor: UpstreamMonitor;
  logger: Logger;
  clock?: Clock;
  sleep?: Sleep;
  /** Sandbox mode's development key (ignored in live mode). */
  devKey?: string | null;
  /** Google's verifier by default (GOOGLE_CLIENT_IDS, GOOGLE_CERTS_URL); tests may pass their own. */
  verifier?: IdTokenVerifier;
  sandbox?: MountedSandbox | null;
  /** Server delivery's own clock, sleep, pace and limits (tests); the worker's clock and sleep by default. */
  delivery?: Partial<Omit<JobDeliveryOptions, 'store' | 'access' | 'logger'>>;
  /** The scheduler's own clock, sleep, lease and run (tests); the worker's and schedules/run/schedule-run.ts by default. */
  schedules?: Partial<Omit<SchedulerOptions, 'store' | 'logger'>>;
  /** What `/metrics` counts (index.ts passes the one its upstream client counts into); a new one by default. */
  metrics?: WorkerMetrics;
  /** How failed scheduled runs are e-mailed and posted (tests: a certificate to trust); SMTP_* by default. */
  alerts?: Partial<AlertSenders>;
}

export function createWorkerDeps(options: WorkerDepsOptions): AppDeps {
  const { config, store, logger } = options;
  // The scheduler's runs and the add-on's recorded runs raise their alerts through the same senders.
  const alerts: AlertSenders = { smtp: config.smtp, ...options.alerts };
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? timerSleep;
  const authLog = logger.child({ component: 'auth' });
  // The address of a refused caller is dropped, also from the reason that quotes it: logs say
  // what happened, not to whom.
  const authLogger: AuthLogger = {
    warn: (message, { email, reason, ...fields }) => {
      const safeReason =
        typeof reason === 'string' && typeof email === 'string' && email !== ''
          ? reason.split(email).join('[email]')
          : reason;
      authLog.warn({ ...fields, reason: safeReason ?? null }, message);
    },
  };
  const checker = createCredentialChecker({
    verifier: options.verifier ?? googleIdTokenVerifier(config),
    keys: store.keys,
    policy: createAccessPolicy({
      allowedDomains: config.allowedDomains,
      allowedEmails: config.allowedEmails,
      adminEmails: config.adminEmails,
      // Nothing to spend in sandbox mode: any verified Google account may try it.
      openWhenUnlisted: config.mode === 'sandbox',
    }),
    ...(config.mode === 'sandbox' && options.devKey ? { devKey: options.devKey } : {}),
  });
  const guard = createBudgetGuard({
    budgets: store.budgets,
    ledger: store.ledger,
    clock,
    defaults: config.budgets,
    shared: store.budgetHolds,
    allowances: createFormulaAllowances({
      repository: store.formulaAllowances,
      defaultPerDay: config.formulaAllowancePerDay,
    }),
  });
  const metrics = options.metrics ?? createWorkerMetrics();
  metrics.watchStore(store);
  // One pacer for every Sheets call of the worker: server delivery, scheduled runs and the sharing check alike.
  const sheetsPacer = metrics.countSheetsCalls(
    options.delivery?.pacer ??
      createSheetsPacer(
        options.delivery?.clock ?? clock,
        options.delivery?.sleep ?? sleep,
        options.delivery?.pace ?? DEFAULT_SHEETS_PACE,
      ),
  );
  const sheetAccess =
    config.sheets.identity === null
      ? null
      : createSheetAccess(
          { identity: config.sheets.identity, googleApiUrl: config.sheets.googleApiUrl },
          clock,
          sheetsPacer,
        );
  const operationDeps: OperationDeps = {
    config,
    store,
    upstream: options.upstream,
    guard,
    paid: createPaidCalls({
      guard,
      logger,
      unreadableAnswers: store.unreadableAnswers,
      journal: store.paidCalls,
      clock,
      metrics,
    }),
    singleFlight: createSingleFlight({ acrossInstances: (key, work) => store.oneAtATime(key, work) }),
    background: createBackgroundWork(),
    upstreamMonitor: options.upstreamMonitor,
    sheetAccess,
    editAccess: createEditAccess({
      access: sheetAccess,
      proofs: store.editProofs,
      clock,
      proofMs: config.editProofMs,
    }),
    authenticate: createAuthenticatorFromChecker(checker, authLogger),
    clock,
    sleep,
    logger,
    metrics,
  };
  const jobDeliveries = createJobDeliveries({
    clock,
    sleep,
    lease: { ms: config.sheetsLeaseMs },
    onTakeover: () => metrics.takeover('delivery'),
    ...options.delivery,
    pacer: sheetsPacer,
    store,
    access: operationDeps.sheetAccess,
    logger,
  });
  return {
    ...operationDeps,
    config,
    checker,
    authLogger,
    // A committed batch, and a run's end, give server delivery rows to write.
    jobRunner: createJobRunner(operationDeps, {
      lease: { ms: config.jobLeaseMs },
      hooks: { afterCommit: (job) => jobDeliveries.kick(job.id), afterRun: (id) => jobDeliveries.kick(id) },
    }),
    jobDeliveries,
    // Built here, started by index.ts (serveWorker) like the job runner's resume.
    scheduler: createScheduler({
      clock,
      sleep,
      leaseMs: config.sheetsLeaseMs,
      onTakeover: () => metrics.takeover('schedule'),
      run: scheduledRun({ ...operationDeps, sheetsPacer, alerts }),
      ...options.schedules,
      store,
      logger: logger.child({ component: 'scheduler' }),
    }),
    alerts,
    sandbox: options.sandbox ?? null,
  };
}
