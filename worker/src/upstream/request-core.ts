import type { z } from 'zod';
import { OPERATIONS, type HttpMethod, type OperationId, type RateFamily } from '../../../shared/operations';
import { PRICE_TABLE } from '../../../shared/pricing';
import { readServiceError } from '../../../shared/responses/errors';
import { readAnswer, type DriftFinding } from '../../../shared/responses/tolerant';
import { systemClock, timerSleep, type Clock, type Sleep } from '../../common/clock';
import type { Random } from '../../common/seeded-random';
import { decideRetry, type AttemptOutcome, type RetryReason } from './retry-rules';
import { Throttle, type FamilyRates, type SharedPace } from './throttle';
import { UpstreamError, redactSecrets } from './upstream-error';
import { normalizeBaseUrl, operationTarget, type UrlParts } from './upstream-url';

/** The part of a fetch Response the client reads; the global `fetch` fits. */
interface UpstreamResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface UpstreamRequestInit {
  method: HttpMethod;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

export type UpstreamFetch = (url: string, init: UpstreamRequestInit) => Promise<UpstreamResponse>;

type LogFields = Record<string, string | number | boolean | null>;

/** `console` fits. Lines carry operation, path, status and code: never the token or a body. */
interface UpstreamLogger {
  debug(message: string, fields: LogFields): void;
  warn(message: string, fields: LogFields): void;
}

interface EventBase {
  operationId: OperationId;
  family: RateFamily;
}

/**
 * What the client reports while it works, so the worker can count calls, waits and failures
 * (health, metrics, the per-user call count). Paths are encoded paths without the query string.
 */
export type UpstreamEvent =
  | (EventBase & { type: 'throttled'; attempt: number; waitedMs: number })
  | (EventBase & { type: 'attempt'; attempt: number; method: HttpMethod; path: string })
  | (EventBase & {
      type: 'response';
      attempt: number;
      /** null for network errors and timeouts. */
      status: number | null;
      /** null on success. */
      code: string | null;
      durationMs: number;
    })
  | (EventBase & {
      type: 'retry';
      attempt: number;
      delayMs: number;
      reason: RetryReason;
      status: number | null;
    })
  /**
   * A 2xx read against its schema: what it lacked against the contract (`findings`, often none),
   * or that it could not be read at all (`unreadable`, with the problems' paths).
   */
  | (EventBase & { type: 'read'; findings: DriftFinding[]; unreadable: string[] | null })
  | (EventBase & {
      type: 'settled';
      ok: boolean;
      attempts: number;
      status: number | null;
      code: string | null;
      durationMs: number;
    });

/**
 * The journal of one paid call (billing/paid-call-binding.ts). The core names the call, so that a
 * kept answer of the very same call can stand in for sending it again, and writes the answer the
 * moment it arrives, before anything parses, caches or bills it: a process killed after the API
 * billed a call never loses what it paid for.
 */
export interface PaidCallRecorder {
  /** Before the first attempt: a kept answer of the very same call to use instead, or null. */
  begin(material: string): Promise<{ status: number; text: string } | null>;
  /**
   * Right before each attempt goes out (after the throttle's wait, which may be long): throws
   * when its answer could not be recorded now (the store is down), so that nothing is bought then.
   */
  beforeSend(): Promise<void>;
  /** A 2xx arrived (not the service's own error): its body as it came, written before it is read. */
  answered(status: number, text: string): Promise<void>;
  /** The call failed for good: nothing was billed. */
  failed(): Promise<void>;
}

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

/** Why one attempt did not produce a body to parse. */
interface Failure {
  outcome: AttemptOutcome | { kind: 'aborted' };
  status: number | null;
  code: string;
  message: string;
  cause?: unknown;
}

type AttemptResult =
  { ok: true; status: number; json: unknown; text: string } | { ok: false; failure: Failure };

/** A kept answer as the attempt that got it: JSON when it is, else the text for the unreadable path. */
function replayed(kept: { status: number; text: string }): AttemptResult {
  try {
    return { ok: true, status: kept.status, json: JSON.parse(kept.text) as unknown, text: kept.text };
  } catch {
    return { ok: true, status: kept.status, json: undefined, text: kept.text };
  }
}

/** Paid operations (credits or the raw allowance): a 2xx of theirs has been billed, whatever it says. */
function isPaid(operationId: OperationId): boolean {
  return PRICE_TABLE[operationId].kind !== 'free';
}

function positive(name: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value))
    throw new RangeError(`${name} must be a number above 0, got ${value}`);
  return value;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
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
  const { logger, onEvent } = options;

  function log(level: keyof UpstreamLogger, message: string, fields: LogFields): void {
    if (logger === undefined) return;
    const safe: LogFields = {};
    for (const [key, value] of Object.entries(fields)) {
      safe[key] = typeof value === 'string' ? redactSecrets(value, secrets) : value;
    }
    logger[level](redactSecrets(message, secrets), safe);
  }

  function emit(event: UpstreamEvent): void {
    if (onEvent === undefined) return;
    try {
      onEvent(event);
    } catch (error) {
      // A broken metrics hook must not fail a request that may already have been paid for.
      log('warn', 'upstream onEvent listener threw', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  async function attemptOnce(
    operationId: OperationId,
    url: string,
    init: Omit<UpstreamRequestInit, 'signal'>,
    signal: AbortSignal | undefined,
    recorder: PaidCallRecorder | undefined,
    /** The throttle's permit: told right before the request goes, and when its answer comes. */
    permit: { started(): void; answered(): void },
  ): Promise<AttemptResult> {
    const controller = new AbortController();
    const stopTimer = new AbortController();
    let timedOut = false;
    void sleep(timeoutMs, stopTimer.signal).then(() => {
      if (stopTimer.signal.aborted) return;
      timedOut = true;
      controller.abort();
    });
    const onCallerAbort = () => controller.abort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      permit.started();
      const response = await fetchFn(url, { ...init, signal: controller.signal });
      if (response.status >= 200 && response.status < 300) permit.answered();
      const text = await response.text();
      const { status } = response;
      let body: unknown;
      let isJson = true;
      try {
        body = status === 204 ? null : (JSON.parse(text) as unknown);
      } catch {
        isJson = false;
      }
      // api-notes "Errors": `{ error: true, code, message }` is the service's error whatever the
      // status; a 2xx carrying it is a failure too, and failures are not billed.
      const serviceError = readServiceError(body);
      if (status >= 200 && status < 300) {
        if (serviceError !== null) {
          return {
            ok: false,
            failure: {
              outcome: { kind: 'status', status },
              status,
              code: serviceError.code ?? 'service_error',
              message:
                serviceError.message ??
                `the Discovery API answered ${operationId} with an error and no message`,
            },
          };
        }
        // A paid 2xx that is not JSON was billed all the same: it is read as unreadable (kept and
        // billed once above this layer), never retried into a second charge.
        if (isJson || isPaid(operationId)) {
          await recorder?.answered(status, text);
          return { ok: true, status, json: body, text };
        }
        return {
          ok: false,
          failure: {
            outcome: { kind: 'malformed' },
            status,
            code: 'malformed_response',
            message: `the Discovery API answered ${operationId} with a body that is not JSON`,
          },
        };
      }
      return {
        ok: false,
        failure: {
          outcome: { kind: 'status', status, retryAfter: response.headers.get('retry-after') },
          status,
          code: serviceError?.code ?? `http_${status}`,
          message:
            serviceError?.message ??
            `the Discovery API answered ${operationId} with HTTP ${status} and no error details`,
        },
      };
    } catch (cause) {
      if (signal?.aborted) {
        return {
          ok: false,
          failure: {
            outcome: { kind: 'aborted' },
            status: null,
            code: 'aborted',
            message: `the request for ${operationId} was cancelled`,
            cause,
          },
        };
      }
      if (timedOut) {
        return {
          ok: false,
          failure: {
            outcome: { kind: 'timeout' },
            status: null,
            code: 'timeout',
            message: `the Discovery API did not answer ${operationId} within ${seconds(timeoutMs)}`,
            cause,
          },
        };
      }
      const reason = cause instanceof Error ? cause.message : String(cause);
      return {
        ok: false,
        failure: {
          outcome: { kind: 'network' },
          status: null,
          code: 'network_error',
          message: `could not reach the Discovery API for ${operationId}: ${reason}`,
          cause,
        },
      };
    } finally {
      stopTimer.abort();
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  function request<T>(operationId: OperationId, requestOptions: ParsedRequestOptions<T>): Promise<T>;
  function request(operationId: OperationId, requestOptions?: RequestOptions): Promise<unknown>;
  async function request(
    operationId: OperationId,
    requestOptions: RequestOptions & { schema?: z.ZodType } = {},
  ): Promise<unknown> {
    const spec = OPERATIONS[operationId];
    const family = spec.rate;
    const { signal, body, schema } = requestOptions;
    const started = clock.now();

    const fail = (init: Omit<ConstructorParameters<typeof UpstreamError>[0], 'operationId' | 'secrets'>) => {
      const error = new UpstreamError({ ...init, operationId, secrets });
      emit({
        type: 'settled',
        operationId,
        family,
        ok: false,
        attempts: error.attempts,
        status: error.status,
        code: error.code,
        durationMs: clock.now() - started,
      });
      log('warn', `upstream ${operationId} failed: ${error.message}`, {
        operationId,
        status: error.status,
        code: error.code,
        attempts: error.attempts,
      });
      return error;
    };
    const cancelled = (attempts: number, cause?: unknown) =>
      fail({
        status: null,
        code: 'aborted',
        message: `the request for ${operationId} was cancelled`,
        attempts,
        cause,
      });

    let target: { path: string; search: string };
    try {
      target = operationTarget(operationId, requestOptions);
    } catch (error) {
      if (error instanceof UpstreamError) {
        throw fail({ status: error.status, code: error.code, message: error.message, attempts: 0 });
      }
      throw error;
    }
    if (hasAccessTokenField(body)) {
      throw fail({
        status: null,
        code: 'invalid_request',
        message: 'the API token must not travel in a request body; the client sends it as a header',
        attempts: 0,
      });
    }
    if (body !== undefined && spec.method === 'GET') {
      throw fail({
        status: null,
        code: 'invalid_request',
        message: `${operationId} is a GET and takes no body`,
        attempts: 0,
      });
    }

    const url = `${baseUrl}${target.path}${target.search}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (spec.auth) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init: Omit<UpstreamRequestInit, 'signal'> = {
      method: spec.method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };

    const recorder = isPaid(operationId) ? options.paidCall?.() : undefined;
    const material = `${operationId} ${spec.method} ${target.path}${target.search} ${init.body ?? ''}`;
    const kept = (await recorder?.begin(material)) ?? null;
    try {
      return await attempts(kept);
    } catch (error) {
      // Failed for good: not billed. An unreadable 2xx was billed, and its answer is kept.
      if (!(error instanceof UpstreamError && error.code === 'unreadable_answer')) await recorder?.failed();
      throw error;
    }

    async function attempts(replay: { status: number; text: string } | null): Promise<unknown> {
      for (let attempt = 1; ; attempt += 1) {
        const attemptStarted = clock.now();
        let result: AttemptResult;
        if (replay !== null && attempt === 1) {
          // What an earlier run was answered for this very call, kept by the journal: no new purchase.
          result = replayed(replay);
          log('debug', `upstream ${operationId} answered from the paid-call journal`, { operationId });
        } else {
          let permit;
          try {
            permit = await throttle.acquire(family, signal, operationId);
          } catch (cause) {
            throw cancelled(attempt - 1, cause);
          }
          if (permit.waitedMs > 0)
            emit({ type: 'throttled', operationId, family, attempt, waitedMs: permit.waitedMs });
          emit({ type: 'attempt', operationId, family, attempt, method: spec.method, path: target.path });
          log('debug', `upstream ${operationId} attempt ${attempt}`, {
            operationId,
            path: target.path,
            attempt,
          });
          try {
            await recorder?.beforeSend();
            result = await attemptOnce(operationId, url, init, signal, recorder, permit);
          } finally {
            permit.release();
          }
        }
        const durationMs = clock.now() - attemptStarted;

        if (result.ok) {
          emit({
            type: 'response',
            operationId,
            family,
            attempt,
            status: result.status,
            code: null,
            durationMs,
          });
          let parsed: unknown = result.json;
          if (schema !== undefined) {
            const reading = readAnswer(schema, result.json);
            if (!reading.ok) {
              // Not retried: the same body would fail the same way, and a paid answer was already
              // billed once. The body goes with the error so the paid-call pipeline keeps it.
              emit({ type: 'read', operationId, family, findings: [], unreadable: reading.problems });
              throw fail({
                status: result.status,
                code: 'unreadable_answer',
                message: `the Discovery API answered ${operationId} in a shape this version could not read (${reading.problems.join('; ')})`,
                attempts: attempt,
                answer: {
                  status: result.status,
                  text: result.text,
                  json: result.json,
                  problems: reading.problems,
                },
              });
            }
            emit({ type: 'read', operationId, family, findings: reading.drift, unreadable: null });
            parsed = reading.value;
          }
          emit({
            type: 'settled',
            operationId,
            family,
            ok: true,
            attempts: attempt,
            status: result.status,
            code: null,
            durationMs: clock.now() - started,
          });
          return parsed;
        }

        const { failure } = result;
        emit({
          type: 'response',
          operationId,
          family,
          attempt,
          status: failure.status,
          code: failure.code,
          durationMs,
        });
        if (failure.outcome.kind === 'aborted') throw cancelled(attempt, failure.cause);

        const decision = decideRetry({
          attempt,
          maxAttempts,
          outcome: failure.outcome,
          baseDelayMs,
          maxDelayMs,
          random,
          now: clock.now(),
        });
        if (!decision.retry) {
          let { message } = failure;
          if (decision.reason === 'retry_after_too_long' && decision.retryAfterMs !== undefined) {
            message += ` (the service asks to wait ${seconds(decision.retryAfterMs)}, longer than the ${seconds(maxDelayMs)} this client waits; try again later)`;
          } else if (decision.reason === 'attempts_exhausted' && attempt > 1) {
            message += ` (gave up after ${attempt} attempts)`;
          }
          throw fail({
            status: failure.status,
            code: failure.code,
            message,
            attempts: attempt,
            cause: failure.cause,
            ...(decision.retryAfterMs === undefined ? {} : { retryAfterMs: decision.retryAfterMs }),
          });
        }

        // Everyone in the family would draw the same 429: hold the whole family, not just this call.
        if (decision.reason === 'rate_limited') throttle.pause(family, clock.now() + decision.delayMs);
        emit({
          type: 'retry',
          operationId,
          family,
          attempt,
          delayMs: decision.delayMs,
          reason: decision.reason,
          status: failure.status,
        });
        log('warn', `upstream ${operationId} retrying: ${failure.message}`, {
          operationId,
          path: target.path,
          attempt,
          status: failure.status,
          code: failure.code,
          delayMs: decision.delayMs,
        });
        await sleep(decision.delayMs, signal);
        if (signal?.aborted) throw cancelled(attempt, signal.reason);
      }
    }
  }

  return { request, throttle };
}
