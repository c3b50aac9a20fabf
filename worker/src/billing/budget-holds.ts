import type { CreditCharge } from '../../../shared/pricing';
import type { BudgetGuard, BudgetHold, BudgetSubject } from '../budgets/budget-guard';
import { fromMilliCredits, toMilliCredits } from '../store/values/milli-credits';

/**
 * The holds behind one reservation (a request's, or a job batch's) and what of them the calls made
 * under it have not used yet. A call takes its estimate out of what is held; a call the reservation
 * did not count first holds the difference itself, refused like any hold (BudgetExceededError,
 * before anything is sent). That is the case of data another request was fetching when this one
 * reserved: when that fetch fails, this request makes the call, and must not make it unheld
 * (issue 11: a 1-credit budget let one user spend 3 that way).
 */
export interface HeldBudget {
  /** Credits held in all. */
  readonly credits: number;
  /** Holds `estimate` for one call out of what is left, holding more first when it is not enough. */
  cover(estimate: CreditCharge): Promise<void>;
  /**
   * Lets go of one call's estimate once the ledger counts the call (or it failed and costs nothing),
   * so that a budget never counts a call twice, held and spent, while the rest of the request runs.
   */
  settle(estimate: CreditCharge): void;
  /**
   * Lets go of what no call will need (at most what is left): a request held at the most its list
   * could cost, before its look-ups told how much of it is new (issue 28).
   */
  giveBack(unneeded: CreditCharge): void;
  /** Lets go of every hold. Idempotent. */
  release(): void;
}

interface Left {
  milli: number;
  raw: number;
}

export async function holdBudget(
  guard: BudgetGuard,
  identity: BudgetSubject,
  estimate: CreditCharge,
): Promise<HeldBudget> {
  const holds: BudgetHold[] = [await guard.reserve(identity, estimate)];
  const left: Left = { milli: toMilliCredits(estimate.credits), raw: estimate.rawRequests };
  let heldMilli = left.milli;
  return {
    get credits() {
      return fromMilliCredits(heldMilli);
    },
    async cover(call) {
      const milli = toMilliCredits(call.credits);
      const short: Left = {
        milli: Math.max(0, milli - left.milli),
        raw: Math.max(0, call.rawRequests - left.raw),
      };
      if (short.milli > 0 || short.raw > 0) {
        holds.push(
          await guard.reserve(identity, { credits: fromMilliCredits(short.milli), rawRequests: short.raw }),
        );
        left.milli += short.milli;
        left.raw += short.raw;
        heldMilli += short.milli;
      }
      left.milli -= milli;
      left.raw -= call.rawRequests;
    },
    settle(call) {
      shrinkHolds(holds, call);
    },
    giveBack(unneeded) {
      const milli = Math.min(left.milli, toMilliCredits(unneeded.credits));
      const raw = Math.min(left.raw, unneeded.rawRequests);
      left.milli -= milli;
      left.raw -= raw;
      heldMilli -= milli;
      shrinkHolds(holds, { credits: fromMilliCredits(milli), rawRequests: raw });
    },
    release() {
      for (const hold of holds.splice(0)) hold.release();
    },
  };
}

/** Lets go of `charge` across the holds, first ones first. */
function shrinkHolds(holds: readonly BudgetHold[], charge: CreditCharge): void {
  let rest = { ...charge };
  for (const hold of holds) {
    if (rest.credits <= 0 && rest.rawRequests <= 0) break;
    const freed = hold.shrink(rest);
    rest = {
      credits: fromMilliCredits(toMilliCredits(rest.credits) - toMilliCredits(freed.credits)),
      rawRequests: rest.rawRequests - freed.rawRequests,
    };
  }
}
