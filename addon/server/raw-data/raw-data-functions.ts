import type {
  RawAllowance,
  RawFeedUsage,
  RawPullRequest,
  RawPullStart,
} from '../../bridge-contract/raw-data-api';
import { readRawAllowance, readRawFeedUsage, startRawPullRun } from './raw-data-pull';

/**
 * Server functions of the Raw data section (addon/bridge-contract/raw-data-api.ts), called through
 * google.script.run. Each failure reaches the sidebar as an Error whose message is a sentence.
 */

/** Sidebar: the raw requests left this month on the worker's API account. */
export function getRawAllowance(): RawAllowance {
  return readRawAllowance();
}

/** Sidebar: pulls a raw operation into a new tab, at once or as a feed job for a paged one. */
export function startRawPull(request: RawPullRequest, confirmedUnits: boolean): RawPullStart {
  return startRawPullRun(request, confirmedUnits);
}

/** Sidebar: the pages and raw requests a raw feed job spent, and where its feed goes on. */
export function getRawFeedUsage(jobId: string): RawFeedUsage {
  return readRawFeedUsage(jobId);
}
