import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import type { SealedBox } from '../sealing/sealed-box';
import { normalizeUserEmail } from '../values/user-email';
import type { ScheduleAlertSettingsRepository } from '../schedule-alert-settings-repository';
import {
  type AlertSettingsRow,
  hintOfRow,
  webhookContext,
  webhookHint,
} from '../rows/schedule-alert-settings-rows';

export function createSqliteScheduleAlertSettingsRepository(
  db: Database.Database,
  clock: Clock,
  box: SealedBox,
): ScheduleAlertSettingsRepository {
  const select = db.prepare<[string], AlertSettingsRow>(
    'SELECT webhook, hint, set_by, set_at FROM schedule_alert_settings WHERE document_id = ?',
  );
  const upsert = db.prepare<[string, Buffer, string, string, number]>(
    `INSERT INTO schedule_alert_settings (document_id, webhook, hint, set_by, set_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (document_id) DO UPDATE SET webhook = excluded.webhook, hint = excluded.hint,
     set_by = excluded.set_by, set_at = excluded.set_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM schedule_alert_settings WHERE document_id = ?');
  return {
    async hintOf(documentId) {
      return hintOfRow(select.get(documentId));
    },
    async webhookOf(documentId) {
      const row = select.get(documentId);
      return row === undefined ? null : box.open(row.webhook, webhookContext(documentId));
    },
    async setWebhook(documentId, url, by) {
      if (url === null) {
        remove.run(documentId);
        return;
      }
      const sealed = box.seal(url, webhookContext(documentId));
      upsert.run(documentId, sealed, webhookHint(url), normalizeUserEmail(by), clock.now());
    },
  };
}
