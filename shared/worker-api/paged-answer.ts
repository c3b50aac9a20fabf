import type { CreditCharge } from '../pricing';
import type { SheetTable } from './sheet-table';

/** The answer of a multi-page search (`POST /api/search`, `POST /api/ai/search`): rows and their cost. */
export interface PagedAnswer extends SheetTable {
  /** The API's count of matches; null on a dry run. */
  total: number | null;
  /** At most what the pages not in the cache cost. */
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
