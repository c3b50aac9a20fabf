import type { Logger } from 'pino';
import type { OperationId } from '../../../shared/operations';
import { sumCharges, type CreditCharge } from '../../../shared/pricing';
import { callPaid, type PaidAnswerDeps } from '../billing/paid-answer';
import type { PaidBudget, PaidCallContext, PaidCalls, Savings } from '../billing/paid-call';
import type { BudgetGuard, BudgetHold } from '../budgets/budget-guard';
import type { LedgerEntryInput } from '../store/ledger-repository';

/** The ledger row commitBatch writes with a batch's rows. */
export type BatchLedgerRow = Omit<LedgerEntryInput, 'jobId' | 'userEmail'>;

/**
 * The paid calls of one job batch. Operations run under it exactly as under `deps.paid` (one
 * budget check per reservation, BudgetExceededError before anything is sent), but the calls are
 * not written to the ledger one by one: they are added up and handed to commitBatch, which writes
 * them in the same transaction as the rows. After a crash either the rows and their cost are both
 * there or neither is, so a resumed job neither loses a row nor bills one twice.
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
}

export interface BatchBillingOptions extends PaidAnswerDeps {
  guard: BudgetGuard;
  context: PaidCallContext;
  /** The ledger rows' request id. */
  requestId: string;
  logger: Logger;
  /**
   * Told after each paid call, before the operation goes on, with the batch's rows so far: the
   * runner notes them durably, so a crash before the commit does not lose what the API billed.
   */
  onPaid?: (rows: BatchLedgerRow[]) => Promise<void>;
}

export function createBatchBilling(options: BatchBillingOptions): BatchBilling {
  const { guard, context, logger, requestId } = options;
  const holds: BudgetHold[] = [];
  const tallies = new Map<OperationId, Tally>();

  const tally = (operation: OperationId): Tally => {
    let found = tallies.get(operation);
    if (found === undefined) {
      found = { estimated: [], actual: [], cacheHits: 0, creditsSaved: 0 };
      tallies.set(operation, found);
    }
    return found;
  };

  const budgetFor = (hold: BudgetHold): PaidBudget => ({
    credits: hold.credits,
    async run(spec) {
      // Failed calls are not billed (paid-call.ts): only an answer counts, readable or not.
      const { result, actual } = await callPaid(options, context, spec);
      const entry = tally(spec.operation);
      entry.estimated.push(spec.estimate);
      entry.actual.push(actual);
      if (options.onPaid !== undefined) {
        try {
          await options.onPaid(ledgerRows());
        } catch (error) {
          logger.warn(
            { err: error, operation: spec.operation },
            'a paid job call could not be noted before its commit',
          );
        }
      }
      return result;
    },
    // The hold outlives the operation: the batch releases it after its commit.
    release: () => undefined,
  });

  const reserve = async (subject: PaidCallContext, estimate: CreditCharge): Promise<PaidBudget> => {
    const hold = await guard.reserve(subject.identity, estimate);
    holds.push(hold);
    return budgetFor(hold);
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
    async recordUncommitted() {
      for (const row of ledgerRows()) {
        if (row.actualCredits === 0 && (row.rawRequests ?? 0) === 0 && (row.cacheHits ?? 0) === 0) continue;
        try {
          await guard.record({
            identity: context.identity,
            operation: row.operation,
            estimated: row.estimatedCredits,
            actual: { credits: row.actualCredits, rawRequests: row.rawRequests ?? 0 },
            cacheHits: row.cacheHits ?? 0,
            creditsSaved: row.creditsSaved ?? 0,
            requestId,
            ...(context.jobId === undefined ? {} : { jobId: context.jobId }),
          });
        } catch (error) {
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
