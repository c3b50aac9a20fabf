import { z } from 'zod';
import { optional } from './tolerant';

/**
 * Every Discovery success body's `{ error: false, ... }` (spec "Resources and their fields").
 * `error` is optional: the health answer the vendor documents (`{ "status": "ok" }`) has none, and a
 * body with `error: true` never reaches a schema (the request core reads it as the service's error,
 * whatever its status). Objects are loose so that fields the service adds reach the caller.
 */
export function successEnvelope<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject({ error: optional(z.boolean()), ...shape });
}
