import type { Logger } from 'pino';
import { NO_CHARGE, type CreditCharge } from '../../../shared/pricing';
import type { UnreadableAnswer } from '../../../shared/unreadable-answer';
import type { Clock } from '../../common/clock';
import type { WorkerMetrics } from '../metrics/worker-metrics';
import type { PaidCallJournal } from '../store/paid-call-journal';
import type { UnreadableAnswerRepository } from '../store/unreadable-answer-repository';
import { isUpstreamError } from '../upstream/upstream-error';
import { chargeOfBody } from './billed-items';
import type { PaidCallContext, PaidCallSpec } from './paid-call';
import { withPaidCallBinding } from './paid-call-binding';

/** What a paid call came back with, and what the service billed for it. */
interface PaidAnswer<T> {
  result: T | UnreadableAnswer;
  actual: CreditCharge;
  /** Its paid-call journal entry, to settle with its ledger row; null when it had none. */
  callId: string | null;
  /**
   * The answer was an earlier run's, which recovery already recorded in the ledger: nothing is to
   * be recorded for it now (and `actual` is nothing).
   */
  alreadyRecorded: boolean;
}

export interface PaidAnswerDeps {
  unreadableAnswers: Pick<UnreadableAnswerRepository, 'keep'>;
  /** Where each paid call is written before it is sent, and its answer as it arrives. */
  journal: PaidCallJournal;
  clock: Clock;
  logger: Logger;
  /** Counts paid answers and what they were billed (`/metrics`). */
  metrics?: Pick<WorkerMetrics, 'paidAnswer'>;
}

/**
 * Makes one paid call and prices its answer. A 2xx this version could not read (`unreadable_answer`
 * from the request core) is the user's money all the same (the tolerant-reader rule): it is priced
 * from its body (billed-items.ts: per-item prices count its lists, else the estimate), its
 * body is kept for an admin, and it comes back as an `UnreadableAnswer` for the operation to cache
 * under the key a good answer would have had. Every other failure is thrown: failed calls are not
 * billed (api-notes "Errors"). Once the service has answered, nothing here throws.
 */
export async function callPaid<T>(
  deps: PaidAnswerDeps,
  context: PaidCallContext,
  spec: PaidCallSpec<T>,
): Promise<PaidAnswer<T>> {
  const run = await withPaidCallBinding(
    { journal: deps.journal, context, operation: spec.operation, estimate: spec.estimate },
    spec.call,
  );
  const { callId, alreadyRecorded } = run.binding;
  const answer = (result: T | UnreadableAnswer, actual: CreditCharge): PaidAnswer<T> => {
    deps.metrics?.paidAnswer(spec.operation, actual, alreadyRecorded);
    return alreadyRecorded
      ? { result, actual: NO_CHARGE, callId: null, alreadyRecorded }
      : { result, actual, callId, alreadyRecorded };
  };
  if ('error' in run) {
    const { error } = run;
    const body =
      isUpstreamError(error) && error.code === 'unreadable_answer' ? error.unreadableBody : undefined;
    if (body === undefined) throw error;
    const actual = chargeOfBody(spec.operation, spec.estimate, body.json);
    let answerId = 'not kept';
    try {
      const kept = await deps.unreadableAnswers.keep({
        operation: spec.operation,
        status: body.status,
        text: body.text,
        problems: body.problems,
        userEmail: context.identity.email,
        ...(context.identity.documentId === undefined ? {} : { documentId: context.identity.documentId }),
        requestId: context.requestId,
        ...(context.jobId === undefined ? {} : { jobId: context.jobId }),
        charge: actual,
      });
      answerId = kept.id;
    } catch (keepError) {
      // Keeping the body is for an admin's eyes; the charge and the cached marker matter more.
      deps.logger.error(
        { err: keepError, operation: spec.operation, requestId: context.requestId },
        'an unreadable paid answer could not be kept',
      );
    }
    deps.logger.warn(
      { operation: spec.operation, requestId: context.requestId, answerId, problems: body.problems },
      'a paid answer could not be read: billed once, kept, cached as unreadable',
    );
    const unreadable: UnreadableAnswer = {
      unreadable: true,
      operation: spec.operation,
      answerId,
      at: new Date(deps.clock.now()).toISOString(),
      credits: actual.credits,
      rawRequests: actual.rawRequests,
    };
    return answer(unreadable, actual);
  }
  const result = run.value;
  try {
    return answer(result, spec.actual(result));
  } catch (error) {
    // The answer is in hand and billed: it is not lost over its price; the estimate is the most it cost.
    deps.logger.error(
      { err: error, operation: spec.operation, requestId: context.requestId },
      'the cost of a paid answer could not be read; recording its estimate',
    );
    return answer(result, spec.estimate);
  }
}
