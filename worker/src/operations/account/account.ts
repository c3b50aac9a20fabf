import { accountInfoResponseSchema } from '../../../../shared/responses/account';
import { ACCOUNT_COLUMNS, accountToRows } from '../../../../shared/rows/account-rows';
import { withOptionalHeader } from '../../../../shared/rows/columns';
import type { AccountAnswer } from '../../../../shared/worker-api/account';
import type { OperationContext, OperationDeps } from '../operation-deps';
import { pickRawLeft } from '../raw/raw-left';

/** Why a member's answer has no balance: the add-on shows it in place of the figures. */
export const BALANCE_FOR_ADMINS_MESSAGE =
  "Only admins see the API account's balance; your own spending and budget are shown instead";

/**
 * What the caller may know of the money: everyone their own spend and budget; admins also the API
 * account's balance (`/user/info`) and the team's. The balance is the whole team's money, and what
 * is left of it says what everyone else spent, so members are not told it: `/user/info` is not
 * even asked for them. It is free either way; admins ask the upstream directly.
 */
export async function readAccount(
  deps: OperationDeps,
  context: OperationContext,
  options: { withHeader?: boolean } = {},
): Promise<AccountAnswer> {
  const { identity } = context;
  const isAdmin = identity.role === 'admin';
  const [info, today, month, budgets] = await Promise.all([
    isAdmin ? deps.upstream.request('userInfo', { schema: accountInfoResponseSchema }) : null,
    deps.store.ledger.spend({ period: 'day', email: identity.email }),
    deps.store.ledger.spend({ period: 'month', email: identity.email }),
    deps.guard.status(identity.email),
  ]);
  const api =
    info === null
      ? null
      : {
          billing: info.billing,
          ...(info.rateLimits === undefined ? {} : { rateLimits: info.rateLimits }),
        };
  const withHeader = options.withHeader === true;
  const answer: AccountAnswer = {
    email: identity.email,
    role: identity.role,
    api,
    ...(api === null ? { apiNote: BALANCE_FOR_ADMINS_MESSAGE } : {}),
    spend: { today, month },
    budgets: budgets.user,
    rawBudgets: budgets.userRaw,
    rawLeft: pickRawLeft(info?.billing?.rawRequests ?? null, budgets),
    header: ACCOUNT_COLUMNS.map((col) => col.label),
    columns: [...ACCOUNT_COLUMNS],
    rows:
      api === null
        ? withOptionalHeader(ACCOUNT_COLUMNS, [], { withHeader })
        : accountToRows(api, { withHeader }),
  };
  if (isAdmin) {
    answer.team = {
      today: await deps.store.ledger.spend({ period: 'day' }),
      month: await deps.store.ledger.spend({ period: 'month' }),
    };
  }
  return answer;
}
