import { isUnreadableAnswer } from '../../../../shared/unreadable-answer';
import type { Paid, PaidCallSpec } from '../../billing/paid-call';
import { canonicalDigest } from '../operation-helpers/canonical-json';
import type { OperationContext, OperationDeps } from '../operation-deps';

/**
 * The pages a `collaboration-posts` job has fetched, kept until the job can no longer need them.
 * A job commits a page's rows after the API answered; a process killed in between fetches that
 * page again on resume, and a collaborations page is paid (0.2 or 1 credit) every time. Kept here
 * by job and starting cursor, the page is answered again for nothing, so no page is paid twice.
 * The cursors in a page are the API's own, so a page read back goes on exactly where it did.
 */

const COLLABORATION_JOB_PAGES_NAMESPACE = 'collaboration-job-pages';
/** Longer than a cursor lives (2 days, api-notes): past it, the job cannot go on from the page anyway. */
const COLLABORATION_JOB_PAGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface JobCollaborationPage<T> {
  /** The page, or the marker of a billed page this version could not read (kept alike). */
  page: Paid<T>;
  /** When the API answered it: the age of the cursor it carries. */
  fetchedAt: number;
  fromCache: boolean;
}

interface StoredPage {
  page: unknown;
  fetchedAt: number;
}

function isStoredPage(value: unknown): value is StoredPage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'page' in value &&
    typeof (value as { fetchedAt?: unknown }).fetchedAt === 'number'
  );
}

function pageKey(jobId: string, from: string | null): string {
  return canonicalDigest([jobId, from]);
}

/** The page this job fetched from `from` before, recorded as savings; null when there is none. */
export async function cachedJobCollaborationPage<T>(
  deps: OperationDeps,
  context: OperationContext,
  args: { jobId: string; from: string | null; spec: PaidCallSpec<T>; parse: (value: unknown) => T },
): Promise<JobCollaborationPage<T> | null> {
  const entry = await deps.store.cache.get(COLLABORATION_JOB_PAGES_NAMESPACE, pageKey(args.jobId, args.from));
  if (entry === null || !isStoredPage(entry.value)) return null;
  let page: Paid<T>;
  const stored = entry.value.page;
  try {
    page = isUnreadableAnswer(stored) ? stored : args.parse(stored);
  } catch {
    // Written by another version of the worker: fetch it again rather than fail the job.
    return null;
  }
  await deps.paid.recordSavings(context, args.spec.operation, {
    cacheHits: 1,
    creditsSaved: isUnreadableAnswer(page) ? page.credits : args.spec.actual(page).credits,
  });
  return { page, fetchedAt: entry.value.fetchedAt, fromCache: true };
}

/**
 * Fetches (and pays for) the page from `from`, and keeps it for a resume of the same job. It is
 * kept the moment the API answers, before the charge is tallied: a process killed in between
 * leaves a page that costs nothing on resume, never one the API bills twice.
 */
export async function fetchJobCollaborationPage<T>(
  deps: OperationDeps,
  context: OperationContext,
  args: { jobId: string; from: string | null; spec: PaidCallSpec<T> },
): Promise<JobCollaborationPage<T>> {
  let fetchedAt = 0;
  const keep = async (page: unknown) => {
    try {
      await deps.store.cache.set(
        COLLABORATION_JOB_PAGES_NAMESPACE,
        pageKey(args.jobId, args.from),
        { page, fetchedAt } satisfies StoredPage,
        COLLABORATION_JOB_PAGE_TTL_MS,
      );
    } catch (error) {
      // The page is paid for: its rows matter more than a free resume.
      context.log.warn({ err: error }, 'a collaborations page could not be kept for a resume');
    }
  };
  const page = await deps.paid.run(context, {
    ...args.spec,
    call: async () => {
      const answer = await args.spec.call();
      fetchedAt = deps.clock.now();
      await keep(answer);
      return answer;
    },
  });
  if (isUnreadableAnswer(page)) {
    // Billed but unreadable: kept the same way, so a resume answers it again for nothing.
    fetchedAt = deps.clock.now();
    await keep(page);
  }
  return { page, fetchedAt, fromCache: false };
}
