import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * `GET /health` (api-notes "Health": the rule is documented, the body is the suggested one). Group
 * names stay open strings: the service adds per-platform groups beside the named ones.
 */
export const HEALTH_STATUSES = ['Healthy', 'Degraded', 'Unhealthy'] as const;
export const healthStatusSchema = z.enum(HEALTH_STATUSES);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

export const healthResponseSchema = successEnvelope({
  /** The worst status of all groups. */
  status: healthStatusSchema,
  groups: z.record(z.string(), healthStatusSchema).optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
