import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * The heartbeat of a lease on a store several instances share (a server delivery, a schedule's
 * run): renewed three times per lease time, so one late renewal (a slow database) does not let it
 * run out, on a real-time timer (the lease's end is the store's clock; the timer only has to come
 * round often enough). A renewal the store refuses (another instance took the lease over, or the
 * work ended elsewhere) aborts `lost`, and the work stops before its next step; one that fails on
 * an error (the database restarting) is tried again at the next beat.
 */
export interface LeaseRenewal {
  /** Aborted once the lease is no longer this holder's. */
  readonly lost: AbortSignal;
  stop(): void;
}

/** Never more often than this, whatever the lease. */
const MIN_EVERY_MS = 1000;

export function renewLease(
  leaseMs: number,
  renew: () => Promise<boolean>,
  onError: (error: unknown) => void,
): LeaseRenewal {
  const lost = new AbortController();
  const timer = setInterval(
    () => {
      renew().then(
        (held) => {
          if (held) return;
          clearInterval(timer);
          lost.abort(new Error('the lease was taken over'));
        },
        (error: unknown) => onError(error),
      );
    },
    Math.max(MIN_EVERY_MS, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return {
    lost: lost.signal,
    stop: () => clearInterval(timer),
  };
}

/** A holder's name in the leases: host, process and a random part (two holders, two owners). */
export function newLeaseOwner(): string {
  return `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;
}
