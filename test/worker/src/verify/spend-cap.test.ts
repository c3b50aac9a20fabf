import { createSpendKeeper } from '../../../../worker/src/verify/spend-cap';

/** The cap of `npm run verify:live`: nothing without one, never past it by the price table. */

const credits = (amount: number) => ({ credits: amount, rawRequests: 0 });
const raw = (count: number) => ({ credits: 0, rawRequests: count });

describe('the spend keeper', () => {
  it('lets nothing paid through without a cap, even a call priced at nothing', () => {
    const keeper = createSpendKeeper({ credits: 0, rawRequests: 0 });
    expect(keeper.allows(credits(0.15), 'credits')).toEqual({
      ok: false,
      reason: 'no credit cap given (--max-credits): nothing that costs credits is called',
    });
    // The spec's free report of `instagram` is still the service's to bill.
    expect(keeper.allows(credits(0), 'credits').ok).toBe(false);
    expect(keeper.allows(raw(1), 'rawRequests')).toEqual({
      ok: false,
      reason: 'no raw request cap given (--max-raw-requests): no raw operation is called',
    });
  });

  it('lets calls through while their most fits in what is left, to the thousandth', () => {
    const keeper = createSpendKeeper({ credits: 0.375, rawRequests: 0 });
    for (const cost of [0.15, 0.025, 0.2]) {
      expect(keeper.allows(credits(cost), 'credits')).toEqual({ ok: true });
      keeper.record(credits(cost), credits(cost));
    }
    expect(keeper.spent()).toEqual(credits(0.375));
    expect(keeper.allows(credits(0.001), 'credits')).toEqual({
      ok: false,
      reason: 'may cost 0.001 credits, more than the 0 the cap leaves',
    });
    expect(keeper.allows(credits(1), 'credits').ok).toBe(false);
  });

  it('keeps credits and raw requests apart', () => {
    const keeper = createSpendKeeper({ credits: 1, rawRequests: 2 });
    keeper.record(raw(1), raw(1));
    keeper.record(raw(1), raw(1));
    expect(keeper.allows(raw(1), 'rawRequests')).toEqual({
      ok: false,
      reason: 'may cost 1 raw requests, more than the 0 the cap leaves',
    });
    expect(keeper.allows(credits(1), 'credits')).toEqual({ ok: true });
  });

  it('stops every paid call after one that cost more than the price table says', () => {
    const keeper = createSpendKeeper({ credits: 10, rawRequests: 10 });
    keeper.record(credits(0.15), credits(0.5));
    const decision = keeper.allows(credits(0.02), 'credits');
    expect(decision.ok).toBe(false);
    expect(decision.ok === false && decision.reason).toMatch(
      /^an earlier call cost more than the price table says/,
    );
    expect(keeper.allows(raw(1), 'rawRequests').ok).toBe(false);
    expect(keeper.spent()).toEqual(credits(0.5));
  });
});
