import type { OperationId } from '../../../shared/operations';
import type { FormulaAsk, FormulaAskSource } from '../../../shared/worker-api/formula-allowance';

/** A document's own allowance, when someone set one. */
export interface FormulaAllowanceSetting {
  /** Credits per UTC day; null: no daily cap. */
  perDay: number | null;
  updatedAt: number;
  updatedBy: string;
}

/** What a refused formula asked for. `key` tells one ask from another (a digest, never the items). */
export interface FormulaAskInput {
  key: string;
  operation: OperationId;
  credits: number;
  items: number;
  /** Who asked (issue 25): a formula's cell, or a schedule. */
  source: FormulaAskSource;
}

/**
 * A document's formula allowance (budgets/formula-allowance.ts): its setting, the approvals given
 * on top of it and the asks refused for want of it. Approvals and asks count within the UTC day
 * holding `now`, like every budget; asks older than that are dropped as new ones arrive.
 */
export interface FormulaAllowanceRepository {
  get(documentId: string): Promise<FormulaAllowanceSetting | null>;
  set(documentId: string, perDay: number | null, updatedBy: string): Promise<FormulaAllowanceSetting>;
  approve(documentId: string, credits: number, approvedBy: string): Promise<void>;
  /** Credits approved within the UTC day holding `now`, and when the latest approval was (or null). */
  approvedToday(documentId: string, now: number): Promise<{ credits: number; lastAt: number | null }>;
  /** Keeps the ask (the same key again updates it) and drops the document's asks of earlier days. */
  recordAsk(documentId: string, ask: FormulaAskInput): Promise<void>;
  /** Asks since `from`, newest first. */
  asksSince(documentId: string, from: number): Promise<FormulaAsk[]>;
  /**
   * An approval answered these asks (their keys; null: every ask filed until now): they leave the
   * list. Answers the asks removed, so the caller can run the schedules among them.
   */
  answerAsks(documentId: string, keys: readonly string[] | null): Promise<FormulaAsk[]>;
}
