import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's id: the caller's `x-request-id` when it is sane, else a fresh one. */
    requestId?: string;
    /** A child of the worker's logger that stamps every line with the request id. */
    log?: Logger;
  }
}

const REQUEST_ID_HEADER = 'x-request-id';

/** Ids are echoed into headers and logs, so only short plain tokens are taken from callers. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request prototypes (Express gives each app its own) whose `log` is the accessor below. */
const withLogAccessor = new WeakSet<object>();
/** Each request's `log`, once made (or set): most requests never have one. */
const requestLogs = new WeakMap<object, Logger>();

/**
 * `req.log`, made when first read: most requests log nothing but their last line, and a pino child
 * per request was a measurable share of a cached answer. The accessor sits on the request's
 * prototype, installed once with the logger it makes children of, and reads only the request's id:
 * defined on each request (a getter of its own per request object), it cost a cached formula's
 * answer about a tenth of its time, and every property a middleware adds to a request costs it a
 * few microseconds more (issue 28, measured against this).
 */
function installLogAccessor(req: object, logger: Logger): void {
  const prototype: unknown = Object.getPrototypeOf(req);
  if (typeof prototype !== 'object' || prototype === null || withLogAccessor.has(prototype)) return;
  withLogAccessor.add(prototype);
  Object.defineProperty(prototype, 'log', {
    configurable: true,
    enumerable: true,
    get(this: { requestId?: string }): Logger | undefined {
      let log = requestLogs.get(this);
      if (log === undefined && this.requestId !== undefined) {
        log = logger.child({ requestId: this.requestId });
        requestLogs.set(this, log);
      }
      return log;
    },
    set(this: object, value: Logger) {
      requestLogs.set(this, value);
    },
  });
}

/**
 * Gives each request an id (honouring a sane `x-request-id`, echoed in the answer) and a child
 * logger, and writes one line when the answer is done: method, path (never the query string,
 * which may carry data), status and duration. Bodies and headers are never logged.
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const offered = req.headers[REQUEST_ID_HEADER];
    const requestId = typeof offered === 'string' && ACCEPTED_ID.test(offered) ? offered : randomUUID();
    req.requestId = requestId;
    installLogAccessor(req, logger);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const failed = res.statusCode >= 500;
      if (!logger.isLevelEnabled(failed ? 'error' : 'info')) return;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const child = requestLogs.get(req);
      const fields = {
        ...(child === undefined ? { requestId } : {}),
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
        via: req.identity?.via ?? null,
        role: req.identity?.role ?? null,
      };
      const line = child ?? logger;
      if (failed) line.error(fields, 'request failed');
      else line.info(fields, 'request done');
    });
    next();
  };
}

/** The id and logger of a request that went through requestContext(), or fresh ones. */
export function requestScope(
  req: { requestId?: string; log?: Logger },
  fallback: Logger,
): { requestId: string; log: Logger } {
  const requestId = req.requestId ?? randomUUID();
  return { requestId, log: req.log ?? fallback.child({ requestId }) };
}
