import type { WebhookHint } from '../schedule-alert-settings-repository';

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
