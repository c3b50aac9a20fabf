import { aiPageProgressText } from '../../bridge-contract/ai-search-plan';

/**
 * An AI search job's progress in pages. The worker counts rows; the page a job is on follows from
 * its page size, which the job's source key carries (ai-search-job.ts makes the key), so the
 * progress line can say "page 3 of 10 (the API allows one AI search a second)": the API's pace
 * shown as progress, never mistaken for a stall or a failure.
 */

const KEY_PREFIX = 'ai-search|';

/** The start of an AI search job's source key: its page size and pages. */
export function aiSearchKeyPrefix(pageSize: number, pages: number): string {
  return `${KEY_PREFIX}${pageSize}x${pages}|`;
}

/** Page size and pages from a source key made by aiSearchKeyPrefix, or null for any other key. */
function aiSearchPlanOf(sourceKey: string): { pageSize: number; pages: number } | null {
  const match = /^ai-search\|(\d+)x(\d+)\|/.exec(sourceKey);
  if (match === null) return null;
  const pageSize = Number(match[1]);
  const pages = Number(match[2]);
  return pageSize > 0 && pages > 0 ? { pageSize, pages } : null;
}

/** "page 3 of 10 (the API allows one AI search a second)" for a running AI search job, else null. */
export function aiSearchPageLine(sourceKey: string, rowsDone: number): string | null {
  const plan = aiSearchPlanOf(sourceKey);
  return plan === null ? null : aiPageProgressText(rowsDone, plan.pageSize, plan.pages);
}
