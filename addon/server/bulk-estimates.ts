import { prepareEmails } from '../../shared/emails';
import { parseHandle } from '../../shared/handles';
import type { Platform } from '../../shared/platforms';
import { CONFIRM_ABOVE_CREDITS, type BulkEstimate } from '../shared/sidebar-api';
import { maxEmailCredits, maxReportCredits } from './credit-prices';
import { creditsText, formatCount, plural } from './number-text';

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

/** A handle column: each creator is reported once, whatever the number of rows naming it. */
export function estimateHandleColumn(values: readonly unknown[], platform: Platform): BulkEstimate {
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
  const maxCredits = maxReportCredits(Array.from(targets.values()));
  const summary =
    `${plural(rows, 'row')}: ${plural(unique, 'creator')} to report on` +
    `${extras(blanks, invalid, 'unreadable', repeats)}. At most ${creditsText(maxCredits)}: reports ` +
    'the worker already holds (kept 30 days) are free.';
  return { rows, blanks, invalid, unique, maxCredits, needsConfirmation: confirmation(maxCredits), summary };
}

/** Refuses a paid start above the threshold unless the user confirmed the estimate. */
export function requireCostConfirmation(maxCredits: number, confirmed: boolean): void {
  if (confirmation(maxCredits) && !confirmed) {
    throw new Error(`This can cost up to ${creditsText(maxCredits)}: confirm the estimate to start.`);
  }
}
