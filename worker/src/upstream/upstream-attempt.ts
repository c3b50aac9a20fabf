import type { HttpMethod, OperationId } from '../../../shared/operations';
import { PRICE_TABLE } from '../../../shared/pricing';
import { readServiceError } from '../../../shared/responses/errors';
import type { Sleep } from '../../common/clock';
import type { PaidCallRecorder } from './paid-call-recorder';
import type { AttemptOutcome } from './retry-rules';

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

/** Why one attempt did not produce a body to parse. */
export interface Failure {
  outcome: AttemptOutcome | { kind: 'aborted' };
  status: number | null;
  code: string;
  message: string;
  cause?: unknown;
}

export type AttemptResult =
  { ok: true; status: number; json: unknown; text: string } | { ok: false; failure: Failure };

/** What every attempt of a client shares: its transport and its timeout. */
export interface AttemptTransport {
  fetch: UpstreamFetch;
  sleep: Sleep;
  /** Per attempt, from the moment the throttle lets it go. */
  timeoutMs: number;
}

/** One attempt of one request. */
export interface AttemptCall {
  operationId: OperationId;
  url: string;
  init: Omit<UpstreamRequestInit, 'signal'>;
  /** The caller's: cancels the attempt in flight. */
  signal: AbortSignal | undefined;
  recorder: PaidCallRecorder | undefined;
  /** The throttle's permit: told right before the request goes, and when its answer comes. */
  permit: { started(): void; answered(): void };
}

/** A kept answer as the attempt that got it: JSON when it is, else the text for the unreadable path. */
export function replayed(kept: { status: number; text: string }): AttemptResult {
  try {
    return { ok: true, status: kept.status, json: JSON.parse(kept.text) as unknown, text: kept.text };
  } catch {
    return { ok: true, status: kept.status, json: undefined, text: kept.text };
  }
}

/** Paid operations (credits or the raw allowance): a 2xx of theirs has been billed, whatever it says. */
export function isPaid(operationId: OperationId): boolean {
  return PRICE_TABLE[operationId].kind !== 'free';
}

export function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * Sends one attempt under its own timeout and reads what came back: an answer, the service's
 * error (whatever the status), or why nothing came (cancelled, timed out, network). Never throws
 * for those: the retry loop decides what each means.
 */
export async function attemptOnce(transport: AttemptTransport, call: AttemptCall): Promise<AttemptResult> {
  const controller = new AbortController();
  const stopTimer = new AbortController();
  let timedOut = false;
  void transport.sleep(transport.timeoutMs, stopTimer.signal).then(() => {
    if (stopTimer.signal.aborted) return;
    timedOut = true;
    controller.abort();
  });
  const onCallerAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    call.permit.started();
    const response = await transport.fetch(call.url, { ...call.init, signal: controller.signal });
    if (response.status >= 200 && response.status < 300) call.permit.answered();
    return await readResponse(call, response);
  } catch (cause) {
    const why = call.signal?.aborted ? 'aborted' : timedOut ? 'timeout' : 'network';
    return { ok: false, failure: unanswered(why, call.operationId, cause, transport.timeoutMs) };
  } finally {
    stopTimer.abort();
    call.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** An answer's status and body as the client takes them; a 2xx is written to the journal first. */
async function readResponse(call: AttemptCall, response: UpstreamResponse): Promise<AttemptResult> {
  const { operationId } = call;
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
  if (status < 200 || status >= 300) {
    return failed({ kind: 'status', status, retryAfter: response.headers.get('retry-after') }, status, {
      code: serviceError?.code ?? `http_${status}`,
      message:
        serviceError?.message ??
        `the Discovery API answered ${operationId} with HTTP ${status} and no error details`,
    });
  }
  if (serviceError !== null) {
    return failed({ kind: 'status', status }, status, {
      code: serviceError.code ?? 'service_error',
      message:
        serviceError.message ?? `the Discovery API answered ${operationId} with an error and no message`,
    });
  }
  // A paid 2xx that is not JSON was billed all the same: it is read as unreadable (kept and
  // billed once above this layer), never retried into a second charge.
  if (isJson || isPaid(operationId)) {
    await call.recorder?.answered(status, text);
    return { ok: true, status, json: body, text };
  }
  return failed({ kind: 'malformed' }, status, {
    code: 'malformed_response',
    message: `the Discovery API answered ${operationId} with a body that is not JSON`,
  });
}

function failed(
  outcome: Failure['outcome'],
  status: number,
  said: { code: string; message: string },
): AttemptResult {
  return { ok: false, failure: { outcome, status, ...said } };
}

/** Why an attempt got no answer at all, as a sentence for the user. */
function unanswered(
  why: 'aborted' | 'timeout' | 'network',
  operationId: OperationId,
  cause: unknown,
  timeoutMs: number,
): Failure {
  if (why === 'aborted') {
    return {
      outcome: { kind: 'aborted' },
      status: null,
      code: 'aborted',
      message: `the request for ${operationId} was cancelled`,
      cause,
    };
  }
  if (why === 'timeout') {
    return {
      outcome: { kind: 'timeout' },
      status: null,
      code: 'timeout',
      message: `the Discovery API did not answer ${operationId} within ${seconds(timeoutMs)}`,
      cause,
    };
  }
  const reason = cause instanceof Error ? cause.message : String(cause);
  return {
    outcome: { kind: 'network' },
    status: null,
    code: 'network_error',
    message: `could not reach the Discovery API for ${operationId}: ${reason}`,
    cause,
  };
}
