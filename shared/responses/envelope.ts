import { z } from 'zod';

/**
 * Every Discovery success body carries `error: false` (spec "Resources and their fields"). The
 * literal, rather than a boolean, lets a caller tell a success from an error body by parsing.
 * Objects are loose so that fields the service adds later reach the caller instead of vanishing.
 */
export function successEnvelope<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject({ error: z.literal(false), ...shape });
}
