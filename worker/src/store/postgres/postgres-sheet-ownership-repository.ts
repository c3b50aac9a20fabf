import type { Clock } from '../../../common/clock';
import type { SheetOwnershipRepository } from '../sheet-ownership-repository';
import { extentOf, extentText } from '../rows/sheet-ownership-rows';
import type { PostgresDatabase } from './postgres-database';

/** What the worker wrote into sheets, on Postgres (as SQLite's). */
export function createPostgresSheetOwnershipRepository(
  db: PostgresDatabase,
  clock: Clock,
): SheetOwnershipRepository {
  return {
    async extentOf(scheduleId) {
      const { rows } = await db.query<{ extent: string }>(
        'SELECT extent FROM schedule_outputs WHERE schedule_id = $1',
        [scheduleId],
      );
      return extentOf(rows[0]?.extent);
    },
    async setExtent(scheduleId, extent) {
      if (extent === null) {
        await db.query('DELETE FROM schedule_outputs WHERE schedule_id = $1', [scheduleId]);
        return;
      }
      await db.query(
        `INSERT INTO schedule_outputs (schedule_id, extent, updated_at)
         SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM schedules WHERE id = $1)
         ON CONFLICT (schedule_id) DO UPDATE SET extent = EXCLUDED.extent, updated_at = EXCLUDED.updated_at`,
        [scheduleId, extentText(extent), clock.now()],
      );
    },
    async tabsOf(documentId) {
      const { rows } = await db.query<{ sheet_id: number }>(
        'SELECT sheet_id FROM owned_tabs WHERE document_id = $1',
        [documentId],
      );
      return new Set(rows.map((row) => Number(row.sheet_id)));
    },
    async addTab(documentId, sheetId, purpose) {
      await db.query(
        `INSERT INTO owned_tabs (document_id, sheet_id, purpose, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (document_id, sheet_id) DO NOTHING`,
        [documentId, sheetId, purpose, clock.now()],
      );
    },
  };
}
