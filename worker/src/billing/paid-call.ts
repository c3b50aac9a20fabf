import type { OperationId } from '../../../shared/operations';
import { sumCharges, type CreditCharge } from '../../../shared/pricing';
import type { UnreadableAnswer } from '../../../shared/unreadable-answer';
import type { BudgetGuard, BudgetSubject } from '../budgets/budget-guard';
import { holdBudget } from './budget-holds';
import { isRecordingDeferred } from '../store/unrecorded-answers';
import { callPaid, type PaidAnswerDeps } from './paid-answer';

/** Who pays and under which request (and job) the ledger files it. */
export interface PaidCallContext {
  identity: BudgetSubject;
  requestId: string;
  jobId?: string;
}

export interface PaidCallSpec<T> {
  operation: OperationId;
  /** What this one call may cost at most (estimateCredits). */
  estimate: CreditCharge;
  /** The upstream call. Its failure records nothing: failed requests are not billed. */
  call: () => Promise<T>;
  /** What the answer is billed (actualCredits). */
  actual: (result: T) => CreditCharge;
}

/** A paid call's answer, or the marker of a billed body this version could not read (paid-answer.ts). */
export type Paid<T> = T | UnreadableAnswer;

/**
 * Credits and raw requests set aside for a request's upstream calls after one budget check. Each
 * call made under it takes its estimate out of the hold (holding more first when the reservation
 * did not count it: budget-holds.ts) and writes its own ledger row; `release()` lets go of what is
 * left once the request (and any background completion) is over. Until then everything held stays
 * held, so a budget is judged conservatively while the request runs.
 */
export interface PaidBudget {
  /** The credits held. */
  readonly credits: number;
  run<T>(spec: PaidCallSpec<T>): Promise<Paid<T>>;
  /** Lets go of what no call of this reservation will need (HeldBudget.giveBack). */
  giveBack(unneeded: CreditCharge): void;
  /** Idempotent. */
  release(): void;
}

export interface Savings {
  /** Items answered from the cache (or from another request's call in flight). */
  cacheHits: number;
  /** What they would have cost. */
  creditsSaved: number;
}

/**
 * The one pipeline every paid upstream call goes through:
 * estimate, reserve (BudgetExceededError, answered 402, before anything is sent), call, actual
 * cost, ledger row (estimated, actual, request and job), release. Failed calls cost nothing and
 * record nothing; a 2xx this version could not read is billed and recorded like any answer and
 * comes back as an `UnreadableAnswer` (paid-answer.ts); cache hits are recorded as credits saved.
 */
export interface PaidCalls {
  /** One budget check for several calls (an e-mail request's batches, a report request's handles). */
  reserve(context: PaidCallContext, estimate: CreditCharge): Promise<PaidBudget>;
  /** One call under its own reservation. */
  run<T>(context: PaidCallContext, spec: PaidCallSpec<T>): Promise<Paid<T>>;
  /**
   * Items served without paying, summed into a ledger row written within a second (no disk write
   * on the answer's path); nothing when there were none.
   */
  recordSavings(context: PaidCallContext, operation: OperationId, savings: Savings): Promise<void>;
}

interface PaidCallsOptions extends PaidAnswerDeps {
  guard: BudgetGuard;
}

export function createPaidCalls(options: PaidCallsOptions): PaidCalls {
  const { guard, logger } = options;

  const runUnder = async <T>(context: PaidCallContext, spec: PaidCallSpec<T>): Promise<Paid<T>> => {
    const { result, actual, callId, alreadyRecorded } = await callPaid(options, context, spec);
    // An earlier run's answer, replayed from the journal, was recorded when recovery found it.
    if (alreadyRecorded) return result;
    try {
      // The ledger row and the journal's entry together: after a crash, either both say the call
      // is recorded or recovery records it (once).
      await options.journal.record(
        {
          userEmail: context.identity.email,
          ...(context.identity.documentId === undefined ? {} : { documentId: context.identity.documentId }),
          operation: spec.operation,
          estimatedCredits: spec.estimate.credits,
          actualCredits: actual.credits,
          rawRequests: actual.rawRequests,
          requestId: context.requestId,
          ...(context.jobId === undefined ? {} : { jobId: context.jobId }),
        },
        callId === null ? [] : [callId],
      );
    } catch (error) {
      // The API has answered and billed: the data is worth more than failing the request, so the
      // answer is returned. The store down, it waits in memory and is recorded when the store is
      // back (store/unrecorded-answers.ts); otherwise the journal still holds the call, and
      // recovery records it.
      const fields = { operation: spec.operation, requestId: context.requestId, credits: actual.credits };
      if (isRecordingDeferred(error))
        logger.warn(fields, 'a paid call answered while the store is down: kept, recorded when it is back');
      else logger.error({ err: error, ...fields }, 'a paid call could not be recorded in the ledger');
    }
    return result;
  };

  const reserve = async (context: PaidCallContext, estimate: CreditCharge): Promise<PaidBudget> => {
    const held = await holdBudget(guard, context.identity, estimate);
    return {
      get credits() {
        return held.credits;
      },
      async run(spec) {
        await held.cover(spec.estimate);
        try {
          return await runUnder(context, spec);
        } finally {
          // Recorded in the ledger (or failed, costing nothing): the hold need not count it again.
          held.settle(spec.estimate);
        }
      },
      giveBack: (unneeded) => held.giveBack(unneeded),
      release: () => held.release(),
    };
  };

  return {
    reserve,
    async run(context, spec) {
      const budget = await reserve(context, spec.estimate);
      try {
        return await budget.run(spec);
      } finally {
        budget.release();
      }
    },
    async recordSavings(context, operation, savings) {
      if (savings.cacheHits <= 0) return;
      try {
        guard.recordSavings({
          identity: context.identity,
          operation,
          cacheHits: savings.cacheHits,
          creditsSaved: sumCharges([{ credits: savings.creditsSaved, rawRequests: 0 }]).credits,
          requestId: context.requestId,
          ...(context.jobId === undefined ? {} : { jobId: context.jobId }),
        });
      } catch (error) {
        logger.warn(
          { err: error, operation, requestId: context.requestId },
          'cache savings could not be recorded',
        );
      }
    },
  };
}
