import type { Clock } from '../../../common/clock';
import type { ScheduleAlertSettingsRepository } from '../schedule-alert-settings-repository';
import {
  hintOfRow,
  webhookContext,
  webhookHint,
  type AlertSettingsRow,
} from '../rows/schedule-alert-settings-rows';
import type { SealedBox } from '../sealing/sealed-box';
import { normalizeUserEmail } from '../values/user-email';
import type { PostgresDatabase } from './postgres-database';

/** A document's chat webhook for failed scheduled runs, on Postgres (as SQLite's: sealed). */
export function createPostgresScheduleAlertSettingsRepository(
  db: PostgresDatabase,
  clock: Clock,
  box: SealedBox,
): ScheduleAlertSettingsRepository {
  const select = async (documentId: string) => {
    const { rows } = await db.query<AlertSettingsRow>(
      'SELECT webhook, hint, set_by, set_at FROM schedule_alert_settings WHERE document_id = $1',
      [documentId],
    );
    return rows[0];
  };
  return {
    async hintOf(documentId) {
      return hintOfRow(await select(documentId));
    },
    async webhookOf(documentId) {
      const row = await select(documentId);
      return row === undefined ? null : box.open(row.webhook, webhookContext(documentId));
    },
    async setWebhook(documentId, url, by) {
      if (url === null) {
        await db.query('DELETE FROM schedule_alert_settings WHERE document_id = $1', [documentId]);
        return;
      }
      await db.query(
        `INSERT INTO schedule_alert_settings (document_id, webhook, hint, set_by, set_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (document_id) DO UPDATE SET webhook = EXCLUDED.webhook, hint = EXCLUDED.hint,
         set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at`,
        [
          documentId,
          box.seal(url, webhookContext(documentId)),
          webhookHint(url),
          normalizeUserEmail(by),
          clock.now(),
        ],
      );
    },
  };
}
