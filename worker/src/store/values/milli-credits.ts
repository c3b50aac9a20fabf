/**
 * Credits are stored as whole thousandths (every price of the spec is a whole number of them, see
 * shared/pricing.ts), so sums in SQL are exact and 0.1 + 0.2 stays 0.3.
 */
const MILLI_PER_CREDIT = 1000;

export function toMilliCredits(credits: number, what = 'credits'): number {
  if (!Number.isFinite(credits) || credits < 0) {
    throw new RangeError(`${what} must be a number of 0 or more, got ${String(credits)}`);
  }
  return Math.round(credits * MILLI_PER_CREDIT);
}

export function fromMilliCredits(milliCredits: number): number {
  return milliCredits / MILLI_PER_CREDIT;
}
