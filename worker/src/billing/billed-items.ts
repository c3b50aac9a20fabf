import type { OperationId } from '../../../shared/operations';
import { PRICE_TABLE, type CreditCharge } from '../../../shared/pricing';

/**
 * What an answer's body was billed, read from the body alone: for a paid answer this version could
 * not read, and for one the paid-call journal kept across a crash (recovery prices it without the
 * request that asked). Per-call prices are the estimate itself; per-item prices count the lists the
 * API bills by (search items, AI profiles, matched e-mails), at most the estimate (the most the
 * call could cost, which is also 0 when the spec's testing aids made it free); raw operations cost
 * one raw request. A body whose lists cannot be counted is recorded at the estimate.
 */

/** Where each per-item operation's answer lists what it bills. */
const BILLED_LISTS: Partial<Record<OperationId, readonly (readonly string[])[]>> = {
  search: [['directs'], ['lookalikes']],
  emailSearch: [['matchedEmails']],
  aiTextSearch: [['profiles']],
  aiImageSearch: [['profiles']],
  aiLookalikes: [['profiles']],
  aiTextSearchDeprecated: [['profiles']],
  aiImageSearchDeprecated: [['profiles']],
};

export function chargeOfBody(operation: OperationId, estimate: CreditCharge, json: unknown): CreditCharge {
  const rule = PRICE_TABLE[operation];
  if (rule.kind !== 'perResult' && rule.kind !== 'perMatchedEmail') return estimate;
  const items = countListed(json, BILLED_LISTS[operation] ?? []);
  if (items === null) return estimate;
  const milli = Math.min(Math.round(estimate.credits * 1000), rule.milliCredits * items);
  return { credits: milli / 1000, rawRequests: estimate.rawRequests };
}

/**
 * How many items the lists at `paths` of a body hold; null when none of them is a list. The items
 * themselves need not be readable: the API bills what it returned.
 */
export function countListed(json: unknown, paths: readonly (readonly string[])[]): number | null {
  let count: number | null = null;
  for (const path of paths) {
    let value: unknown = json;
    for (const key of path) {
      value =
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)[key]
          : undefined;
    }
    if (Array.isArray(value)) count = (count ?? 0) + value.length;
  }
  return count;
}
