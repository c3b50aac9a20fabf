import type { z } from 'zod';
import { findDrift } from '../../shared/responses/tolerant';

/**
 * The response schemas are tolerant readers (shared/responses/tolerant.ts): nearly every field is
 * optional in their types, because the real service leaves fields out. The sandbox's default
 * answers are held to more: they carry every field a row wants. Tests of those answers read them
 * with `readComplete`, which proves that (no drift) and hands the value back with every field
 * required, so the tests keep asserting on numbers and lists without a guard per field.
 *
 * Answers that may be partial on purpose (partial reports, odd shapes) are read with the plain
 * schema and explicit checks instead.
 */

/** `T` with every field, at every depth, present and not undefined (index signatures stay open). */
export type Complete<T> = T extends readonly (infer Item)[]
  ? Complete<Item>[]
  : T extends object
    ? { [K in keyof T]-?: Complete<Exclude<T[K], undefined>> }
    : T;

/**
 * Parses `body` with the tolerant `schema`, expects it to lack no wanted field (and to carry no
 * enum value outside the known lists), and returns it typed as complete.
 */
export function readComplete<T>(schema: z.ZodType<T>, body: unknown): Complete<T> {
  const value = schema.parse(body);
  expect(findDrift(schema, body)).toEqual([]);
  // The drift check above is what makes the answer complete; the type only records it.
  return value as Complete<T>;
}
