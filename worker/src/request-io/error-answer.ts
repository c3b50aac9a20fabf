import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { isBudgetExceededError } from './budget-exceeded-error';
import { NOT_FOUND_CODES } from '../../../shared/responses/errors';
import {
  isStoreUnavailableError,
  STORE_UNAVAILABLE_MESSAGE,
  type StoreUnavailableError,
} from '../store/store-availability';
import { isServiceErrorCode, isUpstreamError, type UpstreamError } from '../upstream/upstream-error';
import { requestReadErrorAnswer } from './request-read-error';
import { closeIfBodyUnread } from './unread-body';
import { isWorkerError, WorkerError } from './worker-error';

/** The body of every error answer (DESIGN "Errors users see"). */
interface ErrorAnswer {
  error: { code: string; message: string; [detail: string]: unknown };
}

/**
 * What a failure means to the caller of the worker. The API's statuses per code are open
 * (api-notes "Errors"), so codes decide first and statuses only when the code is unknown:
 * - the API out of credits: 402; its rate limit beyond our retries: 429; a timeout: 504;
 * - the API refusing the worker's own token: 502 (the caller did nothing wrong, an admin must act);
 * - bad input the API noticed: 400; not found: 404; a closed door: 403;
 * - an error the service wrote outside the 5xx family: 502 with its own code and message;
 * - anything else from the API (5xx after retries, network, unreadable answer): 502.
 */
function upstreamErrorAnswer(error: UpstreamError): WorkerError {
  const { code, status } = error;
  const retryAfterSeconds =
    error.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(error.retryAfterMs / 1000));
  if (code === 'not_enough_credits') {
    return new WorkerError(
      402,
      'not_enough_credits',
      `The API account holds too few credits: ${error.message}`,
    );
  }
  if (status === 429 || code === 'rate_limited') {
    return new WorkerError(
      429,
      'rate_limited',
      'The Discovery API is rate limiting this worker beyond its retries; try again in a minute',
      { retryAfterSeconds: retryAfterSeconds ?? 60 },
    );
  }
  if (code === 'timeout') {
    return new WorkerError(
      504,
      'upstream_timeout',
      `The Discovery API did not answer in time (${error.message})`,
    );
  }
  if (code === 'aborted') {
    return new WorkerError(503, 'unavailable', 'The worker is shutting down; try again in a moment');
  }
  if (code === 'api_token_invalid' || status === 401) {
    return new WorkerError(
      502,
      'upstream_auth',
      "The Discovery API refused the worker's API token; an admin must check DISCOVERY_API_TOKEN",
    );
  }
  if (code === 'bad_request' || code === 'invalid_request' || status === 400) {
    return new WorkerError(400, 'bad_request', error.message);
  }
  if (NOT_FOUND_CODES.has(code) || status === 404) return new WorkerError(404, code, error.message);
  if (status === 403) return new WorkerError(403, code, error.message);
  // An error the service wrote itself outside the 5xx family (`error: true` on a 2xx, or a 4xx of
  // an unexpected kind): its code and message reach the user as the service wrote them. A 5xx
  // after retries stays `upstream_failed`, its message the service's own all the same.
  if (isServiceErrorCode(code) && (status === null || status < 500)) {
    return new WorkerError(502, code, `The Discovery API answered "${code}": ${error.message}`);
  }
  return new WorkerError(502, 'upstream_failed', `The Discovery API failed: ${error.message}`);
}

/** How long a caller is asked to wait while the store is away: its probe tries every second. */
const STORE_RETRY_AFTER_SECONDS = 5;

/** The store's outage, anywhere in the error's causes (an operation may wrap what the store threw). */
function storeOutageOf(error: unknown): StoreUnavailableError | null {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (isStoreUnavailableError(current)) return current;
    current = current.cause;
  }
  return null;
}

/**
 * Any thrown value as the answer the caller gets: a request the worker could not read (body,
 * encoding, path) is the caller's 4xx; the store out of reach (a database restart) is 503 with
 * Retry-After, a passing state; only errors of the worker itself become a bare 500.
 */
export function toWorkerError(error: unknown): WorkerError {
  if (isWorkerError(error)) return error;
  if (isBudgetExceededError(error)) return new WorkerError(402, error.code, error.message);
  if (isUpstreamError(error)) return upstreamErrorAnswer(error);
  const outage = storeOutageOf(error);
  if (outage !== null)
    return new WorkerError(503, outage.code, STORE_UNAVAILABLE_MESSAGE, {
      retryAfterSeconds: STORE_RETRY_AFTER_SECONDS,
      cause: outage,
    });
  const unreadable = requestReadErrorAnswer(error);
  if (unreadable !== null) return unreadable;
  return new WorkerError(
    500,
    'internal',
    'Something went wrong inside the worker; the request id in the answer helps an admin find it',
  );
}

export function sendWorkerError(res: Response, error: WorkerError): void {
  if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
  const body: ErrorAnswer = { error: { ...error.details, code: error.code, message: error.message } };
  res.status(error.status).json(body);
}

/** The last middleware: every error as `{ error: { code, message } }`; 500s are logged with their stack. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const answer = toWorkerError(error);
    // An error before the body was read (a path that cannot be decoded) need not wait for it.
    closeIfBodyUnread(req, res);
    const log = req.log ?? logger;
    if (answer.status >= 500 && answer.code === 'internal') log.error({ err: error }, 'unexpected error');
    else if (answer.code === 'store_unavailable')
      log.warn({ code: answer.code, status: answer.status }, 'answered while the store is unavailable');
    else if (answer.status >= 500)
      log.warn({ code: answer.code, status: answer.status }, 'upstream failure answered');
    sendWorkerError(res, answer);
  };
}

/** For paths no route serves. */
export function notFoundHandler(): RequestHandler {
  return (req, res) => {
    closeIfBodyUnread(req, res);
    sendWorkerError(
      res,
      new WorkerError(404, 'not_found', `No route ${req.method} ${req.originalUrl.split('?')[0]}`),
    );
  };
}
