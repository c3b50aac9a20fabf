import { accountInfoResponseSchema } from '../../../shared/responses/account';
import { ACCOUNT_COLUMNS, accountToRows } from '../../../shared/rows/account-rows';
import { headerRow } from '../../../shared/rows/columns';
import { accountWithCreditsAsText } from '../responses/fixtures/account';

describe('accountToRows', () => {
  it('writes the account as one row', () => {
    const info = accountInfoResponseSchema.parse({
      error: false,
      billing: { credits: 1234.56, rawRequests: 9000 },
      rateLimits: { discoveryRatelimit: 2, rawRatelimit: 10 },
    });
    expect(accountToRows(info, { withHeader: true })).toEqual([
      headerRow(ACCOUNT_COLUMNS),
      [1234.56, 9000, 2, 10],
    ]);
  });

  it('leaves what the account does not report empty', () => {
    const info = accountInfoResponseSchema.parse({ error: false, billing: { credits: 5 } });
    expect(accountToRows(info)).toEqual([[5, null, null, null]]);
  });

  it('leaves credits the schema could not read empty, and every cell of an answer without billing', () => {
    expect(accountToRows(accountInfoResponseSchema.parse(accountWithCreditsAsText()))).toEqual([
      [null, 9000, null, null],
    ]);
    expect(accountToRows(accountInfoResponseSchema.parse({ rateLimits: { discoveryRatelimit: 2 } }))).toEqual(
      [[null, null, 2, null]],
    );
  });
});
