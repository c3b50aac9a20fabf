/**
 * What the worker wrote into sheets itself (issue 22, owned output): a writer overwrites only cells
 * it wrote before, empty cells, or a tab it made. Recorded per schedule (the rectangle its last run
 * wrote: header, rows, stamp) and per document (the tabs the worker added, such as the history tab).
 */
export interface OwnedExtent {
  /** The tab, by id: a renamed tab is still the same one. */
  sheetId: number;
  /** 1-based, as A1 notation counts. */
  row: number;
  column: number;
  rows: number;
  columns: number;
}

export interface SheetOwnershipRepository {
  /** The rectangle the schedule's last successful run wrote, or null (never ran, or moved since). */
  extentOf(scheduleId: string): Promise<OwnedExtent | null>;
  /** null forgets it (the schedule now writes elsewhere). */
  setExtent(scheduleId: string, extent: OwnedExtent | null): Promise<void>;
  /** The ids of the tabs the worker added to the document. */
  tabsOf(documentId: string): Promise<Set<number>>;
  addTab(documentId: string, sheetId: number, purpose: string): Promise<void>;
}
