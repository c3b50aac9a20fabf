import type { Logger } from 'pino';
import type { CreditCharge } from '../../../shared/pricing';
import type { UnreadableAnswer } from '../../../shared/unreadable-answer';
import type { Clock } from '../../common/clock';
import type { UnreadableAnswerRepository } from '../store/unreadable-answer-repository';
import { isUpstreamError } from '../upstream/upstream-error';
import type { PaidCallContext, PaidCallSpec } from './paid-call';

/** What a paid call came back with, and what the service billed for it. */
export interface PaidAnswer<T> {
  result: T | UnreadableAnswer;
  actual: CreditCharge;
}

export interface PaidAnswerDeps {
  unreadableAnswers: Pick<UnreadableAnswerRepository, 'keep'>;
  clock: Clock;
  logger: Logger;
}

/**
 * Makes one paid call and prices its answer. A 2xx this version could not read (`unreadable_answer`
 * from the request core) is the user's money all the same (the tolerant-reader rule): it is priced
 * from its body where the spec can count it (else at the estimate, the most it could have cost), its
 * body is kept for an admin, and it comes back as an `UnreadableAnswer` for the operation to cache
 * under the key a good answer would have had. Every other failure is thrown: failed calls are not
 * billed (api-notes "Errors"). Once the service has answered, nothing here throws.
 */
export async function callPaid<T>(
  deps: PaidAnswerDeps,
  context: PaidCallContext,
  spec: PaidCallSpec<T>,
): Promise<PaidAnswer<T>> {
  let result: T;
  try {
    result = await spec.call();
  } catch (error) {
    const body =
      isUpstreamError(error) && error.code === 'unreadable_answer' ? error.unreadableBody : undefined;
    if (body === undefined) throw error;
    const actual = spec.unreadableCharge?.(body.json) ?? spec.estimate;
    let answerId = 'not kept';
    try {
      const kept = await deps.unreadableAnswers.keep({
        operation: spec.operation,
        status: body.status,
        text: body.text,
        problems: body.problems,
        userEmail: context.identity.email,
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
    return { result: unreadable, actual };
  }
  try {
    return { result, actual: spec.actual(result) };
  } catch (error) {
    // The answer is in hand and billed: it is not lost over its price; the estimate is the most it cost.
    deps.logger.error(
      { err: error, operation: spec.operation, requestId: context.requestId },
      'the cost of a paid answer could not be read; recording its estimate',
    );
    return { result, actual: spec.estimate };
  }
}

/**
 * How many items the lists at `paths` of an unreadable body hold, for per-item prices (search
 * pages, AI pages, matched e-mails): the service bills what it returned even when this version
 * cannot read the items. Null when none of the lists is there: then the estimate is recorded.
 */
export function countListed(json: unknown, paths: readonly (readonly string[])[]): number | null {
  let count: number | null = null;
  for (const path of paths) {
    let value: unknown = json;
    for (const key of path) {
      value =
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)[key]
          : undefined;
    }
    if (Array.isArray(value)) count = (count ?? 0) + value.length;
  }
  return count;
}
