import type Database from 'better-sqlite3';
import type { Clock } from '../../common/clock';
import type { SealedBox } from './sealed-box';
import { normalizeUserEmail } from './user-email';

/**
 * Where a document's failed scheduled runs are told besides its sheet and sidebar (issue 25): a
 * chat webhook per document. Its URL is a secret (whoever holds it may post into the team's chat),
 * so it is sealed under the data secret like every secret in the store, opened only to send; what
 * anyone may read back is a hint of it (its origin and last characters).
 */
export interface WebhookHint {
  hint: string;
  setBy: string;
  setAt: number;
}

export interface ScheduleAlertSettingsRepository {
  /** Who set the document's webhook, when, and a hint of it; null: none. */
  hintOf(documentId: string): Promise<WebhookHint | null>;
  /** The URL itself, to send to; null: none. */
  webhookOf(documentId: string): Promise<string | null>;
  /** null removes it. */
  setWebhook(documentId: string, url: string | null, by: string): Promise<void>;
}

/** As either engine stores it. */
export interface AlertSettingsRow {
  webhook: Buffer;
  hint: string;
  set_by: string;
  set_at: number;
}

/** `https://chat.example.com/…k3Xf`: enough to recognise it, not enough to post with it. */
export function webhookHint(url: string): string {
  const parsed = new URL(url);
  const tail = url.replace(/\/+$/, '').slice(-4);
  return `${parsed.origin}/…${tail}`;
}

export function webhookContext(documentId: string): string {
  return `schedule-alert-webhook:${documentId}`;
}

export function hintOfRow(row: AlertSettingsRow | undefined): WebhookHint | null {
  return row === undefined ? null : { hint: row.hint, setBy: row.set_by, setAt: Number(row.set_at) };
}

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
