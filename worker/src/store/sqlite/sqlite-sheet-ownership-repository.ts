import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import type { SheetOwnershipRepository } from '../sheet-ownership-repository';
import { extentOf, extentText } from '../rows/sheet-ownership-rows';

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
