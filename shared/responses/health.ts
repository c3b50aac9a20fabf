import { z } from 'zod';
import { successEnvelope } from './envelope';
import { optional, wanted } from './tolerant';

/**
 * `GET /health` (api-notes "Health": the rule is documented, the body is open). The vendor's help
 * page shows `{ "status": "ok" }`, without `error`; the rule names Healthy, Degraded and Unhealthy.
 * Status texts are read with `healthStatusOf`, case-insensitively; group names stay open strings.
 */
export const HEALTH_STATUSES = ['Healthy', 'Degraded', 'Unhealthy'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

export const healthResponseSchema = successEnvelope({
  /** The worst status of all groups, as the service words it. */
  status: wanted(z.string()),
  groups: optional(z.record(z.string(), z.unknown())),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Words the service and its help pages use for each status (any case). */
const STATUS_WORDS: Readonly<Record<string, HealthStatus>> = {
  healthy: 'Healthy',
  ok: 'Healthy',
  up: 'Healthy',
  pass: 'Healthy',
  degraded: 'Degraded',
  warn: 'Degraded',
  unhealthy: 'Unhealthy',
  down: 'Unhealthy',
  fail: 'Unhealthy',
};

/** The status a text names, or null when it names none this version knows. */
export function healthStatusOf(text: unknown): HealthStatus | null {
  return typeof text === 'string' ? (STATUS_WORDS[text.trim().toLowerCase()] ?? null) : null;
}

/** The groups of an answer whose status text is known; the others are left out. */
export function healthGroupsOf(
  groups: Readonly<Record<string, unknown>> | undefined,
): Record<string, HealthStatus> {
  const known: Record<string, HealthStatus> = {};
  for (const [name, text] of Object.entries(groups ?? {})) {
    const status = healthStatusOf(text);
    if (status !== null) known[name] = status;
  }
  return known;
}
