import type { CreditCharge } from '../../../shared/pricing';
import type { Column, Row } from '../../../shared/rows/columns';

/** The answer of a multi-page search (search and AI search alike): rows plus what it cost. */
export interface PagedAnswer {
  header: string[];
  columns: Column[];
  /** One row per distinct creator, page by page in the API's order (after the header when asked). */
  rows: Row[];
  /** The API's count of matches; null on a dry run. */
  total: number | null;
  /** At most what the pages not in the cache cost (estimateCredits per page). */
  estimate: CreditCharge;
  /** Credits actually billed by this request. */
  credits: number;
  dryRun: boolean;
  counts: {
    pagesRequested: number;
    /** Pages fetched from the API by this request (paid). */
    pagesFetched: number;
    pagesCached: number;
    pagesShared: number;
    results: number;
    /** Items dropped because an earlier page already held the creator. */
    duplicates: number;
  };
}

/** An answer before any page is read; a dry run answers with it at once (header row included when asked). */
export function startPagedAnswer(
  columns: readonly Column[],
  estimate: CreditCharge,
  input: { pages: number; dryRun: boolean; withHeader: boolean },
  pagesCached: number,
): PagedAnswer {
  const header = columns.map((col) => col.label);
  const answer: PagedAnswer = {
    header,
    columns: [...columns],
    rows: [],
    total: null,
    estimate,
    credits: 0,
    dryRun: input.dryRun,
    counts: {
      pagesRequested: input.pages,
      pagesFetched: 0,
      pagesCached: 0,
      pagesShared: 0,
      results: 0,
      duplicates: 0,
    },
  };
  if (input.dryRun) {
    answer.counts.pagesCached = pagesCached;
    if (input.withHeader) answer.rows.push([...header]);
  }
  return answer;
}
