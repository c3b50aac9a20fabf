import type { OperationId } from '../../../../shared/operations';
import type { Clock } from '../../../common/clock';
import type { LedgerEntryInput, SavingsInput } from '../ledger-repository';
import { fromMilliCredits, toMilliCredits } from '../values/milli-credits';
import { normalizeUserEmail } from '../values/user-email';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Savings summed in memory per user, operation, job and UTC day, until the ledger writes them. */
export interface PendingSavings {
  userEmail: string;
  operation: OperationId;
  jobId: string | undefined;
  cacheHits: number;
  savedMilli: number;
  firstRequestId: string;
  /** Every request summed (a request may add twice: cache hits, then shared calls). */
  requestIds: Set<string>;
  /** The latest addition. */
  at: number;
}

/** The ledger's running sums of savings (ledger-repository.ts `addSavings`), on either engine. */
export interface SavingsSums {
  /** Adds one request's savings; false when there was nothing to add. Throws on a bad amount. */
  add(entry: SavingsInput): boolean;
  /** Every sum, removed: the caller writes them, or gives them back with `restore`. */
  take(): PendingSavings[];
  /** Sums whose write failed, merged with whatever was added meanwhile. */
  restore(sums: readonly PendingSavings[]): void;
}

export function createSavingsSums(clock: Clock): SavingsSums {
  let pending = new Map<string, PendingSavings>();

  const addTo = (sum: PendingSavings, cacheHits: number, savedMilli: number, at: number) => {
    sum.cacheHits += cacheHits;
    sum.savedMilli += savedMilli;
    sum.at = Math.max(sum.at, at);
  };

  const merge = (key: string, addition: PendingSavings) => {
    const sum = pending.get(key);
    if (sum === undefined) {
      pending.set(key, addition);
      return;
    }
    addTo(sum, addition.cacheHits, addition.savedMilli, addition.at);
    for (const id of addition.requestIds) sum.requestIds.add(id);
  };

  return {
    add(entry) {
      const cacheHits = wholeSavings(entry.cacheHits);
      const savedMilli = toMilliCredits(entry.creditsSaved, 'creditsSaved');
      if (cacheHits === 0 && savedMilli === 0) return false;
      const userEmail = normalizeUserEmail(entry.userEmail);
      const at = entry.at ?? clock.now();
      const key = keyOf(userEmail, entry.operation, entry.jobId, at);
      // Added to in place when the sum exists (every cached answer of a busy formula after the
      // first in its second): nothing new to allocate on an answer's path.
      const sum = pending.get(key);
      if (sum !== undefined) {
        addTo(sum, cacheHits, savedMilli, at);
        sum.requestIds.add(entry.requestId);
        return true;
      }
      pending.set(key, {
        userEmail,
        operation: entry.operation,
        jobId: entry.jobId,
        cacheHits,
        savedMilli,
        firstRequestId: entry.requestId,
        requestIds: new Set([entry.requestId]),
        at,
      });
      return true;
    },

    take() {
      const taken = [...pending.values()];
      pending = new Map();
      return taken;
    },

    restore(sums) {
      // What was added meanwhile came after: the restored sum's first request stays first.
      const later = pending;
      pending = new Map();
      for (const sum of sums) merge(keyOf(sum.userEmail, sum.operation, sum.jobId, sum.at), sum);
      for (const [key, sum] of later) merge(key, sum);
    },
  };
}

/** One sum never spans two UTC days, so day and month totals stay exact. */
function keyOf(userEmail: string, operation: OperationId, jobId: string | undefined, at: number): string {
  const day = Math.floor(at / DAY_MS);
  // NUL appears in no address, operation id or job id.
  return `${userEmail}\u0000${operation}\u0000${jobId ?? ''}\u0000${day}`;
}

function wholeSavings(cacheHits: number): number {
  if (!Number.isInteger(cacheHits) || cacheHits < 0) {
    throw new RangeError(`cacheHits must be a whole number of 0 or more, got ${String(cacheHits)}`);
  }
  return cacheHits;
}

/** The ledger row a sum is written as: nothing paid, the items and credits saved. */
export function savingsEntry(sum: PendingSavings): LedgerEntryInput {
  return {
    userEmail: sum.userEmail,
    operation: sum.operation,
    estimatedCredits: 0,
    actualCredits: 0,
    cacheHits: sum.cacheHits,
    creditsSaved: fromMilliCredits(sum.savedMilli),
    ...(sum.jobId === undefined ? {} : { jobId: sum.jobId }),
    requestId:
      sum.requestIds.size === 1 ? sum.firstRequestId : `${sum.firstRequestId} +${sum.requestIds.size - 1}`,
    at: sum.at,
  };
}
