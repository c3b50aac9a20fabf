import type { z } from 'zod';
import type { HttpMethod, OperationId, RateFamily } from '../../../shared/operations';
import { readAnswer } from '../../../shared/responses/tolerant';
import type { Clock, Sleep } from '../../common/clock';
import type { Random } from '../../common/seeded-random';
import type { PaidCallRecorder } from './paid-call-recorder';
import { decideRetry } from './retry-rules';
import type { Throttle } from './throttle';
import {
  attemptOnce,
  replayed,
  seconds,
  type AttemptResult,
  type AttemptTransport,
  type Failure,
  type UpstreamRequestInit,
} from './upstream-attempt';
import type { UpstreamError } from './upstream-error';
import type { UpstreamReporter } from './upstream-events';

/** What every request of a client shares: its retry rules, throttle and ways to tell. */
export interface RetrySetup {
  transport: AttemptTransport;
  throttle: Throttle;
  clock: Clock;
  sleep: Sleep;
  random: Random;
  /** Tries in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  reporter: UpstreamReporter;
}

/** The error a request ends with; it reports the request settled (event and log line) as it is made. */
export type Failing = (
  init: Omit<ConstructorParameters<typeof UpstreamError>[0], 'operationId' | 'secrets'>,
) => UpstreamError;

/** One request, built and checked, ready to be sent as many times as the rules allow. */
export interface RequestRun {
  operationId: OperationId;
  family: RateFamily;
  method: HttpMethod;
  /** The encoded path without the query string: what events and logs name. */
  path: string;
  url: string;
  /** Names the call to the paid-call journal. */
  material: string;
  init: Omit<UpstreamRequestInit, 'signal'>;
  signal: AbortSignal | undefined;
  schema: z.ZodType | undefined;
  recorder: PaidCallRecorder | undefined;
  /** When the request began, for the settled event's duration. */
  started: number;
  fail: Failing;
}

/**
 * Sends the request until it is answered or the retry rules (retry-rules.ts) give up: the first
 * attempt is the journal's kept answer when there is one (no new purchase). Resolves to the
 * answer, read against the request's schema when it has one; throws an `UpstreamError` otherwise.
 */
export async function sendWithRetries(
  setup: RetrySetup,
  run: RequestRun,
  kept: { status: number; text: string } | null,
): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    const attemptStarted = setup.clock.now();
    let result: AttemptResult;
    if (kept !== null && attempt === 1) {
      result = replayed(kept);
      setup.reporter.log('debug', `upstream ${run.operationId} answered from the paid-call journal`, {
        operationId: run.operationId,
      });
    } else {
      result = await sendAttempt(setup, run, attempt);
    }
    const { status, code } = result.ok ? { status: result.status, code: null } : result.failure;
    const durationMs = setup.clock.now() - attemptStarted;
    const { operationId, family } = run;
    setup.reporter.emit({ type: 'response', operationId, family, attempt, status, code, durationMs });
    if (result.ok) return readAnswered(setup, run, result, attempt);
    await waitOrFail(setup, run, result.failure, attempt);
  }
}

/** One attempt through the throttle: its turn, its events, the journal's go-ahead, the attempt. */
async function sendAttempt(setup: RetrySetup, run: RequestRun, attempt: number): Promise<AttemptResult> {
  const { operationId, family } = run;
  const { reporter } = setup;
  let permit;
  try {
    permit = await setup.throttle.acquire(family, run.signal, operationId);
  } catch (cause) {
    throw cancelled(run, attempt - 1, cause);
  }
  if (permit.waitedMs > 0)
    reporter.emit({ type: 'throttled', operationId, family, attempt, waitedMs: permit.waitedMs });
  reporter.emit({ type: 'attempt', operationId, family, attempt, method: run.method, path: run.path });
  reporter.log('debug', `upstream ${operationId} attempt ${attempt}`, {
    operationId,
    path: run.path,
    attempt,
  });
  try {
    await run.recorder?.beforeSend();
    return await attemptOnce(setup.transport, { ...run, permit });
  } finally {
    permit.release();
  }
}

/** An answer read against the request's schema (when it has one), and the request settled. */
function readAnswered(
  setup: RetrySetup,
  run: RequestRun,
  result: Extract<AttemptResult, { ok: true }>,
  attempt: number,
): unknown {
  const { operationId, family, schema } = run;
  let parsed: unknown = result.json;
  if (schema !== undefined) {
    const reading = readAnswer(schema, result.json);
    if (!reading.ok) {
      // Not retried: the same body would fail the same way, and a paid answer was already
      // billed once. The body goes with the error so the paid-call pipeline keeps it.
      setup.reporter.emit({ type: 'read', operationId, family, findings: [], unreadable: reading.problems });
      throw run.fail({
        status: result.status,
        code: 'unreadable_answer',
        message: `the Discovery API answered ${operationId} in a shape this version could not read (${reading.problems.join('; ')})`,
        attempts: attempt,
        answer: { status: result.status, text: result.text, json: result.json, problems: reading.problems },
      });
    }
    setup.reporter.emit({ type: 'read', operationId, family, findings: reading.drift, unreadable: null });
    parsed = reading.value;
  }
  setup.reporter.emit({
    type: 'settled',
    operationId,
    family,
    ok: true,
    attempts: attempt,
    status: result.status,
    code: null,
    durationMs: setup.clock.now() - run.started,
  });
  return parsed;
}

/** A failed attempt: waits out the backoff the rules give it, or throws the request's error. */
async function waitOrFail(
  setup: RetrySetup,
  run: RequestRun,
  failure: Failure,
  attempt: number,
): Promise<void> {
  if (failure.outcome.kind === 'aborted') throw cancelled(run, attempt, failure.cause);
  const { clock, maxDelayMs } = setup;
  const decision = decideRetry({
    attempt,
    maxAttempts: setup.maxAttempts,
    outcome: failure.outcome,
    baseDelayMs: setup.baseDelayMs,
    maxDelayMs,
    random: setup.random,
    now: clock.now(),
  });
  if (!decision.retry) {
    let { message } = failure;
    if (decision.reason === 'retry_after_too_long' && decision.retryAfterMs !== undefined) {
      message += ` (the service asks to wait ${seconds(decision.retryAfterMs)}, longer than the ${seconds(maxDelayMs)} this client waits; try again later)`;
    } else if (decision.reason === 'attempts_exhausted' && attempt > 1) {
      message += ` (gave up after ${attempt} attempts)`;
    }
    const { status, code, cause } = failure;
    const retryAfter = decision.retryAfterMs === undefined ? {} : { retryAfterMs: decision.retryAfterMs };
    throw run.fail({ status, code, message, attempts: attempt, cause, ...retryAfter });
  }
  const { operationId, family } = run;
  const { delayMs, reason } = decision;
  // Everyone in the family would draw the same 429: hold the whole family, not just this call.
  if (reason === 'rate_limited') setup.throttle.pause(family, clock.now() + delayMs);
  setup.reporter.emit({
    type: 'retry',
    operationId,
    family,
    attempt,
    delayMs,
    reason,
    status: failure.status,
  });
  setup.reporter.log('warn', `upstream ${operationId} retrying: ${failure.message}`, {
    operationId,
    path: run.path,
    attempt,
    status: failure.status,
    code: failure.code,
    delayMs,
  });
  await setup.sleep(delayMs, run.signal);
  if (run.signal?.aborted) throw cancelled(run, attempt, run.signal.reason);
}

/** The request was cancelled by its caller. */
function cancelled(run: RequestRun, attempts: number, cause?: unknown): UpstreamError {
  return run.fail({
    status: null,
    code: 'aborted',
    message: `the request for ${run.operationId} was cancelled`,
    attempts,
    cause,
  });
}
