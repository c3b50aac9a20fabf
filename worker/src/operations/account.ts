import { accountInfoResponseSchema, type AccountInfoResponse } from '../../../shared/responses/account';
import { ACCOUNT_COLUMNS, accountToRows } from '../../../shared/rows/account-rows';
import type { Column, Row } from '../../../shared/rows/columns';
import type { Spend } from '../store/ledger-repository';
import type { OperationContext, OperationDeps } from './operation-deps';

/** `GET /api/account`. */
export interface AccountAnswer {
  email: string;
  role: 'admin' | 'member';
  /** What `/user/info` says of the API account the worker spends from (unknown fields kept). */
  api: Pick<AccountInfoResponse, 'billing' | 'rateLimits'>;
  /** This user's spend from the ledger. */
  spend: { today: Spend; month: Spend };
  /** Admins only: the whole team's. */
  team?: { today: Spend; month: Spend };
  /** The API account as one sheet row (shared/rows/account-rows). */
  header: string[];
  columns: Column[];
  rows: Row[];
}

/** `/user/info` is free; it goes to the upstream directly, not through the paid pipeline. */
export async function readAccount(
  deps: OperationDeps,
  context: OperationContext,
  options: { withHeader?: boolean } = {},
): Promise<AccountAnswer> {
  const { identity } = context;
  const [info, today, month] = await Promise.all([
    deps.upstream.request('userInfo', { schema: accountInfoResponseSchema }),
    deps.store.ledger.spend({ period: 'day', email: identity.email }),
    deps.store.ledger.spend({ period: 'month', email: identity.email }),
  ]);
  const api = {
    billing: info.billing,
    ...(info.rateLimits === undefined ? {} : { rateLimits: info.rateLimits }),
  };
  const answer: AccountAnswer = {
    email: identity.email,
    role: identity.role,
    api,
    spend: { today, month },
    header: ACCOUNT_COLUMNS.map((col) => col.label),
    columns: [...ACCOUNT_COLUMNS],
    rows: accountToRows(api, { withHeader: options.withHeader === true }),
  };
  if (identity.role === 'admin') {
    answer.team = {
      today: await deps.store.ledger.spend({ period: 'day' }),
      month: await deps.store.ledger.spend({ period: 'month' }),
    };
  }
  return answer;
}
