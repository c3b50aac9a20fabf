import { accountInfoResponseSchema } from '../../../shared/responses/account';
import { withValue, without } from './fixtures/edit-path';

function accountWithRawAccess() {
  return {
    error: false,
    billing: { credits: 1234.56, rawRequests: 9000 },
    rateLimits: { discoveryRatelimit: 2, rawRatelimit: 10 },
  };
}

describe('accountInfoResponseSchema', () => {
  it('reads credits, raw requests and rate limits', () => {
    const info = accountInfoResponseSchema.parse(accountWithRawAccess());
    expect(info.billing.credits).toBe(1234.56);
    expect(info.rateLimits?.rawRatelimit).toBe(10);
  });

  it('accepts an account without raw counters or rate limits', () => {
    let body = without(accountWithRawAccess(), ['billing', 'rawRequests']);
    body = without(body, ['rateLimits']);
    expect(accountInfoResponseSchema.safeParse(body).success).toBe(true);
  });

  it('rejects missing credits and credits sent as text', () => {
    expect(
      accountInfoResponseSchema.safeParse(without(accountWithRawAccess(), ['billing', 'credits'])).success,
    ).toBe(false);
    expect(
      accountInfoResponseSchema.safeParse(
        withValue(accountWithRawAccess(), ['billing', 'credits'], '1234.56'),
      ).success,
    ).toBe(false);
  });

  it('keeps unknown fields', () => {
    let body = withValue(accountWithRawAccess(), ['plan'], 'pro');
    body = withValue(body, ['billing', 'renewsAt'], '2024-06-01');
    expect(accountInfoResponseSchema.parse(body)).toMatchObject({
      plan: 'pro',
      billing: { renewsAt: '2024-06-01' },
    });
  });
});
