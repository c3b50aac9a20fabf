import { accountInfoResponseSchema } from '../../../../shared/responses/account';
import type { RawLeftOf } from '../../../../shared/worker-api/raw';
import type { BudgetStatus } from '../../budgets/budget-guard';
import { toWorkerError } from '../../request-io/error-answer';
import type { OperationContext, OperationDeps } from '../operation-deps';

/**
 * What the caller may still spend of raw requests, and what limits it: `account` is the API
 * account's monthly allowance (`/user/info`), which only admins are told (it says what everyone
 * else pulled, issue 11); `budget` is the smallest raw budget line over the caller and the team
 * (BUDGET_*_RAW_*). `left` is the smaller of what the caller may know; null with `of: null` when
 * nothing the caller may know limits it (a member without raw budgets, or `/user/info` unread).
 */
interface RawLeft {
  left: number | null;
  of: RawLeftOf;
}

/**
 * The rule, from the account's allowance (null when unread, or not for this caller) and the
 * caller's budget status: the smaller of the two that are known.
 */
export function pickRawLeft(account: number | null, status: BudgetStatus): RawLeft {
  const lines = [status.userRaw.day, status.userRaw.month, status.teamRaw.day, status.teamRaw.month];
  const limits = lines.map((line) => line.left).filter((left): left is number => left !== null);
  const budget = limits.length === 0 ? null : Math.min(...limits);
  if (account !== null && (budget === null || account <= budget)) return { left: account, of: 'account' };
  if (budget !== null) return { left: budget, of: 'budget' };
  return { left: null, of: null };
}

export async function rawLeftFor(deps: OperationDeps, context: OperationContext): Promise<RawLeft> {
  const [status, account] = await Promise.all([
    deps.guard.status(context.identity.email),
    context.identity.role === 'admin' ? accountRawLeft(deps, context) : null,
  ]);
  return pickRawLeft(account, status);
}

/** The API account's raw allowance left (`/user/info`, free), or null when it cannot be read. */
async function accountRawLeft(deps: OperationDeps, context: OperationContext): Promise<number | null> {
  try {
    const info = await deps.upstream.request('userInfo', { schema: accountInfoResponseSchema });
    return info.billing?.rawRequests ?? null;
  } catch (error) {
    context.log.warn({ code: toWorkerError(error).code }, 'raw allowance could not be read');
    return null;
  }
}
