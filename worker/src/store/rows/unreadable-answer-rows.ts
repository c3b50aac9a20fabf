import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '../../../../shared/emails';
import type { OperationId } from '../../../../shared/operations';
import type { Clock } from '../../../common/clock';
import type { EmailCacheKey } from '../sealing/email-cache-key';
import { fromMilliCredits, toMilliCredits } from '../values/milli-credits';
import type { SealedBox } from '../sealing/sealed-box';
import { normalizeUserEmail } from '../values/user-email';
import type { UnreadableAnswerRecord } from '../../../../shared/worker-api/unreadable-answers';
import type { UnreadableAnswerInput } from '../unreadable-answer-repository';

/** Enough for any report or page to show its shape; a bigger body is cut (and says so). */
export const KEPT_BODY_CHARS = 64 * 1024;
/** The newest this many are kept; older ones go as new ones arrive. */
export const KEPT_ANSWERS = 500;

/**
 * Loose on purpose: anything shaped like an address is hidden, not only valid ones. Each run of
 * local-part characters is matched whole, its `@domain` tail optional (a run without one is left
 * as it is): the same matches as the plain pattern, which tried again from every character of a
 * run that had no tail (seconds of CPU for a 64 KB body of letters) and so took time squared.
 */
const ADDRESS_LIKE = /[A-Za-z0-9._%+'-]+(@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)?/g;

/**
 * Every address in a body becomes `[e-mail <12 hex>]`, the start of its cache key (an HMAC under the
 * data secret): an admin can tell two addresses apart and match one to a lookup, but never read it.
 * Submitted addresses are never stored in plain text, and an e-mail search answer quotes them all.
 */
function hideEmailAddresses(text: string, emailKey: EmailCacheKey): string {
  return text.replace(ADDRESS_LIKE, (run: string, domain: string | undefined) =>
    domain === undefined ? run : `[e-mail ${emailKey(normalizeEmail(run)).slice(0, 12)}]`,
  );
}

/** An answer as either engine stores it. */
export interface AnswerRow {
  id: string;
  at: number;
  operation_id: string;
  status: number;
  user_email: string;
  request_id: string;
  job_id: string | null;
  charged_milli: number;
  raw_requests: number;
  body_chars: number;
  problems: string;
  sealed_body: Buffer;
}

export function toRecord(row: AnswerRow): UnreadableAnswerRecord {
  return {
    id: row.id,
    at: row.at,
    operation: row.operation_id as OperationId,
    status: row.status,
    userEmail: row.user_email,
    requestId: row.request_id,
    jobId: row.job_id,
    credits: fromMilliCredits(row.charged_milli),
    rawRequests: row.raw_requests,
    bodyChars: row.body_chars,
    truncated: row.body_chars > KEPT_BODY_CHARS,
    problems: JSON.parse(row.problems) as string[],
  };
}

/** The row an answer is kept as: a new id, its addresses hidden, its body cut and sealed. */
export function answerRowOf(
  input: UnreadableAnswerInput,
  clock: Clock,
  box: SealedBox,
  emailKey: EmailCacheKey,
): AnswerRow {
  const id = `ans_${randomBytes(9).toString('base64url')}`;
  const hidden = hideEmailAddresses(input.text, emailKey);
  return {
    id,
    at: clock.now(),
    operation_id: input.operation,
    status: input.status,
    user_email: normalizeUserEmail(input.userEmail),
    request_id: input.requestId,
    job_id: input.jobId ?? null,
    charged_milli: toMilliCredits(input.charge.credits),
    raw_requests: input.charge.rawRequests,
    body_chars: input.text.length,
    problems: JSON.stringify(input.problems.slice(0, 10)),
    sealed_body: box.seal(hidden.slice(0, KEPT_BODY_CHARS), bodyContext(id)),
  };
}

export function withBody(box: SealedBox, row: AnswerRow): UnreadableAnswerRecord & { body: string } {
  return { ...toRecord(row), body: box.open(row.sealed_body, bodyContext(row.id)) };
}

/** How many a list may ask for: at least one, at most all that are kept. */
export function listLimit(limit: number): number {
  return Math.max(1, Math.min(limit, KEPT_ANSWERS));
}

function bodyContext(id: string): string {
  return `unreadable-answer:${id}`;
}
