import { sumCharges, type CreditCharge } from '../../../../shared/pricing';
import type { Column } from '../../../../shared/rows/columns';
import type { PagedAnswer } from '../../../../shared/worker-api/paged-answer';

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

/** What a page of a search or AI search tells the answer it joins. */
export interface TalliedPage {
  total: number | null;
  fromCache: boolean;
  shared: boolean;
  credits: number;
}

/** Adds one page to the answer's counts: where it came from, what it cost, the duplicates it dropped. */
export function tallyPage(answer: PagedAnswer, page: TalliedPage, duplicates: number): void {
  answer.total = page.total ?? answer.total;
  if (page.fromCache) answer.counts.pagesCached += 1;
  else if (page.shared) answer.counts.pagesShared += 1;
  else answer.counts.pagesFetched += 1;
  answer.credits = sumCharges([
    { credits: answer.credits, rawRequests: 0 },
    { credits: page.credits, rawRequests: 0 },
  ]).credits;
  answer.counts.duplicates += duplicates;
}
