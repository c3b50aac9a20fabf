import { accountInfoResponseSchema } from '../../../shared/responses/account';
import { readAnswer } from '../../../shared/responses/tolerant';
import { driftByPath } from './drift-by-path';
import { withValue, without } from './fixtures/edit-path';
import { accountWithCreditsAsText, accountWithoutRawAccess, accountWithRawAccess } from './fixtures/account';

const schema = accountInfoResponseSchema;
const drift = (body: unknown) => driftByPath(schema, body);

describe('accountInfoResponseSchema', () => {
  it('reads credits, raw requests and rate limits, with no drift', () => {
    const info = schema.parse(accountWithRawAccess());
    expect(info.billing?.credits).toBe(1234.56);
    expect(info.billing?.rawRequests).toBe(9000);
    expect(info.rateLimits?.rawRatelimit).toBe(10);
    expect(drift(accountWithRawAccess())).toEqual([]);
  });

  it('reads an account without raw counters or rate limits, with no drift', () => {
    const info = schema.parse(accountWithoutRawAccess());
    expect(info).toEqual({ error: false, billing: { credits: 5 } });
    expect(drift(accountWithoutRawAccess())).toEqual([]);
  });

  it('reads credits sent as text as unknown, and reports them', () => {
    expect(schema.parse(accountWithCreditsAsText()).billing).toEqual({ rawRequests: 9000 });
    expect(drift(accountWithCreditsAsText())).toEqual([{ kind: 'wrong_type', path: 'billing.credits' }]);
  });

  it('reports missing credits and a missing billing object', () => {
    expect(drift(without(accountWithRawAccess(), ['billing', 'credits']))).toEqual([
      { kind: 'missing', path: 'billing.credits' },
    ]);
    const noBilling = without(accountWithRawAccess(), ['billing']);
    expect(schema.parse(noBilling).billing).toBeUndefined();
    expect(drift(noBilling)).toEqual([{ kind: 'missing', path: 'billing' }]);
  });

  it('reads rate limits of another type as unknown, silently', () => {
    const body = withValue(accountWithRawAccess(), ['rateLimits', 'rawRatelimit'], '10/s');
    expect(schema.parse(body).rateLimits).toEqual({ discoveryRatelimit: 2 });
    expect(drift(body)).toEqual([]);
  });

  it('keeps unknown fields', () => {
    let body = withValue(accountWithRawAccess(), ['plan'], 'pro');
    body = withValue(body, ['billing', 'renewsAt'], '2024-06-01');
    expect(schema.parse(body)).toMatchObject({ plan: 'pro', billing: { renewsAt: '2024-06-01' } });
  });

  it('rejects a body that is not an object', () => {
    expect(readAnswer(schema, [accountWithRawAccess()]).ok).toBe(false);
    expect(readAnswer(schema, 'ok').ok).toBe(false);
  });
});
