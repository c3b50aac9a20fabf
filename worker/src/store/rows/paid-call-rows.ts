import { randomBytes } from 'node:crypto';
import type { OperationId } from '../../../../shared/operations';
import type { CreditCharge } from '../../../../shared/pricing';
import type { Clock } from '../../../common/clock';
import type { LedgerEntryInput } from '../ledger-repository';
import { fromMilliCredits, toMilliCredits } from '../values/milli-credits';
import type { SealedBox } from '../sealing/sealed-box';
import { normalizeUserEmail } from '../values/user-email';
import type {
  LateRecording,
  PaidCallIntent,
  BodyPricer,
  KeptAnswer,
  JobCharge,
  RecoveryReport,
} from '../paid-call-journal';

/**
 * The run of an answer recorded late (unrecorded-answers.ts): no run. Its cache entry was never
 * written (the store was down), so the retry of the very same call, through whichever instance,
 * replays it from here once instead of buying it again.
 */
export const NO_RUN = '';

/** States of a call that is still to be recorded. */
export const OPEN_STATES: ReadonlySet<string> = new Set(['sent', 'answered']);

/**
 * What recordLate does with calls in these states: all open, the row is written; one call
 * recovered unconfirmed, its row corrected; the rest, nothing (a partly ended batch still gets its
 * row, and the reconciliation shows any overlap).
 */
export function lateDecision(
  entry: LedgerEntryInput,
  states: readonly (string | undefined)[],
): LateRecording {
  if (states.some((state) => state !== undefined && OPEN_STATES.has(state))) return 'recorded';
  if (states.length === 1 && states[0] === 'unconfirmed' && entry.unconfirmed !== true) return 'corrected';
  return 'already';
}

/** A settled answer's body is kept this long: long enough for a crashed worker to be restarted. */
export const SETTLED_KEPT_MS = 15 * 60 * 1000;
/** Kept for a replay this long after recovery recorded them; gone (the body) after. */
export const RECOVERED_KEPT_MS = 24 * 60 * 60 * 1000;
/** Settled and other ended calls stay this long, for the reconciliation's window. */
export const ENDED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** A journaled call as either engine stores it. */
export interface CallRow {
  id: string;
  call_key: string;
  state: 'sent' | 'answered' | 'settled' | 'unconfirmed' | 'recovered' | 'reused';
  operation_id: string;
  user_email: string;
  request_id: string;
  job_id: string | null;
  document_id: string | null;
  estimated_milli: number;
  estimated_raw: number;
  run_id: string;
  sent_at: number;
  answered_at: number | null;
  status: number | null;
  sealed_body: Buffer | null;
  settled_at: number | null;
}

export function newCallId(): string {
  return `call_${randomBytes(12).toString('base64url')}`;
}

export function callKeyOf(keyed: (text: string) => string, material: string): string {
  return keyed(`paid call\n${material}`);
}

export function answerContext(id: string): string {
  return `paid call ${id} answer`;
}

/** Who a call is made for: what a claim rewrites and a new intent starts with. */
export function claimFields(runId: string, intent: PaidCallIntent) {
  return {
    run: runId,
    request: intent.requestId,
    job: intent.jobId ?? null,
    user: normalizeUserEmail(intent.userEmail),
    document: intent.documentId ?? null,
  };
}

/** What a new intent's row holds beyond claimFields (its id aside). */
export function intentFields(keyed: (text: string) => string, intent: PaidCallIntent, clock: Clock) {
  return {
    key: callKeyOf(keyed, intent.material),
    operation: intent.operation,
    milli: toMilliCredits(intent.estimate.credits),
    raw: intent.estimate.rawRequests,
    at: clock.now(),
  };
}

/** Reading kept answers: opening their bodies, pricing them, and what claiming one gives. */
export function callReader(box: SealedBox) {
  const bodyOf = (row: CallRow): string | null =>
    row.sealed_body === null ? null : box.open(row.sealed_body, answerContext(row.id));

  const priceOf = (row: CallRow, price: BodyPricer): CreditCharge => {
    const text = bodyOf(row);
    let json: unknown;
    try {
      json = text === null ? undefined : (JSON.parse(text) as unknown);
    } catch {
      json = undefined;
    }
    return price(row.operation_id as OperationId, estimateOf(row), json);
  };

  return {
    priceOf,
    /**
     * What claiming a kept answer gives, or null when it has nothing to replay. An answered call
     * becomes the claimer's (recorded when its call is); a recorded one (settled or recovered) is
     * replayed once (-> reused), and nothing more is recorded for it.
     */
    claimOf(
      row: CallRow,
    ): { id: string; was: string; state: 'answered' | 'reused'; replay: KeptAnswer } | null {
      if (row.status === null) return null;
      const text = bodyOf(row);
      if (text === null) return null;
      return {
        id: row.id,
        was: row.state,
        state: row.state === 'answered' ? 'answered' : 'reused',
        replay: { status: row.status, text, ledgered: row.state !== 'answered' },
      };
    },
    /** Calls' charges summed per operation, with their ids. */
    chargesOf(rows: readonly CallRow[], price: BodyPricer): { callIds: string[]; charges: JobCharge[] } {
      const sums = new Map<OperationId, { estimated: number; actual: number; raw: number }>();
      const callIds: string[] = [];
      for (const row of rows) {
        const actual = priceOf(row, price);
        const operation = row.operation_id as OperationId;
        const sum = sums.get(operation) ?? { estimated: 0, actual: 0, raw: 0 };
        sum.estimated += row.estimated_milli;
        sum.actual += toMilliCredits(actual.credits);
        sum.raw += actual.rawRequests;
        sums.set(operation, sum);
        callIds.push(row.id);
      }
      const charges = [...sums].map(([operation, sum]) => ({
        operation,
        estimatedCredits: fromMilliCredits(sum.estimated),
        actualCredits: fromMilliCredits(sum.actual),
        rawRequests: sum.raw,
      }));
      return { callIds, charges };
    },
  };
}

function estimateOf(row: CallRow): CreditCharge {
  return { credits: fromMilliCredits(row.estimated_milli), rawRequests: row.estimated_raw };
}

/** The ledger row of a call sent and never answered: its estimate, unconfirmed. */
export function unconfirmedEntry(row: CallRow): LedgerEntryInput {
  return {
    userEmail: row.user_email,
    operation: row.operation_id as OperationId,
    estimatedCredits: fromMilliCredits(row.estimated_milli),
    actualCredits: fromMilliCredits(row.estimated_milli),
    rawRequests: row.estimated_raw,
    ...(row.job_id === null ? {} : { jobId: row.job_id }),
    ...(row.document_id === null ? {} : { documentId: row.document_id }),
    requestId: row.request_id,
    unconfirmed: true,
    callId: row.id,
  };
}

/** The ledger row of a kept answer recorded by recovery or a sweep: what its body was billed. */
export function keptEntry(row: CallRow, actual: CreditCharge): LedgerEntryInput {
  return {
    userEmail: row.user_email,
    operation: row.operation_id as OperationId,
    estimatedCredits: fromMilliCredits(row.estimated_milli),
    actualCredits: actual.credits,
    rawRequests: actual.rawRequests,
    ...(row.job_id === null ? {} : { jobId: row.job_id }),
    ...(row.document_id === null ? {} : { documentId: row.document_id }),
    requestId: row.request_id,
  };
}

export function emptyRecoveryReport(): RecoveryReport {
  return { unconfirmed: 0, unconfirmedCredits: 0, recovered: 0, recoveredCredits: 0, leftForJobs: 0 };
}

/** Sums in thousandths, so a report of many calls does not drift. */
export function countUnconfirmed(report: RecoveryReport, row: CallRow): void {
  report.unconfirmed += 1;
  report.unconfirmedCredits = fromMilliCredits(
    toMilliCredits(report.unconfirmedCredits) + row.estimated_milli,
  );
}

export function countRecovered(report: RecoveryReport, credits: number): void {
  report.recovered += 1;
  report.recoveredCredits = fromMilliCredits(
    toMilliCredits(report.recoveredCredits) + toMilliCredits(credits),
  );
}
