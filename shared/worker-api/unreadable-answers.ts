import type { OperationId } from '../operations';

/**
 * Paid answers this version could not read, for admins (`GET /api/admin/unreadable-answers`): what
 * came back (bounded, token removed, e-mail addresses hidden), when, and what the ledger recorded.
 */
export interface UnreadableAnswerRecord {
  id: string;
  /** ms since 1970. */
  at: number;
  operation: OperationId;
  status: number;
  userEmail: string;
  requestId: string;
  jobId: string | null;
  credits: number;
  rawRequests: number;
  /** Length of the body as it came; the kept text is cut (and `truncated` says so). */
  bodyChars: number;
  truncated: boolean;
  problems: string[];
}

/** `?limit=` (1 to 500): newest first, without bodies. */
export interface UnreadableAnswersQuery {
  limit?: number;
}

export interface UnreadableAnswersAnswer {
  answers: UnreadableAnswerRecord[];
}

/** `GET /api/admin/unreadable-answers/:id`: one, with its body. */
export interface UnreadableAnswerParams {
  id: string;
}

export type UnreadableAnswerBodyAnswer = UnreadableAnswerRecord & { body: string };
