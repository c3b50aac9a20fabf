import { z } from 'zod';
import { PLATFORMS } from '../platforms';

/**
 * Building blocks of the request schemas. Two rules hold for all of them:
 * - objects are loose: a field the service adds later passes through instead of failing a request;
 * - a check that needs its own wording raises a `custom` issue whose message is a predicate
 *   ("must hold 1 to 1000 items, got 1001"); describeIssues() puts the field path in front of it.
 */

/** A string with content; surrounding blanks (a pasted cell) are trimmed away first. */
export function text() {
  return z.string().trim().min(1);
}

export const platformSchema = z.enum(PLATFORMS);

/** A share between 0 and 1 (0.3 = 30%). */
export function fraction() {
  return z.number().min(0).max(1);
}

/** A whole number that is 0 or more. */
export function count() {
  return z.number().int().min(0);
}

/** A 0-based page number that defaults to the first page. */
export function pageNumber() {
  return count().default(0);
}

function describeCount(min: number, max: number, noun: string): string {
  if (min === max) return `exactly ${min} ${min === 1 ? singular(noun) : noun}`;
  if (max === Infinity) return `at least ${min} ${min === 1 ? singular(noun) : noun}`;
  return `${min} to ${max} ${noun}`;
}

function singular(noun: string): string {
  return noun.endsWith('s') ? noun.slice(0, -1) : noun;
}

/**
 * An array of `min` to `max` items whose error names both bounds and the count it got, which the
 * built-in too_small / too_big issues cannot do (each knows one bound only).
 */
export function sizedArray<T extends z.ZodType>(item: T, min: number, max: number, noun = 'items') {
  return z.array(item).superRefine((items, ctx) => {
    if (items.length < min || items.length > max) {
      ctx.addIssue({
        code: 'custom',
        message: `must hold ${describeCount(min, max, noun)}, got ${items.length}`,
        input: items,
      });
    }
  });
}

/** Rejects the first value that appears twice; the service counts unique values only. */
export function rejectRepeats(values: readonly string[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const [index, value] of values.entries()) {
    if (seen.has(value)) {
      ctx.addIssue({
        code: 'custom',
        path: [index],
        message: `repeats ${JSON.stringify(value)}; each value may appear once`,
        input: value,
      });
      return;
    }
    seen.add(value);
  }
}

/** `{ min?, max? }` with `min <= max` when both are given. */
export function range<T extends z.ZodNumber>(bound: T) {
  return z
    .looseObject({ min: bound.optional(), max: bound.optional() })
    .superRefine((value, ctx) => checkMinMax(value.min, value.max, ctx));
}

/** Raises "min must be at most max" on the `min` field of a range-like object. */
export function checkMinMax(
  min: number | undefined,
  max: number | undefined,
  ctx: z.RefinementCtx,
  display: (value: number) => string = String,
): void {
  if (min !== undefined && max !== undefined && min > max) {
    ctx.addIssue({
      code: 'custom',
      path: ['min'],
      message: `must be at most max (${display(max)}), got ${display(min)}`,
      input: min,
    });
  }
}

/**
 * Express hands every query value over as a string. These turn "20" into 20 and "true" into true
 * and leave anything else alone, so the number or boolean schema behind them reports the original
 * value ("limit must be a number, got \"abc\""). An empty value (`?limit=`) counts as absent.
 */
function fromQueryNumber(value: unknown): unknown {
  if (value === '') return undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return value;
}

function fromQueryBoolean(value: unknown): unknown {
  if (value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** A whole number in a query string, between `min` and `max`, defaulting to `fallback`. */
export function queryInt(min: number, max: number, fallback: number) {
  return z.preprocess(fromQueryNumber, z.number().int().min(min).max(max).default(fallback));
}

/** A whole number in a query string, between `min` and `max`, or absent. */
export function optionalQueryInt(min: number, max: number) {
  return z.preprocess(fromQueryNumber, z.number().int().min(min).max(max).optional());
}

/** `true` / `false` in a query string (or a real boolean when called from code), or absent. */
export function optionalQueryBoolean() {
  return z.preprocess(fromQueryBoolean, z.boolean().optional());
}

/** A query string value that may be absent; an empty value (`?after=`) counts as absent. */
export function optionalQueryText() {
  return z.preprocess((value) => (value === '' ? undefined : value), text().optional());
}

/** A string that must match `pattern`; `predicate` says in words what it must be. */
export function matching(pattern: RegExp, predicate: string) {
  return text().superRefine((value, ctx) => {
    if (!pattern.test(value)) {
      ctx.addIssue({ code: 'custom', message: `${predicate}, got ${JSON.stringify(value)}`, input: value });
    }
  });
}
