import type { OperationId } from './operations';

/**
 * A paid answer this version could not read (the tolerant-reader rule: a paid answer is the user's
 * money). The service answered 2xx and billed; the worker recorded the charge, kept the body for an
 * admin, and stores this in place of the answer under the same cache key, so a recalculation or a
 * refresh is served from it and never buys the same data again. JSON-safe: it is cached, and sent
 * to the add-on inside rows and answers.
 */
export interface UnreadableAnswer {
  readonly unreadable: true;
  readonly operation: OperationId;
  /** The kept body, for an admin: `GET /api/admin/unreadable-answers/{answerId}`. */
  readonly answerId: string;
  /** When the service answered, ISO 8601. */
  readonly at: string;
  /** What the ledger recorded for it: counted from the body where it could be, else the estimate. */
  readonly credits: number;
  readonly rawRequests: number;
}

export function isUnreadableAnswer(value: unknown): value is UnreadableAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { unreadable?: unknown }).unreadable === true &&
    typeof (value as { answerId?: unknown }).answerId === 'string'
  );
}

/** What a row or a message says in place of the data. */
export function unreadableAnswerMessage(answer: Pick<UnreadableAnswer, 'answerId'>): string {
  return (
    `The API answered in a shape this version cannot read; it was billed once and no new charge ` +
    `follows (kept for an admin as answer ${answer.answerId})`
  );
}
