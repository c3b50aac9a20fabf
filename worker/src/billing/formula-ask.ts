import { createHash } from 'node:crypto';
import type { OperationId } from '../../../shared/operations';
import type { FormulaAskSource } from '../../../shared/worker-api/formula-allowance';
import { isBudgetExceededError } from '../request-io/budget-exceeded-error';
import type { FormulaAllowanceRepository } from '../store/formula-allowance-repository';
import type { PaidCallContext } from './paid-call';

interface FormulaAsk {
  operation: OperationId;
  credits: number;
  /**
   * What the formula wanted, one key per new item (a creator's cache key, an address's keyed
   * digest): the ask is filed under a digest of them, so recalculating the same formula updates
   * one ask instead of adding another. Never stored as they are.
   */
  itemKeys: readonly string[];
  /** Who asked: a formula (by its cell) or a scheduled report (issue 25). */
  source: FormulaAskSource;
}

/**
 * A formula refused for want of its document's allowance (BudgetExceededError, scope `document`):
 * files the ask where the sidebar shows it for approval and answers the sentence its rows show
 * (what it needs, where to approve). Any other error is thrown again as it is: a person's or the
 * team's budget is no allowance a sheet's editor can approve. A schedule's ask is its own, apart
 * from a formula's over the same items: approving it runs that schedule.
 */
export async function fileFormulaAsk(
  repository: FormulaAllowanceRepository,
  context: PaidCallContext,
  error: unknown,
  ask: FormulaAsk,
): Promise<string> {
  const documentId = context.identity.documentId;
  if (!isBudgetExceededError(error) || error.scope !== 'document' || documentId === undefined) throw error;
  const digest = createHash('sha256').update(ask.operation);
  if (ask.source.kind === 'schedule') digest.update('\nschedule ').update(ask.source.scheduleId);
  for (const key of [...ask.itemKeys].sort()) digest.update('\n').update(key);
  await repository.recordAsk(documentId, {
    key: digest.digest('base64url'),
    operation: ask.operation,
    credits: ask.credits,
    items: ask.itemKeys.length,
    source: ask.source,
  });
  return error.message;
}
