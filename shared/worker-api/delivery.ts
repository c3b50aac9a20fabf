/**
 * `GET /api/documents/:documentId/delivery` (worker/src/jobs/delivery/delivery-router.ts): whether the
 * worker can write into this spreadsheet itself, as its own Google service account (issue 14).
 */
export interface DeliveryStatusAnswer {
  /** The address to share the spreadsheet with; null when the worker has no Google identity. */
  serviceAccount: string | null;
  /** Whether the worker can open the spreadsheet; null when it has no identity or could not ask. */
  shared: boolean | null;
  /** What to do, or why not, in a sentence. */
  message: string;
}
