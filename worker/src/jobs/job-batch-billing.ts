import type { Logger } from 'pino';
import type { OperationId } from '../../../shared/operations';
import { sumCharges, type CreditCharge } from '../../../shared/pricing';
import { callPaid, type PaidAnswerDeps } from '../billing/paid-answer';
import type { PaidBudget, PaidCallContext, PaidCalls, Savings } from '../billing/paid-call';
import { holdBudget, type HeldBudget } from '../billing/budget-holds';
import type { BudgetGuard } from '../budgets/budget-guard';
import type { LedgerEntryInput } from '../store/ledger-repository';
import { isRecordingDeferred } from '../store/unrecorded-answers';

/** The ledger row commitBatch writes with a batch's rows. */
type BatchLedgerRow = Omit<LedgerEntryInput, 'jobId' | 'userEmail'>;

/**
 * The paid calls of one job batch. Operations run under it exactly as under `deps.paid` (one
 * budget check per reservation, BudgetExceededError before anything is sent), but the calls are
 * not written to the ledger one by one: they are added up and handed to commitBatch, which writes
 * them in the same transaction as the rows and settles their paid-call journal entries. After a
 * crash either the rows, their cost and the settled calls are all there or none is; then the
 * journal still holds every answer the killed run got, the resumed batch makes the same calls and
 * gets those answers back instead of buying them again, and pays for them once, at its commit.
 *
 * Holds taken by the batch stay until `release()`, after the commit: until the ledger row exists,
 * the budget must still see the credits as spoken for.
 */
export interface BatchBilling {
  paid: PaidCalls;
  /**
   * The batch's calls and cache savings as one row per operation; the first goes in commitBatch,
   * any others (a batch calling two paid operations) are written right after it.
   */
  ledgerRows(): BatchLedgerRow[];
  /** The journal entries of the batch's calls, settled by the commit. */
  callIds(): string[];
  /** Writes what was paid straight to the ledger: for a batch that will not commit. */
  recordUncommitted(): Promise<void>;
  /** Lets go of every hold. Idempotent. */
  release(): void;
}

interface Tally {
  estimated: CreditCharge[];
  actual: CreditCharge[];
  cacheHits: number;
  creditsSaved: number;
  callIds: string[];
}

interface BatchBillingOptions extends PaidAnswerDeps {
  guard: BudgetGuard;
  context: PaidCallContext;
  /** The ledger rows' request id. */
  requestId: string;
  logger: Logger;
}

export function createBatchBilling(options: BatchBillingOptions): BatchBilling {
  const { guard, context, logger, requestId } = options;
  const holds: HeldBudget[] = [];
  const tallies = new Map<OperationId, Tally>();

  const tally = (operation: OperationId): Tally => {
    let found = tallies.get(operation);
    if (found === undefined) {
      found = { estimated: [], actual: [], cacheHits: 0, creditsSaved: 0, callIds: [] };
      tallies.set(operation, found);
    }
    return found;
  };

  const budgetFor = (held: HeldBudget): PaidBudget => ({
    get credits() {
      return held.credits;
    },
    async run(spec) {
      await held.cover(spec.estimate);
      // Failed calls are not billed (paid-call.ts): only an answer counts, readable or not. An
      // earlier run's answer replayed from the journal was recorded when recovery found it.
      const { result, actual, callId, alreadyRecorded } = await callPaid(options, context, spec);
      if (alreadyRecorded) return result;
      const entry = tally(spec.operation);
      entry.estimated.push(spec.estimate);
      entry.actual.push(actual);
      if (callId !== null) entry.callIds.push(callId);
      return result;
    },
    // What the operation will not need goes now; the rest outlives it.
    giveBack: (unneeded) => held.giveBack(unneeded),
    // The holds outlive the operation: the batch releases them after its commit.
    release: () => undefined,
  });

  const reserve = async (subject: PaidCallContext, estimate: CreditCharge): Promise<PaidBudget> => {
    const held = await holdBudget(guard, subject.identity, estimate);
    holds.push(held);
    return budgetFor(held);
  };

  const paid: PaidCalls = {
    reserve: (subject, estimate) => reserve(subject, estimate),
    async run(subject, spec) {
      const budget = await reserve(subject, spec.estimate);
      return budget.run(spec);
    },
    async recordSavings(_subject, operation, savings: Savings) {
      if (savings.cacheHits <= 0) return;
      const entry = tally(operation);
      entry.cacheHits += savings.cacheHits;
      entry.creditsSaved = sumCharges([
        { credits: entry.creditsSaved, rawRequests: 0 },
        { credits: savings.creditsSaved, rawRequests: 0 },
      ]).credits;
    },
  };

  const ledgerRows = (): BatchLedgerRow[] =>
    [...tallies].map(([operation, entry]) => {
      const actual = sumCharges(entry.actual);
      return {
        operation,
        estimatedCredits: sumCharges(entry.estimated).credits,
        actualCredits: actual.credits,
        rawRequests: actual.rawRequests,
        cacheHits: entry.cacheHits,
        creditsSaved: entry.creditsSaved,
        requestId,
      };
    });

  return {
    paid,
    ledgerRows,
    callIds: () => [...tallies.values()].flatMap((entry) => entry.callIds),
    async recordUncommitted() {
      for (const row of ledgerRows()) {
        const callIds = tallies.get(row.operation)?.callIds ?? [];
        // A row of nothing is written only to settle its calls (an answer that cost nothing is
        // still one the journal, or the outage memory, must not let a retry buy again).
        const nothing = row.actualCredits === 0 && (row.rawRequests ?? 0) === 0 && (row.cacheHits ?? 0) === 0;
        if (nothing && callIds.length === 0) continue;
        try {
          await options.journal.record(
            {
              ...row,
              userEmail: context.identity.email,
              ...(context.identity.documentId === undefined
                ? {}
                : { documentId: context.identity.documentId }),
              ...(context.jobId === undefined ? {} : { jobId: context.jobId }),
            },
            callIds,
          );
        } catch (error) {
          // Kept in memory while the store is down, else the journal still holds the calls:
          // either way they are recorded later.
          if (isRecordingDeferred(error))
            logger.warn({ operation: row.operation }, 'paid job calls kept until the store is back');
          else
            logger.error(
              { err: error, operation: row.operation },
              'a paid job call could not be recorded in the ledger',
            );
        }
      }
    },
    release() {
      for (const hold of holds.splice(0)) hold.release();
    },
  };
}
