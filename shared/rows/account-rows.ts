import type { AccountInfoResponse } from '../responses/account';
import { numberCell, valueAt } from './cell-values';
import { column, type Column, type Row, type RowOptions, withOptionalHeader } from './columns';

/** The account (`GET /user/info`) as one row: what is left to spend and how fast one may call. */

export const ACCOUNT_COLUMNS: readonly Column[] = [
  column('credits', 'Credits left', 'decimal'),
  column('raw_requests', 'Raw requests left', 'integer'),
  column('discovery_rate_limit', 'Discovery requests per second', 'decimal'),
  column('raw_rate_limit', 'Raw requests per second', 'decimal'),
];

export function accountToRows(
  info: Pick<AccountInfoResponse, 'billing' | 'rateLimits'>,
  options?: RowOptions,
): Row[] {
  const row: Row = [
    numberCell(valueAt(info.billing, ['credits'])),
    numberCell(valueAt(info.billing, ['rawRequests'])),
    numberCell(valueAt(info.rateLimits, ['discoveryRatelimit'])),
    numberCell(valueAt(info.rateLimits, ['rawRatelimit'])),
  ];
  return withOptionalHeader(ACCOUNT_COLUMNS, [row], options);
}
