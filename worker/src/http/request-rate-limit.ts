import { hash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Clock } from '../../common/clock';
import { readBearer } from '../identity/authenticate';
import { sendWorkerError } from '../request-io/error-answer';
import { TokenBuckets } from '../request-io/token-buckets';
import { closeIfBodyUnread } from '../request-io/unread-body';
import { WorkerError } from '../request-io/worker-error';

/**
 * A bucket holds this many seconds of its rate: a recalculation that fires a few hundred formulas
 * at once goes through whole, while a caller that keeps sending faster than the rate is stopped
 * within seconds.
 */
export const BURST_SECONDS = 10;
/**
 * RATE_LIMIT_PER_KEY. A sheet recalculating sends one request per formula (a range is one), and
 * Apps Script runs a few dozen custom functions at once, each a round trip of 100 ms or more from
 * Google: tens a second at its busiest. A sidebar polls once a second. Ten times that headroom,
 * plus the burst, and a script sending thousands a second is stopped within half a second.
 */
export const DEFAULT_RATE_LIMIT_PER_KEY = 100;
/**
 * RATE_LIMIT_PER_ADDRESS. Apps Script fetches from Google's addresses, shared by many users and
 * documents, so this is looser than the per-key limit; it is what holds back callers without a
 * valid credential.
 */
export const DEFAULT_RATE_LIMIT_PER_ADDRESS = 300;
/** Callers remembered per limit: a bucket is about 100 bytes, so a few MB at most. */
const MAX_BUCKETS = 50_000;

interface RequestRateLimitOptions {
  /** Requests per second per bearer credential (a key, an ID token); null: no limit. */
  perCredential: number | null;
  /** Requests per second per client address (`req.ip`, see TRUST_PROXY); null: no limit. */
  perAddress: number | null;
  clock: Clock;
}

/**
 * Refuses a caller that sends too fast with 429 and `Retry-After`, before anything else is done
 * for the request: no credential check, no body read. Two limits, each a token bucket: per
 * address, which also holds back someone cycling through made-up credentials, and per
 * credential, which holds back one key however many addresses it comes from. The credential is
 * counted by its hash and not verified here: a made-up one only spends its own bucket.
 */
export function requestRateLimit(options: RequestRateLimitOptions): RequestHandler {
  const buckets = (perSecond: number | null) =>
    perSecond === null
      ? null
      : new TokenBuckets({
          perSecond,
          capacity: Math.max(1, Math.round(perSecond * BURST_SECONDS)),
          maxBuckets: MAX_BUCKETS,
          clock: options.clock,
        });
  const byAddress = buckets(options.perAddress);
  const byCredential = buckets(options.perCredential);

  return (req, res, next) => {
    if (byAddress !== null && options.perAddress !== null) {
      const waitMs = byAddress.take(req.ip ?? req.socket.remoteAddress ?? 'unknown');
      if (waitMs > 0) {
        closeIfBodyUnread(req, res);
        sendWorkerError(res, tooMany('from this address', options.perAddress, waitMs));
        return;
      }
    }
    if (byCredential !== null && options.perCredential !== null) {
      const credential = readBearer(req);
      const waitMs = credential === null ? 0 : byCredential.take(hash('sha256', credential, 'base64'));
      if (waitMs > 0) {
        closeIfBodyUnread(req, res);
        sendWorkerError(res, tooMany('with this key', options.perCredential, waitMs));
        return;
      }
    }
    next();
  };
}

function tooMany(whose: string, perSecond: number, waitMs: number): WorkerError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new WorkerError(
    429,
    'too_many_requests',
    `Too many requests ${whose} (more than ${perSecond} a second for a while); wait ${seconds} s and try again`,
    { retryAfterSeconds: seconds },
  );
}
