import type { z } from 'zod';
import { parseRequest } from '../../../shared/validation-message';

/** The parsed value; fails the test with the readable message when the schema rejects `input`. */
export function accepted<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = parseRequest(schema, input);
  if (!result.success) throw new Error(`expected the input to be accepted, got: ${result.message}`);
  return result.data;
}

/** The readable message for a rejected input; fails the test when the schema accepts it. */
export function rejected(schema: z.ZodType, input: unknown): string {
  const result = parseRequest(schema, input);
  if (result.success)
    throw new Error(`expected the input to be rejected, got ${JSON.stringify(result.data)}`);
  return result.message;
}
