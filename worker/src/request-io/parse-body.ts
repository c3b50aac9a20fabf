import type { z } from 'zod';
import { parseRequest } from '../../../shared/validation-message';
import { badRequest } from './worker-error';

/** The body checked with `schema`, or a 400 whose message names every problem. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Send a JSON object as the body (Content-Type: application/json)');
  }
  const parsed = parseRequest(schema, body);
  if (!parsed.success) throw badRequest(parsed.message);
  return parsed.data;
}
