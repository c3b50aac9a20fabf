import type Database from 'better-sqlite3';
import type { Clock } from '../../common/clock';

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

export function extentOf(text: string | undefined): OwnedExtent | null {
  if (text === undefined) return null;
  const parsed = JSON.parse(text) as Partial<OwnedExtent>;
  const { sheetId, row, column, rows, columns } = parsed;
  const whole = [sheetId, row, column, rows, columns].every((n) => typeof n === 'number');
  return whole ? (parsed as OwnedExtent) : null;
}

export function extentText(extent: OwnedExtent): string {
  const { sheetId, row, column, rows, columns } = extent;
  return JSON.stringify({ sheetId, row, column, rows, columns });
}

export function createSqliteSheetOwnershipRepository(
  db: Database.Database,
  clock: Clock,
): SheetOwnershipRepository {
  const select = db.prepare<[string], { extent: string }>(
    'SELECT extent FROM schedule_outputs WHERE schedule_id = ?',
  );
  // The schedule may have been deleted meanwhile: then there is nothing to own.
  const upsert = db.prepare<[string, string, number, string]>(
    `INSERT INTO schedule_outputs (schedule_id, extent, updated_at)
     SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM schedules WHERE id = ?)
     ON CONFLICT (schedule_id) DO UPDATE SET extent = excluded.extent, updated_at = excluded.updated_at`,
  );
  const forget = db.prepare<[string]>('DELETE FROM schedule_outputs WHERE schedule_id = ?');
  const tabs = db.prepare<[string], { sheet_id: number }>(
    'SELECT sheet_id FROM owned_tabs WHERE document_id = ?',
  );
  const addTab = db.prepare<[string, number, string, number]>(
    'INSERT OR IGNORE INTO owned_tabs (document_id, sheet_id, purpose, created_at) VALUES (?, ?, ?, ?)',
  );
  return {
    async extentOf(scheduleId) {
      return extentOf(select.get(scheduleId)?.extent);
    },
    async setExtent(scheduleId, extent) {
      if (extent === null) forget.run(scheduleId);
      else upsert.run(scheduleId, extentText(extent), clock.now(), scheduleId);
    },
    async tabsOf(documentId) {
      return new Set(tabs.all(documentId).map((row) => row.sheet_id));
    },
    async addTab(documentId, sheetId, purpose) {
      addTab.run(documentId, sheetId, purpose, clock.now());
    },
  };
}
