import type { Logger } from 'pino';
import type { Clock } from '../../../common/clock';
import { renewLease } from '../../concurrency/lease-renewal';
import type { JobDeliveryRepository } from '../../store/job-delivery-repository';

/**
 * A server delivery is written by one instance at a time, the one holding its lease
 * (job_deliveries.lease_owner and lease_until), as jobs are run (jobs/job-lease.ts). The writer
 * takes it before a loop, renews it while it writes (concurrency/lease-renewal.ts) and lets go
 * when the loop ends: freed when nothing is left, handed back (expired at once) when the worker
 * stops with rows left. An instance killed mid-delivery stops renewing; every live instance looks
 * for deliveries whose lease ran out or was handed back four times per lease time and takes them
 * over, from the rows the store says Google took (`rowsWritten`): each row lands once, at its own
 * cells.
 */
export interface DeliveryLeaseSettings {
  /** This worker's name in the leases. */
  owner: string;
  /** How long a lease lasts unrenewed (SHEETS_LEASE_SECONDS). */
  ms: number;
  /** Postgres: other instances may take a delivery over, so the lease is renewed and watched. */
  shared: boolean;
}

export interface HeldDeliveryLease {
  /** Another instance took the delivery over: the loop stops before its next block. */
  readonly lost: boolean;
  /** Stops the renewal and lets go: `handBack` leaves it to any live instance at once. */
  end(handBack: boolean): Promise<void>;
}

interface LeaseDeps {
  deliveries: JobDeliveryRepository;
  clock: Clock;
  log: Logger;
}

/** The delivery's lease for this worker, renewed; null while another instance's live lease holds it. */
export async function takeDeliveryLease(
  deps: LeaseDeps,
  settings: DeliveryLeaseSettings,
  jobId: string,
): Promise<HeldDeliveryLease | null> {
  const { deliveries, clock, log } = deps;
  const now = clock.now();
  if (!(await deliveries.lease(jobId, settings.owner, now, now + settings.ms))) return null;
  const renewal = settings.shared
    ? renewLease(
        settings.ms,
        () => deliveries.renewLease(jobId, settings.owner, clock.now() + settings.ms),
        (error) => log.warn({ err: error, jobId }, 'delivery lease could not be renewed; trying again'),
      )
    : null;
  return {
    get lost() {
      return renewal?.lost.aborted ?? false;
    },
    async end(handBack) {
      renewal?.stop();
      try {
        await deliveries.releaseLease(jobId, settings.owner, handBack);
      } catch (error) {
        // The store away: the lease runs out by itself and a live instance takes the delivery over.
        log.warn({ err: error, jobId }, 'delivery lease could not be let go; it runs out by itself');
      }
    },
  };
}

/**
 * Kicks the deliveries whose lease ran out or was handed back (shared store only): looked for at
 * least four times per lease time, and right after the soonest lease of another instance would
 * run out unrenewed. A killed instance's delivery goes on here within about one lease of the
 * kill (its last renewal was at most that long before), a stopped one's within a quarter lease.
 */
export function watchAbandonedDeliveries(
  deps: LeaseDeps,
  settings: DeliveryLeaseSettings,
  kick: (jobId: string) => void,
): { stop(): void } {
  if (!settings.shared) return { stop: () => undefined };
  const every = Math.max(MIN_LOOK_MS, Math.floor(settings.ms / 4));
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const look = async (): Promise<number> => {
    const now = deps.clock.now();
    const found = await deps.deliveries.abandoned(now);
    for (const delivery of found) kick(delivery.jobId);
    if (found.length > 0) deps.log.info({ deliveries: found.length }, 'taking over server deliveries');
    const end = await deps.deliveries.nextLeaseEnd(now);
    return end === null
      ? every
      : Math.min(every, Math.max(MIN_LOOK_MS, end - deps.clock.now() + EXPIRY_MARGIN_MS));
  };
  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      look().then(next, (error: unknown) => {
        deps.log.warn({ err: error }, 'deliveries to take over could not be read');
        next(every);
      });
    }, ms);
    timer.unref();
  };
  next(0);
  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}

/** Looks no more often than this. */
const MIN_LOOK_MS = 100;
/** A lease is looked at this long after its end, so that the store's clock sees it over too. */
const EXPIRY_MARGIN_MS = 50;
