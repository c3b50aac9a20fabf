import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { OPERATIONS, type OperationId } from '../../shared/operations';
import { isPlatform, type Platform } from '../../shared/platforms';
import { PRICE_TABLE } from '../../shared/pricing';
import { Accounts, fromMillicredits, toMillicredits } from './accounts';
import { createAdminRouter } from './admin-router';
import { systemClock, timerSleep, type Clock, type Sleep } from '../common/clock';
import { defaultSandboxConfig, type SandboxConfig } from './config';
import { Faults, MALFORMED_BODY, unreadableBody } from './faults';
import { HealthMonitor, vendorHealthBody } from './health-monitor';
import { bodyParserError, jsonBody } from './json-body';
import type { HandlerContext, OperationHandler, SandboxHandlers } from './operation-handler';
import { toOddShape } from './odd-shapes';
import { RateLimiter } from './rate-limiter';
import { SandboxError, isSandboxError } from './sandbox-error';
import { seededRandom, seedNumber, type Random } from '../common/seeded-random';
import { SandboxStats, rejectionReasonFor } from './stats';
import { ROUTE_ORDER, methodsForPath, platformsFor, unmatchedRequestError } from './route-table';
import { userInfoBody } from './user-info';

/** What the router is built from; everything but `world` has a default. */
export interface SandboxRouterOptions<World> {
  world: World;
  handlers?: SandboxHandlers<World>;
  /** Accounts, rate limits, faults and admin access; missing parts take the config defaults. */
  config?: Partial<Pick<SandboxConfig, 'accounts' | 'rates' | 'faults' | 'adminOpen'>>;
  clock?: Clock;
  /** Dice for faults and jitter; defaults to a generator seeded with `seed`. */
  random?: Random;
  seed?: string | number;
  sleep?: Sleep;
}

/** The live state behind a sandbox: tests and the `/_sandbox` routes read and change it. */
export interface SandboxState<World> {
  readonly world: World;
  readonly accounts: Accounts;
  readonly rateLimiter: RateLimiter;
  readonly health: HealthMonitor;
  readonly stats: SandboxStats;
  readonly faults: Faults;
  readonly clock: Clock;
  /** The clock when the sandbox started: reports drift from then (report-drift.ts). */
  readonly startedAt: number;
  /** Whether `/_sandbox` routes skip the bearer token check. */
  readonly adminOpen: boolean;
  /** Adds or replaces the handler of an operation; takes effect for the next request. */
  register(id: OperationId, handler: OperationHandler<World>): void;
  handlerFor(id: OperationId): OperationHandler<World> | undefined;
}

interface SandboxRouter<World> {
  /** The spec's operations; mount at the versioned base (`/v1`). */
  router: express.Router;
  /** The `/_sandbox` test routes; mount outside the versioned base. */
  adminRouter: express.Router;
  state: SandboxState<World>;
}

/** One request's bookkeeping, from route match to the last byte (or the client hanging up). */
interface RequestRecord {
  id: OperationId;
  started: number;
  platform: Platform | null;
  token: string | null;
  rawReserved: boolean;
  /**
   * Set when an injected fault answers instead of the handler (429, 500, 504, a malformed answer
   * to a free operation), so it is counted as such and never billed.
   */
  fault: boolean;
  heldForTimeout: boolean;
  aborted: AbortController;
}

const records = new WeakMap<Response, RequestRecord>();

export function createSandboxRouter<World>(options: SandboxRouterOptions<World>): SandboxRouter<World> {
  const defaults = defaultSandboxConfig();
  const config = { ...defaults, ...options.config };
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? timerSleep;
  const random = options.random ?? seededRandom(seedNumber(options.seed ?? defaults.seed));

  const handlers = new Map<OperationId, OperationHandler<World>>();
  const state: SandboxState<World> = {
    world: options.world,
    accounts: new Accounts(config.accounts),
    rateLimiter: new RateLimiter(config.rates, clock),
    health: new HealthMonitor(clock),
    stats: new SandboxStats(() => clock.now()),
    faults: new Faults(config.faults, random, clock),
    clock,
    startedAt: clock.now(),
    adminOpen: config.adminOpen,
    register: (id, handler) => void handlers.set(id, handler),
    handlerFor: (id) => handlers.get(id),
  };
  // The vendor's `{ "status": "ok" }`; the odd shapes keep the older body with every group's status,
  // which only this handler can give (toOddShape would have nothing to rebuild the groups from).
  state.register('health', () => {
    const snapshot = state.health.snapshot();
    return { body: state.faults.getSettings().shapes === 'odd' ? snapshot : vendorHealthBody(snapshot) };
  });
  state.register('userInfo', ({ account }) => ({
    body: userInfoBody(account, state.rateLimiter.getLimits()),
  }));
  for (const [id, handler] of Object.entries(options.handlers ?? {}) as [
    OperationId,
    OperationHandler<World>,
  ][]) {
    state.register(id, handler);
  }

  const router = express.Router();
  const parseBody = jsonBody();
  for (const id of ROUTE_ORDER) {
    const spec = OPERATIONS[id];
    const stack: RequestHandler[] = [
      acceptPlatform(id, state),
      begin(id, state),
      parseBody,
      (req, res) => runOperation(id, req, res, state, sleep),
    ];
    if (spec.method === 'GET') router.get(spec.path, ...stack);
    else if (spec.method === 'POST') router.post(spec.path, ...stack);
    else router.delete(spec.path, ...stack);
  }
  router.use((req, res) => {
    const shapes = state.faults.getSettings().shapes;
    const error = unmatchedRequestError(req.method, req.path, req.originalUrl.split('?')[0], (id) =>
      platformsFor(id, shapes),
    );
    if (error.code === 'method_not_allowed') res.set('Allow', methodsForPath(req.path).join(', '));
    state.stats.recordRejection('not_found');
    res.status(error.status).json(error.toBody());
  });
  router.use(answerUnexpected(state));

  return { router, adminRouter: createAdminRouter(state), state };
}

/**
 * A platform the operation does not exist for is not this route: fall through to the 404. Which
 * platforms it exists for may depend on the answer shapes (route-table.ts, VENDOR_PLATFORMS).
 */
function acceptPlatform<World>(id: OperationId, state: SandboxState<World>): RequestHandler {
  return (req, _res, next) => {
    const platform = req.params.platform;
    const allowed: readonly string[] = platformsFor(id, state.faults.getSettings().shapes);
    if (typeof platform === 'string' && !allowed.includes(platform)) next('route');
    else next();
  };
}

/** Starts the record, and counts the request toward stats and health when its answer is done. */
function begin<World>(id: OperationId, state: SandboxState<World>): RequestHandler {
  const spec = OPERATIONS[id];
  return (req, res, next) => {
    const platform = req.params.platform;
    const record: RequestRecord = {
      id,
      started: state.clock.now(),
      platform: isPlatform(platform) ? platform : null,
      token: null,
      rawReserved: false,
      fault: false,
      heldForTimeout: false,
      aborted: new AbortController(),
    };
    records.set(res, record);
    if (spec.deprecated) res.set('Deprecation', 'true');

    let counted = false;
    const count = (status: number) => {
      if (counted) return;
      counted = true;
      state.stats.recordCall(id, status);
      if (spec.health !== null && !spec.raw) {
        const groups = record.platform === null ? [spec.health] : [spec.health, record.platform];
        state.health.record(groups, status, state.clock.now() - record.started);
      }
    };
    res.on('finish', () => count(res.statusCode));
    res.on('close', () => {
      if (res.writableFinished) return;
      // The client hung up first. A held (timeout) request failed from the service's side too.
      record.aborted.abort();
      releaseRawUnit(state, record);
      count(record.heldForTimeout ? 504 : 499);
    });
    next();
  };
}

async function runOperation<World>(
  id: OperationId,
  req: Request,
  res: Response,
  state: SandboxState<World>,
  sleep: Sleep,
): Promise<void> {
  const spec = OPERATIONS[id];
  const record = records.get(res);
  if (record === undefined) throw new Error(`no request record for ${id}`);
  try {
    const { token, inUrl } = readToken(req);
    if (inUrl) state.stats.recordTokenInUrl();
    if (spec.auth) {
      if (token === null) {
        throw new SandboxError(
          'api_token_invalid',
          'Missing API token: send the header "Authorization: Bearer <token>"',
        );
      }
      if (!state.accounts.has(token)) {
        throw new SandboxError('api_token_invalid', 'The API token is not valid');
      }
      record.token = token;
    }
    const account = record.token === null ? undefined : state.accounts.get(record.token);

    if (spec.raw && record.token !== null) {
      const reservation = state.accounts.reserveRawUnit(record.token);
      if (reservation === 'denied') {
        throw new SandboxError(
          'raw_access_denied',
          "Raw data access is not enabled for this account; the operator's support grants it on request",
        );
      }
      if (reservation === 'exhausted') {
        throw new SandboxError(
          'raw_requests_exhausted',
          'The raw request allowance of this account is used up',
        );
      }
      record.rawReserved = true;
    }

    if (record.token !== null && spec.rate !== 'free') {
      const decision = state.rateLimiter.tryAcquire(record.token, spec.rate);
      if (!decision.allowed) {
        const limit = state.rateLimiter.getLimits()[spec.rate];
        const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
        throw new SandboxError(
          'rate_limited',
          `Too many requests: ${spec.rate} operations allow ${limit} per second per token; retry after ${seconds} s`,
          { retryAfterSeconds: decision.retryAfterMs / 1000 },
        );
      }
    }

    /**
     * A fault that answers 200 after the handler ran and the answer was billed: a real service
     * that sent a 200 has billed it, whatever the body became on the way.
     */
    let billedFault: 'malformed' | 'unreadable' | null = null;
    // Billed on receipt: the latency comes after the charge (below), so a caller that hangs up
    // during it has paid all the same.
    const billOnReceipt = state.faults.getSettings().billOn === 'receipt';
    // /health is the service's own probe: no injected latency or faults there.
    if (spec.auth) {
      if (!billOnReceipt) {
        await sleep(state.faults.latencyMs(), record.aborted.signal);
        if (record.aborted.signal.aborted) return;
      }
      const fault = state.faults.decide();
      // The faults that answer instead of the handler; the billed ones let it run as usual.
      const billed =
        fault.kind === 'unreadable' || (fault.kind === 'malformed' && PRICE_TABLE[id].kind !== 'free');
      if (fault.kind !== 'none' && !billed) record.fault = true;
      switch (fault.kind) {
        case 'rate_limited':
          throw new SandboxError('rate_limited', 'Too many requests: the service is busy; retry later', {
            retryAfterSeconds: fault.retryAfterMs / 1000,
          });
        case 'server_error':
          throw new SandboxError('internal_server_error', 'Internal server error (injected by the sandbox)');
        case 'timeout':
          record.heldForTimeout = true;
          await sleep(fault.holdMs, record.aborted.signal);
          if (record.aborted.signal.aborted) return;
          throw new SandboxError('gateway_timeout', 'The request timed out (injected by the sandbox)');
        case 'malformed':
          if (billed) {
            billedFault = 'malformed';
            break;
          }
          // A free operation costs nothing either way, so its handler need not run.
          releaseRawUnit(state, record);
          state.stats.recordRejection('fault');
          state.stats.recordFaultyAnswer('malformed');
          res.status(200).type('application/json').send(MALFORMED_BODY);
          return;
        case 'unreadable':
          billedFault = 'unreadable';
          break;
        case 'none':
          break;
      }
    }

    const handler = state.handlerFor(id);
    if (handler === undefined) {
      throw new SandboxError(
        'not_implemented',
        `${spec.method} ${req.originalUrl.split('?')[0]} is not implemented in the sandbox yet`,
      );
    }
    const context: HandlerContext<World> = {
      operationId: id,
      operation: spec,
      account: account ?? { token: '', credits: 0, rawRequests: 0, rawAccess: false },
      platform: record.platform,
      params: pathParams(req),
      query: queryWithoutAccessToken(req.query),
      body: bodyWithoutAccessToken(req.body),
      world: state.world,
      now: () => state.clock.now(),
      startedAt: state.startedAt,
      requireCredits: (credits) => {
        const needed = toMillicredits(credits);
        if (record.token === null || !state.accounts.canAfford(record.token, needed)) {
          throw notEnoughCredits(
            fromMillicredits(needed),
            state.accounts.get(record.token ?? '')?.credits ?? 0,
            'needs at least',
          );
        }
      },
    };
    const result = await handler(context);
    if (record.aborted.signal.aborted) return;
    const status = result.status ?? 200;
    if (status < 200 || status > 299) {
      // Billing and the raw allowance key on thrown errors; an error status returned as a success would be billed.
      throw new Error(`the ${id} handler returned status ${status}; throw a SandboxError for errors`);
    }

    // Shaped before the charge, so a rewrite that failed would be a 500 nobody pays for.
    const body =
      state.faults.getSettings().shapes === 'odd'
        ? toOddShape(id, record.platform, result.body)
        : result.body;

    // Check and charge in one synchronous step: nothing else runs between them.
    const cost = spec.raw ? 0 : toMillicredits(result.credits ?? 0);
    if (cost > 0) {
      if (record.token === null || !state.accounts.charge(record.token, cost)) {
        throw notEnoughCredits(
          fromMillicredits(cost),
          state.accounts.get(record.token ?? '')?.credits ?? 0,
          'costs',
        );
      }
      state.stats.recordCharge(id, cost);
    }
    if (record.rawReserved) {
      record.rawReserved = false;
      state.stats.recordRawUnit(id);
    }
    if (billedFault !== null) {
      state.stats.recordRejection('fault');
      state.stats.recordFaultyAnswer(billedFault);
    }
    if (spec.auth && billOnReceipt) {
      await sleep(state.faults.latencyMs(), record.aborted.signal);
      if (record.aborted.signal.aborted) return;
    }
    if (billedFault === 'malformed') res.status(status).type('application/json').send(MALFORMED_BODY);
    else res.status(status).json(billedFault === 'unreadable' ? unreadableBody(body) : body);
  } catch (error) {
    answerError(res, state, record, error);
  }
}

function notEnoughCredits(credits: number, balance: number, verb: 'costs' | 'needs at least'): SandboxError {
  return new SandboxError(
    'not_enough_credits',
    `Not enough credits: this request ${verb} ${credits} credits and the account holds ${balance}`,
  );
}

/** Turns any failure into the API's error body; a thrown non-SandboxError is a sandbox bug (500). */
function answerError<World>(
  res: Response,
  state: SandboxState<World>,
  record: RequestRecord,
  error: unknown,
): void {
  const sandboxError = isSandboxError(error) ? error : internalError(error);
  // A raw 404 is a successful request for the allowance (spec "Credits", rules); others give the unit back.
  if (record.rawReserved && OPERATIONS[record.id].raw && sandboxError.status === 404 && !record.fault) {
    record.rawReserved = false;
    state.stats.recordRawUnit(record.id);
  } else {
    releaseRawUnit(state, record);
  }
  const reason = record.fault ? 'fault' : rejectionReasonFor(sandboxError.code);
  if (reason !== null) state.stats.recordRejection(reason);
  if (res.headersSent || record.aborted.signal.aborted) return;
  sendError(res, sandboxError);
}

function sendError(res: Response, error: SandboxError): void {
  if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
  res.status(error.status).json(error.toBody());
}

function internalError(error: unknown): SandboxError {
  console.error('sandbox: handler failed', error);
  return new SandboxError('internal_server_error', 'Internal server error');
}

function releaseRawUnit<World>(state: SandboxState<World>, record: RequestRecord): void {
  if (!record.rawReserved || record.token === null) return;
  record.rawReserved = false;
  state.accounts.refundRawUnit(record.token);
}

/**
 * Errors raised before the operation ran (the JSON body parser) or by a bug: answered in the API's
 * shape, never as Express's HTML page.
 */
function answerUnexpected<World>(state: SandboxState<World>): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const sandboxError = bodyParserError(error) ?? (isSandboxError(error) ? error : internalError(error));
    const record = records.get(res);
    if (record !== undefined) {
      answerError(res, state, record, sandboxError);
      return;
    }
    const reason = rejectionReasonFor(sandboxError.code);
    if (reason !== null) state.stats.recordRejection(reason);
    if (!res.headersSent) sendError(res, sandboxError);
  };
}

/**
 * The bearer token, or the `access_token` query or body parameter the real service also accepts.
 * The sandbox accepts it too (fidelity) but counts it, so tests can prove the worker never puts
 * its token where URLs and logs would keep it. The header wins when both are sent.
 */
function readToken(req: Request): { token: string | null; inUrl: boolean } {
  const fromQuery = req.query.access_token;
  const fromBody = isRecord(req.body) ? req.body.access_token : undefined;
  const parameter =
    typeof fromQuery === 'string' ? fromQuery : typeof fromBody === 'string' ? fromBody : undefined;
  const inUrl = fromQuery !== undefined || fromBody !== undefined;
  const header = req.get('authorization');
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return { token: match ? match[1] : null, inUrl };
  }
  return { token: parameter ?? null, inUrl };
}

function pathParams(req: Request): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.params)) {
    if (name !== 'platform' && typeof value === 'string') params[name] = value;
  }
  return params;
}

function queryWithoutAccessToken(query: Request['query']): Record<string, unknown> {
  const { access_token: _token, ...rest } = query;
  return rest;
}

function bodyWithoutAccessToken(body: unknown): unknown {
  if (!isRecord(body) || !('access_token' in body)) return body;
  const { access_token: _token, ...rest } = body;
  return rest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
