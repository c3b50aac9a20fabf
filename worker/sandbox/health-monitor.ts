import {
  HEALTH_DEGRADED_FAILURE_SHARE,
  HEALTH_SLOW_MS,
  HEALTH_UNHEALTHY_FAILURE_SHARE,
  HEALTH_WINDOW_MS,
  HEALTH_WINDOW_REQUESTS,
} from '../../shared/limits';
import { HEALTH_GROUPS } from '../../shared/operations';
import { PLATFORMS } from '../../shared/platforms';
import type { HealthStatus } from '../../shared/responses/health';
import type { Clock } from '../common/clock';

/**
 * `GET /health` as this product first chose it (api-notes "Health", suggested body): the status of
 * every group. What the odd shapes answer; shared/responses/health.ts reads both.
 */
interface HealthBody {
  error: false;
  status: HealthStatus;
  groups: Record<string, HealthStatus>;
}

/**
 * `GET /health` as the vendor's help page shows it: `{ "status": "ok" }` when healthy, and (chosen,
 * nothing shows the others) the status's own word in lower case otherwise, with no groups.
 */
export function vendorHealthBody(snapshot: HealthBody): { status: string } {
  return { status: snapshot.status === 'Healthy' ? 'ok' : snapshot.status.toLowerCase() };
}

interface Sample {
  at: number;
  failed: boolean;
}

/** A failure is a server error or an answer slower than the service's 20 s bar. */
export function isFailure(status: number, durationMs: number): boolean {
  return status >= 500 || durationMs > HEALTH_SLOW_MS;
}

/** Healthy below 20% failures, Unhealthy above 40%, Degraded from 20% to 40% inclusive. */
export function statusForShare(failureShare: number): HealthStatus {
  if (failureShare > HEALTH_UNHEALTHY_FAILURE_SHARE) return 'Unhealthy';
  if (failureShare >= HEALTH_DEGRADED_FAILURE_SHARE) return 'Degraded';
  return 'Healthy';
}

const SEVERITY: Record<HealthStatus, number> = { Healthy: 0, Degraded: 1, Unhealthy: 2 };

/**
 * The service's health rule: each group (an operation family, or a platform for requests with a
 * platform in their path) is judged on its last 50 requests of the last 5 minutes, and the overall
 * status is the worst group. Raw requests never reach it (the router records Discovery requests
 * only). Every known group is listed, Healthy while it has no requests.
 */
export class HealthMonitor {
  private readonly samples = new Map<string, Sample[]>();
  private readonly groups: readonly string[];

  constructor(
    private readonly clock: Clock,
    groups: readonly string[] = [...HEALTH_GROUPS, ...PLATFORMS],
  ) {
    this.groups = groups;
  }

  /** Records one finished request in each of `groups` (its operation group and its platform). */
  record(groups: readonly string[], status: number, durationMs: number): void {
    const sample = { at: this.clock.now(), failed: isFailure(status, durationMs) };
    for (const group of groups) {
      const list = this.samples.get(group) ?? [];
      list.push(sample);
      // Only the newest 50 can ever count, so older ones need not be kept.
      if (list.length > HEALTH_WINDOW_REQUESTS) list.splice(0, list.length - HEALTH_WINDOW_REQUESTS);
      this.samples.set(group, list);
    }
  }

  groupStatus(group: string): HealthStatus {
    const since = this.clock.now() - HEALTH_WINDOW_MS;
    const recent = (this.samples.get(group) ?? []).filter((sample) => sample.at >= since);
    if (recent.length === 0) return 'Healthy';
    const failures = recent.filter((sample) => sample.failed).length;
    return statusForShare(failures / recent.length);
  }

  snapshot(): HealthBody {
    const names = [...new Set([...this.groups, ...this.samples.keys()])];
    const groups: Record<string, HealthStatus> = {};
    let status: HealthStatus = 'Healthy';
    for (const name of names) {
      const groupStatus = this.groupStatus(name);
      groups[name] = groupStatus;
      if (SEVERITY[groupStatus] > SEVERITY[status]) status = groupStatus;
    }
    return { error: false, status, groups };
  }

  reset(): void {
    this.samples.clear();
  }
}
