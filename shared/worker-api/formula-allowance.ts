import type { OperationId } from '../operations';

/**
 * A document's formula allowance (worker/src/budgets/formula-allowance-router.ts): Sheets
 * recalculates formulas whenever it likes, and any editor may type one, so what a document's
 * formulas spend without anyone asking is capped per UTC day. A formula that would spend beyond it
 * fetches nothing new (cached rows stay free); its rows say what it needs, and the sidebar shows the
 * ask with its cost until someone who may approve it does. Amounts in credits.
 */
export interface DocumentParams {
  documentId: string;
}

/**
 * Who asked (issue 25): a formula, by its cell when the add-on said it ("Formulas!B4"), or a
 * scheduled report, by its name and the tab it writes; approving a schedule's ask runs it at once.
 */
export type FormulaAskSource =
  | { kind: 'formula'; cell: string | null }
  | { kind: 'schedule'; scheduleId: string; name: string; tab: string };

/** A formula refused for want of allowance, not yet answered by an approval, today. */
export interface FormulaAsk {
  /** Tells this ask from the others (a digest, never the items): an approval names the asks it answers. */
  key?: string;
  /** Who asked; absent from an older worker (a formula, somewhere). */
  source?: FormulaAskSource;
  operation: OperationId;
  /** What it would have cost at most. */
  credits: number;
  /** New items it wanted (creators, e-mail addresses). */
  items: number;
  /** When it was last refused (ms since 1970). */
  at: number;
}

export interface FormulaAllowanceAnswer {
  documentId: string;
  /** Who connected the document (whose budget pays for its formulas); null: not connected. */
  connectedBy: string | null;
  /** Credits per UTC day formulas may spend without asking; null: no daily cap. */
  perDay: number | null;
  /** `perDay` is the worker's default (FORMULA_ALLOWANCE_DAY), nobody set one for this document. */
  isDefault: boolean;
  /** Credits approved on top of `perDay` today. */
  approvedToday: number;
  /** Spent by this document's formulas today. */
  spentToday: number;
  /** Held by formulas running right now. */
  pending: number;
  /** What a formula may still spend today without asking; null without a daily cap. */
  left: number | null;
  /** When today's allowance and approvals end (ms since 1970, the next UTC midnight). */
  resetsAt: number;
  /** Refused formulas waiting for an approval, newest first. */
  asks: FormulaAsk[];
  /** Their credits summed: what approving them all takes. */
  askedCredits: number;
  /** After an approval: the asks it answered. Absent otherwise and from an older worker. */
  answered?: FormulaAsk[];
  /**
   * After an approval: the schedules whose asks it answered, started at once (their run-now);
   * absent otherwise and from an older worker.
   */
  startedSchedules?: string[];
  /** The caller may set the allowance and approve: whoever connected the document, or an admin. */
  mayChange: boolean;
  /** When the document's formulas were connected (ms since 1970); null: not connected. */
  connectedAt: number | null;
  /**
   * Who changed what about the document (connected, took over, disconnected, allowance,
   * approvals, schedules), newest first: every editor sees it in Settings.
   */
  changes: DocumentChange[];
}

/** What a change to a document was. */
export type DocumentChangeKind =
  | 'connected'
  | 'took-over'
  | 'disconnected'
  | 'allowance'
  | 'approval'
  | 'schedule-created'
  | 'schedule-changed'
  | 'schedule-deleted'
  | 'schedule-paused'
  | 'schedule-resumed'
  | 'schedule-duplicated'
  | 'schedule-handed-over'
  | 'schedule-alerts';

/** One change to a document, as Settings lists it. */
export interface DocumentChange {
  /** ms since 1970. */
  at: number;
  /** Who made it (a sign-in address). */
  by: string;
  kind: DocumentChangeKind;
  /** What happened, in a sentence. */
  summary: string;
}

/** `PUT /api/documents/:documentId/formula-allowance`: null for no daily cap. */
export interface FormulaAllowanceRequest {
  perDay: number | null;
}

/** `POST /api/documents/:documentId/formula-approvals`: credits on top of today's allowance. */
export interface FormulaApprovalRequest {
  credits: number;
  /**
   * The keys of the asks this approval answers (those the approver saw): they leave the list and
   * the schedules among them run at once. Absent: every ask filed until now.
   */
  asks?: string[];
}
