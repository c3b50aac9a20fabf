import { accountInfoResponseSchema, type AccountInfoResponse } from '../../../shared/responses/account';
import { ACCOUNT_COLUMNS, accountToRows } from '../../../shared/rows/account-rows';
import { withOptionalHeader, type Column, type Row } from '../../../shared/rows/columns';
import type { BudgetLine } from '../budgets/budget-guard';
import type { Spend } from '../store/ledger-repository';
import type { OperationContext, OperationDeps } from './operation-deps';
import { pickRawLeft, type RawLeft } from './raw-left';

/** Why a member's answer has no balance: the add-on shows it in place of the figures. */
export const BALANCE_FOR_ADMINS_MESSAGE =
  "Only admins see the API account's balance; your own spending and budget are shown instead";

/** `GET /api/account`. */
export interface AccountAnswer {
  email: string;
  role: 'admin' | 'member';
  /**
   * Admins: what `/user/info` says of the API account the worker spends from (unknown fields
   * kept). Members: null, and `apiNote` says why.
   */
  api: Pick<AccountInfoResponse, 'billing' | 'rateLimits'> | null;
  /** Members only: why `api` is null. */
  apiNote?: string;
  /** This user's spend from the ledger. */
  spend: { today: Spend; month: Spend };
  /** This user's budget lines (limit, spent, held, left, when it resets). */
  budgets: { day: BudgetLine; month: BudgetLine };
  /** This user's raw-request budget lines (BUDGET_USER_RAW_*). */
  rawBudgets: { day: BudgetLine; month: BudgetLine };
  /** Raw requests this user may still spend, and what limits them (raw-left.ts). */
  rawLeft: RawLeft;
  /** Admins only: the whole team's spend (its budget lines: `GET /api/account/usage`). */
  team?: { today: Spend; month: Spend };
  /** The API account as one sheet row (shared/rows/account-rows); no row for members. */
  header: string[];
  columns: Column[];
  rows: Row[];
}

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
