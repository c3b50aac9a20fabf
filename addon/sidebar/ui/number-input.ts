/**
 * Reading numbers typed into text fields. The fields are `type="text"` (with an inputmode) rather
 * than `type="number"`, because a number field hands over "" for "10k" or "1,5" and the user would
 * never learn what was wrong with it.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export interface NumberRule {
  /** The field's name in the message, e.g. "Followers, min". */
  label: string;
  min?: number;
  max?: number;
  integer?: boolean;
  /** Accept 10k / 1.5m (thousand, million): follower counts are written so. */
  allowSuffix?: boolean;
}

const SUFFIXES: Readonly<Record<string, number>> = { k: 1e3, m: 1e6 };

function describe(rule: NumberRule): string {
  const kind = rule.integer ? 'a whole number' : 'a number';
  if (rule.min !== undefined && rule.max !== undefined) return `${kind} from ${rule.min} to ${rule.max}`;
  if (rule.min !== undefined) return `${kind} of ${rule.min} or more`;
  if (rule.max !== undefined) return `${kind} of ${rule.max} or less`;
  return kind;
}

/** A number from the text, or undefined for a blank field (a filter left out). */
export function parseOptionalNumber(text: string, rule: NumberRule): Parsed<number | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const fail = { ok: false as const, message: `${rule.label} must be ${describe(rule)}, got "${trimmed}"` };
  let body = trimmed.replace(/[\s,]/g, '').replace(/%$/, '');
  let factor = 1;
  const suffix = SUFFIXES[body.slice(-1).toLowerCase()];
  if (rule.allowSuffix && suffix !== undefined) {
    factor = suffix;
    body = body.slice(0, -1);
  }
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(body)) return fail;
  // Multiplying 1.1 by 1e6 gives 1100000.0000000002; rounding to 9 places undoes such noise.
  const value = Number((Number(body) * factor).toFixed(9));
  if (rule.integer && !Number.isInteger(value)) return fail;
  if (rule.min !== undefined && value < rule.min) return fail;
  if (rule.max !== undefined && value > rule.max) return fail;
  return { ok: true, value };
}

/** A percentage typed by the user (2.5) as the fraction the API takes (0.025). */
export function percentToFraction(percent: number): number {
  return Number((percent / 100).toFixed(6));
}
