import { prepareEmails } from '../../../shared/emails';
import { parseHandle } from '../../../shared/handles';
import type { Platform } from '../../../shared/platforms';
import { CONFIRM_ABOVE_CREDITS, type BulkEstimate } from '../../bridge-contract/sidebar-api';
import { maxEmailCredits, maxReportCredits } from './credit-prices';
import { creditsText, formatCount, plural } from '../sheet/number-text';

/**
 * What a bulk action over a column will look up and cost at most, before it runs: counted with the
 * same rules the worker applies (shared/emails.ts, shared/handles.ts), so the counts agree.
 */

function extras(blanks: number, invalid: number, invalidWord: string, repeats: number): string {
  const parts: string[] = [];
  if (blanks > 0) parts.push(`${formatCount(blanks)} blank`);
  if (invalid > 0) parts.push(`${formatCount(invalid)} ${invalidWord}`);
  if (repeats > 0) parts.push(`${plural(repeats, 'repeat')}`);
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

function confirmation(maxCredits: number): boolean {
  return maxCredits > CONFIRM_ABOVE_CREDITS;
}

/** An e-mail column: only unique valid addresses are sent; only matches are charged. */
export function estimateEmailColumn(values: readonly unknown[]): BulkEstimate {
  const prepared = prepareEmails(values);
  let blanks = 0;
  let invalid = 0;
  for (const entry of prepared.entries) {
    if (entry.kind === 'blank') blanks += 1;
    else if (entry.kind === 'invalid') invalid += 1;
  }
  const rows = values.length - blanks;
  const unique = prepared.unique.length;
  const repeats = rows - invalid - unique;
  const maxCredits = maxEmailCredits(prepared.unique);
  const summary =
    `${plural(rows, 'row')}: ${plural(unique, 'unique address', 'unique addresses')} to look up` +
    `${extras(blanks, invalid, 'invalid', repeats)}. At most ${creditsText(maxCredits)}: only matches ` +
    'are charged, and addresses the worker already looked up are free.';
  return { rows, blanks, invalid, unique, maxCredits, needsConfirmation: confirmation(maxCredits), summary };
}

/** What the worker's cache answers of a column's creators for free, and what the rest costs at most. */
export interface CacheCount {
  cached: number;
  credits: number;
}

/** "At most 12 credits: 3 of the 15 creators ...": the cost in words, with what the cache holds. */
function handleCostText(unique: number, maxCredits: number, cache: CacheCount | undefined): string {
  if (cache === undefined) {
    return `At most ${creditsText(maxCredits)}: reports the worker already holds (kept 30 days) are free.`;
  }
  if (cache.cached === 0)
    return `At most ${creditsText(maxCredits)}: the worker holds none of these reports yet.`;
  const held =
    cache.cached === unique ? `all ${formatCount(unique)}` : `${formatCount(cache.cached)} of them`;
  if (maxCredits === 0) return `The worker holds ${held} (reports are kept 30 days): 0 credits.`;
  return `The worker holds ${held} (kept 30 days, free): at most ${creditsText(maxCredits)} for the rest.`;
}

/**
 * A handle column: each creator is reported once, whatever the number of rows naming it. With
 * `cache` (the worker's count, issue 25) what it already holds costs nothing: 15 cached creators
 * cost 0 credits, not "up to 15".
 */
export function estimateHandleColumn(
  values: readonly unknown[],
  platform: Platform,
  cache?: CacheCount,
): BulkEstimate {
  let blanks = 0;
  let invalid = 0;
  const targets = new Map<string, { platform: Platform; handle: string }>();
  for (const value of values) {
    const parsed = parseHandle(value, undefined, { defaultPlatform: platform });
    if (parsed.ok) {
      targets.set(`${parsed.platform}:${parsed.kind}:${parsed.handle}`, parsed);
    } else if (parsed.blank) blanks += 1;
    else invalid += 1;
  }
  const rows = values.length - blanks;
  const unique = targets.size;
  const repeats = rows - invalid - unique;
  const maxCredits = cache?.credits ?? maxReportCredits(Array.from(targets.values()));
  const summary =
    `${plural(rows, 'row')}: ${plural(unique, 'creator')} to report on` +
    `${extras(blanks, invalid, 'unreadable', repeats)}. ${handleCostText(unique, maxCredits, cache)}`;
  return {
    rows,
    blanks,
    invalid,
    unique,
    maxCredits,
    needsConfirmation: confirmation(maxCredits),
    summary,
    ...(cache === undefined ? {} : { cached: cache.cached }),
  };
}

/** Refuses a paid start above the threshold unless the user confirmed the estimate. */
export function requireCostConfirmation(maxCredits: number, confirmed: boolean): void {
  if (confirmation(maxCredits) && !confirmed) {
    throw new Error(`This can cost up to ${creditsText(maxCredits)}: confirm the estimate to start.`);
  }
}
