import type { z } from 'zod';
import { parseRequest } from '../../shared/validation-message';
import { SandboxError } from './sandbox-error';

/**
 * Validates a request part with a zod schema and returns the parsed value, or throws 400
 * bad_request worded by shared/validation-message ("emails must hold at most 1000 items, got
 * 1001"), the same sentences the worker shows for its own validation.
 */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = parseRequest(schema, value);
  if (result.success) return result.data;
  throw new SandboxError('bad_request', result.message);
}
