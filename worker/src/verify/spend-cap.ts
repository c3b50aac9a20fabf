import { sumCharges, type CreditCharge } from '../../../shared/pricing';

/**
 * What `npm run verify:live` may spend, given on its command line: credits and raw requests. Paid
 * calls are made only while the most each can cost (the price table's estimate) fits in what the
 * cap leaves, so the check never spends more than the cap as long as the API bills by its price
 * table; a call billed above its estimate stops every paid call after it. No cap given is a cap of
 * nothing: the paid calls are listed as skipped, and nothing is spent.
 */
export interface SpendCap {
  readonly credits: number;
  readonly rawRequests: number;
}

export type CapDecision = { ok: true } | { ok: false; reason: string };

export interface SpendKeeper {
  /**
   * Whether a call that may cost `estimate` fits in what is left, and why not. `unit` is what the
   * operation is paid in: without a cap in it, nothing is called, even a call the price table
   * prices at nothing (the spec's free testing aids are still the service's to bill).
   */
  allows(estimate: CreditCharge, unit: 'credits' | 'rawRequests'): CapDecision;
  /** What a call cost (the larger of its price and the balance's move); stops paid calls past its estimate. */
  record(estimate: CreditCharge, spent: CreditCharge): void;
  spent(): CreditCharge;
}

/** Thousandths: credits are priced in them (pricing.ts), so comparisons are exact. */
const milli = (credits: number) => Math.round(credits * 1000);

export function createSpendKeeper(cap: SpendCap): SpendKeeper {
  let spent: CreditCharge = { credits: 0, rawRequests: 0 };
  let stoppedBecause: string | null = null;
  return {
    allows(estimate, unit) {
      if (stoppedBecause !== null) return { ok: false, reason: stoppedBecause };
      if ((estimate.credits > 0 || unit === 'credits') && cap.credits <= 0) {
        return {
          ok: false,
          reason: 'no credit cap given (--max-credits): nothing that costs credits is called',
        };
      }
      if ((estimate.rawRequests > 0 || unit === 'rawRequests') && cap.rawRequests <= 0) {
        return {
          ok: false,
          reason: 'no raw request cap given (--max-raw-requests): no raw operation is called',
        };
      }
      const creditsLeft = milli(cap.credits) - milli(spent.credits);
      if (milli(estimate.credits) > creditsLeft) {
        return {
          ok: false,
          reason: `may cost ${estimate.credits} credits, more than the ${creditsLeft / 1000} the cap leaves`,
        };
      }
      const rawLeft = cap.rawRequests - spent.rawRequests;
      if (estimate.rawRequests > rawLeft) {
        return {
          ok: false,
          reason: `may cost ${estimate.rawRequests} raw requests, more than the ${rawLeft} the cap leaves`,
        };
      }
      return { ok: true };
    },

    record(estimate, cost) {
      spent = sumCharges([spent, cost]);
      if (milli(cost.credits) > milli(estimate.credits) || cost.rawRequests > estimate.rawRequests) {
        stoppedBecause =
          `an earlier call cost more than the price table says (${cost.credits} credits, ` +
          `${cost.rawRequests} raw requests, for at most ${estimate.credits} and ${estimate.rawRequests}): ` +
          'no more paid calls, so the cap holds';
      }
    },

    spent: () => spent,
  };
}
