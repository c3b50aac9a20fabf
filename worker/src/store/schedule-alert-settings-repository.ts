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
