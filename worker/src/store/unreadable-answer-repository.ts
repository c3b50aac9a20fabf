import type { OperationId } from '../../../shared/operations';
import type { CreditCharge } from '../../../shared/pricing';
import type { UnreadableAnswerRecord } from '../../../shared/worker-api/unreadable-answers';

/** A paid 2xx this version could not read, as the paid-call pipeline hands it over. */
export interface UnreadableAnswerInput {
  operation: OperationId;
  status: number;
  /** The body as it came, token already removed (UpstreamError does that). */
  text: string;
  /** Why it could not be read, with field paths. */
  problems: readonly string[];
  /** Who paid. */
  userEmail: string;
  requestId: string;
  jobId?: string;
  /** What the ledger recorded for it. */
  charge: CreditCharge;
}

export interface UnreadableAnswerRepository {
  /** Keeps the body, bounded, with e-mail addresses hidden and sealed at rest; returns its record. */
  keep(input: UnreadableAnswerInput): Promise<UnreadableAnswerRecord>;
  /** Newest first, without bodies. */
  list(limit?: number): Promise<UnreadableAnswerRecord[]>;
  get(id: string): Promise<(UnreadableAnswerRecord & { body: string }) | null>;
}
