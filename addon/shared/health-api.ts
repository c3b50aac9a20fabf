/**
 * The Health part of the sidebar's contract (see sidebar-api.ts): the header badge's HealthView
 * plus what the Health section shows beside it (why the API is unreachable, the worker's own
 * calls to the API lately, its store).
 */
import type { HealthView } from './sidebar-api';

export interface HealthDetails {
  /** What getHealth answers: the badge is drawn from it. */
  view: HealthView;
  /** Why the worker cannot reach the API, when it cannot. */
  apiError: string | null;
  worker: {
    /** ISO time the worker started, when it says. */
    startedAt: string | null;
    /** Whether its store (cache, jobs, ledger) answers; null when it does not say. */
    storeReachable: boolean | null;
    /** Fetches still running after their request answered. */
    backgroundTasks: number | null;
    /** Its own calls to the API over the last minutes; null when it does not say. */
    upstream: {
      calls: number;
      errors: number;
      retries: number;
      windowMinutes: number;
      /** The last failed call: "429 rate_limited on search" and when (ISO; null if not said). */
      lastError: { description: string; at: string | null } | null;
    } | null;
  };
}

export interface HealthApi {
  /** The API's status per group and the worker's, in full, for the Health section. */
  getHealthDetails(): HealthDetails;
}
