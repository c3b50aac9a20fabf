import type { Clock } from '../../common/clock';
import type { QuotaGroup } from './api-stats';
import { errorInfo, GoogleApiError } from './google-errors';

/**
 * The Sheets API's per-minute quotas (https://developers.google.com/workspace/sheets/api/limits):
 * read requests 300 per minute per project and 60 per minute per user per project, write
 * requests the same, "refilled every minute"; past them a request is answered
 * "429: Too many requests" and "after 1 minute, you can execute requests again". Reads are calls
 * that retrieve (get, values.get, values.batchGet, developerMetadata.get and .search), writes
 * those that change a spreadsheet (batchUpdate, values.update, values.batchUpdate, values.append,
 * values.clear). A batch counts once, whatever it holds.
 */
export interface QuotaLimits {
  readsPerMinutePerProject: number;
  readsPerMinutePerUser: number;
  writesPerMinutePerProject: number;
  writesPerMinutePerUser: number;
}

export const DEFAULT_QUOTAS: Readonly<QuotaLimits> = {
  readsPerMinutePerProject: 300,
  readsPerMinutePerUser: 60,
  writesPerMinutePerProject: 300,
  writesPerMinutePerUser: 60,
};

const MINUTE_MS = 60_000;

/** Google's names for the limits, as its 429 messages and ErrorInfo metadata spell them. */
const LIMIT_NAMES: Record<QuotaGroup, Record<'project' | 'user', { limit: string; id: string }>> = {
  read: {
    project: { limit: 'Read requests per minute', id: 'ReadRequestsPerMinutePerProject' },
    user: { limit: 'Read requests per minute per user', id: 'ReadRequestsPerMinutePerUser' },
  },
  write: {
    project: { limit: 'Write requests per minute', id: 'WriteRequestsPerMinutePerProject' },
    user: { limit: 'Write requests per minute per user', id: 'WriteRequestsPerMinutePerUser' },
  },
};

/**
 * Fixed one-minute windows on the emulator's clock, one counter per group and project and per
 * group and account. A refused request does not use up quota.
 */
export class Quotas {
  private windowStart = 0;
  private readonly used = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: QuotaLimits,
  ) {}

  /** Takes one request from both counters, or throws 429 naming the limit that was hit. */
  take(group: QuotaGroup, projectNumber: string, clientEmail: string): void {
    const now = this.clock.now();
    const window = now - (now % MINUTE_MS);
    if (window !== this.windowStart) {
      this.windowStart = window;
      this.used.clear();
    }
    const projectKey = `${group}|project|${projectNumber}`;
    const userKey = `${group}|user|${projectNumber}|${clientEmail.toLowerCase()}`;
    const projectLimit =
      group === 'read' ? this.limits.readsPerMinutePerProject : this.limits.writesPerMinutePerProject;
    const userLimit =
      group === 'read' ? this.limits.readsPerMinutePerUser : this.limits.writesPerMinutePerUser;
    if ((this.used.get(userKey) ?? 0) >= userLimit) throw exhausted(group, 'user', projectNumber, userLimit);
    if ((this.used.get(projectKey) ?? 0) >= projectLimit)
      throw exhausted(group, 'project', projectNumber, projectLimit);
    this.used.set(userKey, (this.used.get(userKey) ?? 0) + 1);
    this.used.set(projectKey, (this.used.get(projectKey) ?? 0) + 1);
  }

  reset(): void {
    this.used.clear();
  }
}

/**
 * Google's 429 for the Sheets API, message and ErrorInfo as clients report them, e.g.
 * https://github.com/Sage-Bionetworks/data_curator/issues/110: "Quota exceeded for quota metric
 * 'Write requests' and limit 'Write requests per minute per user' of service
 * 'sheets.googleapis.com' for consumer 'project_number:…'", reason RATE_LIMIT_EXCEEDED.
 */
function exhausted(
  group: QuotaGroup,
  scope: 'project' | 'user',
  projectNumber: string,
  limitValue: number,
): GoogleApiError {
  const metric = group === 'read' ? 'Read requests' : 'Write requests';
  const { limit, id } = LIMIT_NAMES[group][scope];
  return new GoogleApiError(
    'RESOURCE_EXHAUSTED',
    `Quota exceeded for quota metric '${metric}' and limit '${limit}' of service 'sheets.googleapis.com' for consumer 'project_number:${projectNumber}'.`,
    [
      errorInfo('RATE_LIMIT_EXCEEDED', {
        consumer: `projects/${projectNumber}`,
        quota_limit: id,
        quota_metric: `sheets.googleapis.com/${group}_requests`,
        quota_location: 'global',
        quota_limit_value: String(limitValue),
      }),
    ],
  );
}
