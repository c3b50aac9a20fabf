/**
 * What every operation module of the worker takes, and the pattern they follow.
 *
 * An operation module (reports, e-mail search, and after them search, overlap, AI, lists,
 * collaborations, raw, dictionaries) comes in up to three files:
 * - `<name>-request.ts`: the zod schema of its body (loose objects, readable messages through
 *   `parseBody`, which answers 400 with every problem named);
 * - `<name>.ts`: the work as a plain async function `(deps, context, input) => answer`, free of
 *   Express, so that jobs can run the same code on a checkpointed batch;
 * - `<name>-router.ts`: `<name>Routes(deps): ServedRoute[]`, what serves its routes of the table
 *   (shared/worker-api/routes.ts): the schemas it reads them with (the table's own, those of
 *   openapi/route-schemas.ts: checked as the worker starts), the body limit and the handler
 *   (`served`, request-io/served-route.ts); http/table-routes.ts takes method, path and who may
 *   call from the table, and operation-routes.ts lists the module for app.ts:
 *
 * ```ts
 * export function searchRoutes(deps: OperationDeps): ServedRoute[] {
 *   return [
 *     served('search', { body: searchRequestSchema }, {
 *       bodyLimit: SEARCH_BODY_LIMIT,
 *       handle: ({ body }, req) => runSearch(deps, operationContext(req, deps), body), // 400 before
 *     }),
 *   ];
 * }
 * ```
 *
 * Rules the modules share:
 * - Express 5 passes a rejected promise to the error handler, so handlers simply `await` and throw:
 *   `WorkerError` (request-io/worker-error.ts) for answers of their own, and `UpstreamError` or
 *   `BudgetExceededError` as they come; request-io/error-answer.ts turns each into `{ error: { code,
 *   message } }` with the right status.
 * - Every paid upstream call goes through `deps.paid` (billing/paid-call.ts): reserve once for the
 *   request, `budget.run({ operation, estimate, call, actual })` per call, `release()` at the end;
 *   free calls (dictionaries, account, health) call `deps.upstream` directly.
 * - Look in the store's cache first, and share identical calls in flight through
 *   `deps.singleFlight` (keyed like the cache); record what the cache saved with
 *   `deps.paid.recordSavings`.
 * - Work that may outlive a formula's 30 s goes through `settledBy` (upstream/deadline.ts) and, when
 *   the answer leaves before it ends, `deps.background.track(...)`.
 * - Log through `context.log` (it carries the request id); never log bodies, handles, submitted
 *   e-mail addresses or the token.
 */
import type { FormulaAskSource } from '../../../shared/worker-api/formula-allowance';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Clock, Sleep } from '../../common/clock';
import type { BackgroundWork } from '../concurrency/background-work';
import type { PaidCallContext, PaidCalls } from '../billing/paid-call';
import type { BudgetGuard } from '../budgets/budget-guard';
import { requireIdentity, type Identity } from '../identity/identity';
import { requestScope } from '../logging/request-context';
import type { EditAccess } from '../documents/edit-access';
import type { SheetAccess } from '../google/sheet-access';
import type { SingleFlight } from '../concurrency/single-flight';
import type { WorkerMetrics } from '../metrics/worker-metrics';
import type { Store } from '../store/store';
import type { UpstreamClient } from '../upstream/request-core';
import type { UpstreamMonitor } from './health/health-upstream-monitor';

/**
 * The settings operations read; config.ts's WorkerConfig holds them among the rest. Named here so
 * that operations need nothing from the worker's wiring floor (ARCHITECTURE.md, "The worker's
 * rooms and floors").
 */
export interface OperationSettings {
  mode: 'sandbox' | 'live';
  formulaDeadlineMs: number;
  emailBatchConcurrency: number;
  reportFetchConcurrency: number;
}

export interface OperationDeps {
  config: OperationSettings;
  store: Store;
  upstream: UpstreamClient;
  guard: BudgetGuard;
  paid: PaidCalls;
  singleFlight: SingleFlight;
  background: BackgroundWork;
  /** Recent upstream outcomes, for health. */
  upstreamMonitor: UpstreamMonitor;
  /** The worker's own access to spreadsheets (Sheets API as its service account); null without one. */
  sheetAccess: SheetAccess | null;
  /** Proof that a caller can edit the spreadsheet a request names (issue 22). */
  editAccess: EditAccess;
  /** Bearer ID token, worker key or dev key -> `req.identity`; 401/403 otherwise. */
  authenticate: RequestHandler;
  clock: Clock;
  /** Timers (deadlines); Jest's fake timers take effect through it. */
  sleep: Sleep;
  logger: Logger;
  /** What `/metrics` counts (metrics/worker-metrics.ts). */
  metrics: WorkerMetrics;
}

/** One request as the operation code sees it: who pays, under which request id, and its logger. */
export interface OperationContext extends PaidCallContext {
  identity: Identity;
  log: Logger;
  /**
   * Who asks, when a refusal for want of the formula allowance files an ask (issue 25): a
   * scheduled run says it is that schedule; absent, the ask is a formula's (by the cell its
   * request names).
   */
  asker?: FormulaAskSource;
}

/**
 * An authenticated request's context, whose child logger is made only when the operation logs
 * (most cached answers do not). A class, so the getter sits on its prototype: V8 makes an object
 * literal with a getter by a call into its runtime, as a hash table of properties (about 300 ns
 * against 2 for the class), and every read of it elsewhere takes the slow way; on a cached
 * formula's answer that cost about a tenth of its time (issue 28).
 */
class RequestOperationContext implements OperationContext {
  constructor(
    readonly identity: Identity,
    readonly requestId: string,
    private readonly req: Request,
    private readonly logger: Logger,
  ) {}

  get log(): Logger {
    return requestScope(this.req, this.logger).log;
  }
}

/** The context of an authenticated request. */
export function operationContext(req: Request, deps: Pick<OperationDeps, 'logger'>): OperationContext {
  const identity = requireIdentity(req);
  if (req.requestId === undefined) {
    const { requestId, log } = requestScope(req, deps.logger);
    return { identity, requestId, log };
  }
  return new RequestOperationContext(identity, req.requestId, req, deps.logger);
}
