import type { z } from 'zod';
import { OPERATIONS, type OperationId, type RateFamily } from '../../../shared/operations';
import { systemClock, timerSleep, type Clock, type Sleep } from '../../common/clock';
import type { Random } from '../../common/seeded-random';
import type { PaidCallRecorder } from './paid-call-recorder';
import { sendWithRetries, type Failing, type RequestRun, type RetrySetup } from './retry-loop';
import { Throttle, type FamilyRates, type SharedPace } from './throttle';
import { isPaid, type UpstreamFetch, type UpstreamRequestInit } from './upstream-attempt';
import { UpstreamError } from './upstream-error';
import { createUpstreamReporter, type UpstreamEvent, type UpstreamLogger } from './upstream-events';
import { normalizeBaseUrl, operationTarget, type UrlParts } from './upstream-url';

export const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BASE_DELAY_MS = 1000;
const DEFAULT_MAX_DELAY_MS = 30_000;
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface UpstreamClientOptions {
  /** `https://HOST/v1`, or the sandbox's address; trailing slashes are dropped. */
  baseUrl: string;
  token: string;
  fetch?: UpstreamFetch;
  clock?: Clock;
  sleep?: Sleep;
  random?: Random;
  /** Allowed rates per family (requests/s); defaults to the documented ones. */
  rates?: Partial<FamilyRates>;
  /** Share of each rate the throttle aims at (see `DEFAULT_UTILIZATION`). */
  utilization?: number;
  /** Per-family concurrency caps; none by default. */
  maxConcurrent?: Partial<Record<RateFamily, number>>;
  /** Pass one throttle to several clients that share a token: the limits are per account. */
  throttle?: Throttle;
  /** The pace shared with other instances on the same token (a Postgres store); none by default. */
  sharedPace?: SharedPace;
  /** Per attempt, from the moment the throttle lets it go. */
  timeoutMs?: number;
  /** Tries in all, the first included. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  logger?: UpstreamLogger;
  onEvent?: (event: UpstreamEvent) => void;
  /** The journal of the paid call under way, if any (paid operations only). */
  paidCall?: () => PaidCallRecorder | undefined;
}

interface RequestOptions extends UrlParts {
  /** Sent as JSON. */
  body?: unknown;
  /** Cancels waiting, the attempt in flight and any retry; the request fails with `aborted`. */
  signal?: AbortSignal;
}

interface ParsedRequestOptions<T> extends RequestOptions {
  /**
   * The tolerant schema of the answer (shared/responses). A 2xx it cannot read fails with
   * `unreadable_answer`, carrying the body (`UpstreamError.unreadableBody`) so that a paid answer
   * is billed, cached and kept rather than thrown away; what a readable answer lacked is reported
   * as a `drift` event.
   */
  schema: z.ZodType<T>;
}

export interface UpstreamClient {
  request<T>(operationId: OperationId, options: ParsedRequestOptions<T>): Promise<T>;
  request(operationId: OperationId, options?: RequestOptions): Promise<unknown>;
  readonly throttle: Throttle;
}

function positive(name: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value))
    throw new RangeError(`${name} must be a number above 0, got ${value}`);
  return value;
}

function hasAccessTokenField(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).some((key) => key.toLowerCase() === 'access_token')
  );
}

/**
 * The worker's one way to the Discovery API: each attempt waits for its family's turn in the
 * throttle, runs under its own timeout, and its outcome goes through `decideRetry`. Errors are
 * `UpstreamError`s, scrubbed of the token.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const { token } = options;
  if (token.trim() === '') throw new RangeError('the Discovery API token must not be empty');
  const secrets = [token];
  const fetchFn: UpstreamFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? timerSleep;
  const random = options.random ?? Math.random;
  const timeoutMs = positive('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxAttempts = Math.max(
    1,
    Math.floor(positive('maxAttempts', options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)),
  );
  const baseDelayMs = positive('baseDelayMs', options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS);
  const maxDelayMs = positive('maxDelayMs', options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS);
  const throttle =
    options.throttle ??
    new Throttle({
      clock,
      sleep,
      rates: options.rates,
      utilization: options.utilization,
      maxConcurrent: options.maxConcurrent,
      ...(options.sharedPace === undefined ? {} : { shared: options.sharedPace }),
    });
  const reporter = createUpstreamReporter(options.logger, options.onEvent, secrets);
  const setup: RetrySetup = {
    transport: { fetch: fetchFn, sleep, timeoutMs },
    throttle,
    clock,
    sleep,
    random,
    maxAttempts,
    baseDelayMs,
    maxDelayMs,
    reporter,
  };

  function request<T>(operationId: OperationId, requestOptions: ParsedRequestOptions<T>): Promise<T>;
  function request(operationId: OperationId, requestOptions?: RequestOptions): Promise<unknown>;
  async function request(
    operationId: OperationId,
    requestOptions: RequestOptions & { schema?: z.ZodType } = {},
  ): Promise<unknown> {
    const started = clock.now();
    const fail = failing(operationId, started);
    const run = prepare(operationId, requestOptions, started, fail);
    const kept = (await run.recorder?.begin(run.material)) ?? null;
    try {
      return await sendWithRetries(setup, run, kept);
    } catch (error) {
      // Failed for good: not billed. An unreadable 2xx was billed, and its answer is kept.
      if (!(error instanceof UpstreamError && error.code === 'unreadable_answer'))
        await run.recorder?.failed();
      throw error;
    }
  }

  /** How a request ends in error: scrubbed of the token, reported settled and logged. */
  function failing(operationId: OperationId, started: number): Failing {
    const family = OPERATIONS[operationId].rate;
    return (init) => {
      const error = new UpstreamError({ ...init, operationId, secrets });
      const { attempts, status, code } = error;
      const durationMs = clock.now() - started;
      reporter.emit({ type: 'settled', operationId, family, ok: false, attempts, status, code, durationMs });
      reporter.log('warn', `upstream ${operationId} failed: ${error.message}`, {
        operationId,
        status,
        code,
        attempts,
      });
      return error;
    };
  }

  /** The request checked and built (URL, headers, body), before anything is sent or paid. */
  function prepare(
    operationId: OperationId,
    requestOptions: RequestOptions & { schema?: z.ZodType },
    started: number,
    fail: Failing,
  ): RequestRun {
    const spec = OPERATIONS[operationId];
    const { signal, body, schema } = requestOptions;
    let target: { path: string; search: string };
    try {
      target = operationTarget(operationId, requestOptions);
    } catch (error) {
      if (error instanceof UpstreamError) {
        throw fail({ status: error.status, code: error.code, message: error.message, attempts: 0 });
      }
      throw error;
    }
    const refused = refusedBody(operationId, body);
    if (refused !== null)
      throw fail({ status: null, code: 'invalid_request', message: refused, attempts: 0 });

    const headers: Record<string, string> = { Accept: 'application/json' };
    if (spec.auth) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init: Omit<UpstreamRequestInit, 'signal'> = {
      method: spec.method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const pathAndQuery = `${target.path}${target.search}`;
    return {
      operationId,
      family: spec.rate,
      method: spec.method,
      path: target.path,
      url: `${baseUrl}${pathAndQuery}`,
      // What names one paid call to the journal: the same call, the same material.
      material: `${operationId} ${spec.method} ${pathAndQuery} ${init.body ?? ''}`,
      init,
      signal,
      schema,
      recorder: isPaid(operationId) ? options.paidCall?.() : undefined,
      started,
      fail,
    };
  }

  return { request, throttle };
}

/** Why a body may not be sent, as a sentence; null when it may. */
function refusedBody(operationId: OperationId, body: unknown): string | null {
  if (hasAccessTokenField(body)) {
    return 'the API token must not travel in a request body; the client sends it as a header';
  }
  if (body !== undefined && OPERATIONS[operationId].method === 'GET')
    return `${operationId} is a GET and takes no body`;
  return null;
}
