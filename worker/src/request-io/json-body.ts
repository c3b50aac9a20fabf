import express, { type RequestHandler } from 'express';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './body-depth';
import { badRequest } from './worker-error';

/** Sizes for the body limits that sit beside each router. */
export const KB = 1024;

/** Every reader jsonBody made, so a test can check that each route authenticates before it reads. */
const bodyReaders = new WeakSet<object>();

/**
 * The JSON body of one route, read only once the handlers before it let the request through:
 * routes put it after `authenticate`, so a caller without a credential never has a byte of its
 * body buffered or parsed (an unread body is discarded by Node as it arrives, never kept). At most
 * `limitBytes` (after decompression) are read, each route sized to what it legitimately takes;
 * the value must be an object or an array nested at most MAX_BODY_DEPTH deep. Anything else
 * answers 4xx with a sentence (error-answer.ts).
 */
export function jsonBody(limitBytes: number): RequestHandler {
  const parse = express.json({ limit: limitBytes });
  const reader: RequestHandler = (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (error !== undefined) {
        next(error);
        return;
      }
      if (nestsDeeperThan(req.body, MAX_BODY_DEPTH)) {
        next(
          badRequest(
            `The request body nests arrays or objects more than ${MAX_BODY_DEPTH} levels deep; no request of this worker needs that many`,
          ),
        );
        return;
      }
      next();
    });
  };
  bodyReaders.add(reader);
  return reader;
}

/** true for a handler made by jsonBody. */
export function isBodyReader(handler: unknown): boolean {
  return typeof handler === 'function' && bodyReaders.has(handler);
}
