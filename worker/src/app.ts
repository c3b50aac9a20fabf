import express, { type Express, type RequestHandler } from 'express';
import { WORKER_ROUTES } from '../../shared/worker-api/routes';
import { formulaAllowanceRoutes } from './budgets/formula-allowance-router';
import { deliveryRoutes } from './jobs/delivery/delivery-router';
import { editProofRoutes } from './documents/edit-proof-router';
import { budgetsRoutes } from './budgets/budgets-router';
import { usageRoutes } from './budgets/usage-router';
import { errorHandler, notFoundHandler } from './request-io/error-answer';
import { createHealthProbes, type HealthProbes } from './http/health-probes';
import { openApiRoutes } from './openapi/openapi-router';
import { requestRateLimit } from './http/request-rate-limit';
import { ROUTE_SCHEMAS } from './openapi/route-schemas';
import { tableRoutes } from './http/table-routes';
import type { ServedRoute } from './request-io/served-route';
import { securityHeaders } from './http/security-headers';
import type { AuthLogger } from './identity/authenticate';
import type { CredentialChecker } from './identity/credential-checker';
import { createKeysRouter, keyListRoutes } from './documents/keys-router';
import { documentStatusRoutes } from './schedules/document-status-router';
import type { JobDeliveries } from './jobs/delivery/job-delivery';
import type { JobRunner } from './jobs/job-runner';
import { jobsRoutes } from './jobs/jobs-router';
import { requestContext } from './logging/request-context';
import { EMAIL_SEARCH_PATH, emailSearchHandlers } from './operations/email-search/email-search-router';
import type { WorkerConfig } from './config';
import type { OperationDeps } from './operations/operation-deps';
import { operationRoutes } from './operations/operation-routes';
import { REPORTS_PATH, reportsHandlers } from './operations/reports/reports-router';
import type { Scheduler } from './schedules/scheduler';
import { scheduleSearchRoutes } from './schedules/schedule-search-router';
import { scheduleTakeoverRoutes } from './schedules/schedule-takeover-router';
import type { AlertSenders } from './schedules/schedule-alerts';
import { scheduleRoutes } from './schedules/schedules-router';
import { scheduleAlertsRoutes } from './schedules/schedule-alerts-router';

/** The sandbox's Express app, served under `/sandbox` (so `/sandbox/v1` is its API). */
export interface MountedSandbox {
  app: Express;
}

/** The local playground's routes (worker/playground): `/` for browsers and `/playground/...`. */
export interface MountedPlayground {
  router: RequestHandler;
}

export interface AppDeps extends OperationDeps {
  /** All of the worker's settings; operations see only theirs (OperationSettings). */
  config: WorkerConfig;
  /** The credential checker behind `authenticate`; `POST /api/keys` takes ID tokens only through it. */
  checker: CredentialChecker;
  authLogger?: AuthLogger;
  /** The worker's one job runner: the jobs routes submit to it, index.ts resumes and stops it. */
  jobRunner: JobRunner;
  /** Server delivery of jobs' rows into sheets (jobs/delivery/job-delivery.ts): index.ts resumes and stops it. */
  jobDeliveries: JobDeliveries;
  /** Scheduled shared reports' runs (schedules/scheduler.ts): index.ts starts and stops it. */
  scheduler: Scheduler;
  /** How failed runs are e-mailed and posted, the scheduler's and the add-on's (SMTP_* by default). */
  alerts?: AlertSenders;
  /** Sandbox mode: mounted before the worker's routes and rate limits (its caller is this worker). */
  sandbox?: MountedSandbox | null;
  /** Sandbox mode with `npm start`: the playground page and its routes; never in live mode. */
  playground?: MountedPlayground | null;
  /**
   * `/healthz` and `/readyz` as the process sees itself (index.ts: starting, serving, draining);
   * without them, probes of this app alone, always serving.
   */
  probes?: HealthProbes;
}

/**
 * The worker as an Express app, not listening (DESIGN "One public surface per runtime"). Every
 * `/api` route but `POST /api/keys` and `GET /api/openapi.json` needs `Authorization: Bearer <ID token | worker key | dev key>`,
 * checked before anything else is done for the request: each route reads its body after its
 * `authenticate`, with a limit sized to the route and kept beside its router
 * (request-io/json-body.ts).
 * In front of all that, every answer gets the security headers (http/security-headers.ts) and
 * every `/api` request the per-address and per-credential rate limits (http/request-rate-limit.ts).
 *
 * - `GET /` a short description of the worker
 * - `GET /healthz`, `GET /readyz` liveness and readiness for the host, no credential (http/health-probes.ts)
 * - `GET /api/openapi.json` every route as OpenAPI 3.1 (openapi/openapi.ts; the table: shared/worker-api/routes.ts)
 * - `POST|GET /api/keys`, `DELETE /api/keys/:id` worker keys (documents/keys-router.ts)
 * - `GET /api/account/usage`, `GET|PUT /api/budgets` spend and budgets (budgets/)
 * - `GET /api/account` the API account and this user's spend
 * - `GET /api/health` the API's health and the worker's own (admins: contract drift too)
 * - `GET /api/admin/unreadable-answers[/:id]` paid answers this version could not read (admins)
 * - `POST /api/reports`, `POST /api/email-search` the sheet operations
 * - `/api/documents/:documentId/schedules`, `/api/schedules[/:id[/run]]` scheduled shared reports
 * - `/sandbox/v1/...`, `/sandbox/_sandbox/...` the sandbox, in sandbox mode
 * - `GET /` in a browser and `/playground/...`: the local playground, when mounted (sandbox mode)
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.use(securityHeaders());
  // Answers are computed per request and mostly POSTs; nobody sends If-None-Match, and hashing
  // every body for an ETag was a measurable share of a cached report's answer.
  app.set('etag', false);
  // First after the headers: no credential, rate limit or request log for the host's probes.
  app.use(
    (deps.probes ?? createHealthProbes({ phase: () => 'serving', store: deps.store, logger: deps.logger }))
      .router,
  );
  if (deps.sandbox) app.use('/sandbox', deps.sandbox.app);
  // Before the request log: the page polls its state every second.
  if (deps.playground) app.use(deps.playground.router);

  app.use(requestContext(deps.logger));
  app.get('/', (_req, res) => {
    res.json({
      name: 'Creator Sheets worker',
      mode: deps.config.mode,
      api: '/api',
      ...(deps.sandbox ? { sandbox: '/sandbox/v1' } : {}),
      ...(deps.playground ? { playground: '/ (open it in a browser)' } : {}),
      docs: 'Every /api route takes "Authorization: Bearer <Google ID token, worker key or dev key>"',
      openapi: WORKER_ROUTES.openApi.path,
    });
  });

  app.use(
    '/api',
    requestRateLimit({
      perCredential: deps.config.rateLimits.perKey,
      perAddress: deps.config.rateLimits.perAddress,
      clock: deps.clock,
    }),
  );
  const { authenticate, checker, authLogger, store } = deps;
  // Express tries routes in order: the sheet's formulas (reports, e-mail search) come first, as
  // they are called on every recalculation, far more often than anything else, and on the app
  // itself: a router of their own costs every recalculation a pass through it.
  app.post(REPORTS_PATH, ...reportsHandlers(deps));
  app.post(EMAIL_SEARCH_PATH, ...emailSearchHandlers(deps));
  app.use(
    createKeysRouter({
      checker,
      keys: store.keys,
      editAccess: deps.editAccess,
      changes: store.documentChanges,
      titles: store.documentTitles,
      sheetAccess: deps.sheetAccess,
      unprovenDocumentKeys: deps.config.unprovenDocumentKeys,
      ...(authLogger ? { logger: authLogger } : {}),
    }),
  );
  app.use(tableRoutes(routesFromTable(deps), { authenticate, schemas: ROUTE_SCHEMAS }));

  app.use(notFoundHandler());
  app.use(errorHandler(deps.logger));
  return app;
}

/**
 * The routes served from the table (http/table-routes.ts), each feature giving its handlers: the
 * OpenAPI description, listing and revoking keys, usage and budgets, the formula allowance, the
 * proof of edit access, server delivery, a document's status, schedule alerts, the operations and
 * the jobs.
 */
function routesFromTable(deps: AppDeps): ServedRoute[] {
  const { store, guard } = deps;
  return [
    ...openApiRoutes(),
    ...keyListRoutes({ keys: store.keys, titles: store.documentTitles, changes: store.documentChanges }),
    ...usageRoutes({ guard, ledger: store.ledger, clock: deps.clock }),
    ...budgetsRoutes({ budgets: store.budgets, guard, defaults: deps.config.budgets }),
    ...editProofRoutes({ editAccess: deps.editAccess, sheetAccess: deps.sheetAccess }),
    ...deliveryRoutes({ access: deps.sheetAccess, editAccess: deps.editAccess }),
    ...documentStatusRoutes({
      guard,
      keys: store.keys,
      allowances: store.formulaAllowances,
      changes: store.documentChanges,
      schedules: store.schedules,
      editAccess: deps.editAccess,
      clock: deps.clock,
    }),
    ...formulaAllowanceRoutes({
      guard,
      keys: store.keys,
      allowances: store.formulaAllowances,
      editAccess: deps.editAccess,
      changes: store.documentChanges,
      schedules: store.schedules,
      kick: () => deps.scheduler.kick(),
    }),
    ...scheduleAlertsRoutes({ store, editAccess: deps.editAccess, email: deps.config.smtp !== null }),
    ...operationRoutes(deps),
    ...jobsRoutes(deps),
    ...scheduleRoutes({
      store,
      editAccess: deps.editAccess,
      sheetAccess: deps.sheetAccess,
      clock: deps.clock,
      kick: () => deps.scheduler.kick(),
      alerts: deps.alerts ?? { smtp: deps.config.smtp },
      logger: deps.logger,
    }),
    ...scheduleSearchRoutes(deps),
    ...scheduleTakeoverRoutes({
      store,
      editAccess: deps.editAccess,
      sheetAccess: deps.sheetAccess,
      clock: deps.clock,
      alerts: deps.alerts ?? { smtp: deps.config.smtp },
      logger: deps.logger,
    }),
  ];
}
