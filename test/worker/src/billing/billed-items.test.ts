import { estimateCredits } from '../../../../shared/pricing';
import { chargeOfBody, countListed } from '../../../../worker/src/billing/billed-items';

/** What a body was billed, read from the body alone (unreadable answers, recovered journal entries). */

describe('chargeOfBody', () => {
  const page = estimateCredits('search', { platform: 'tiktok', filter: {} });
  const emails = estimateCredits('emailSearch', { emails: ['a@x.org', 'b@x.org', 'c@x.org'] });

  it('counts the lists a per-item price bills by, items readable or not', () => {
    expect(chargeOfBody('search', page, { directs: [1, 2], lookalikes: [null] })).toEqual({
      credits: 0.03,
      rawRequests: 0,
    });
    expect(chargeOfBody('emailSearch', emails, { matchedEmails: ['x', 'y'] })).toEqual({
      credits: 0.04,
      rawRequests: 0,
    });
    expect(
      chargeOfBody('aiTextSearch', estimateCredits('aiTextSearch', { pageSize: 10 }), { profiles: [{}] }),
    ).toEqual({
      credits: 0.025,
      rawRequests: 0,
    });
  });

  it('never goes past the estimate, and is free when the estimate was (an empty Instagram search)', () => {
    expect(chargeOfBody('search', page, { directs: Array.from({ length: 40 }, () => ({})) })).toEqual(page);
    const free = estimateCredits('search', { platform: 'instagram', filter: {} });
    expect(chargeOfBody('search', free, { directs: [{}, {}] })).toEqual({ credits: 0, rawRequests: 0 });
  });

  it('falls back to the estimate when no list can be counted, and is the estimate for per-call prices', () => {
    expect(chargeOfBody('search', page, '<html>')).toEqual(page);
    expect(chargeOfBody('search', page, { data: { directs: [] } })).toEqual(page);
    const report = estimateCredits('report', { platform: 'instagram', userId: 'ada' });
    expect(chargeOfBody('report', report, {})).toEqual(report);
    expect(chargeOfBody('rawIgUserFeed', estimateCredits('rawIgUserFeed'), null)).toEqual({
      credits: 0,
      rawRequests: 1,
    });
  });

  it('countListed sums the lists present and says null when none is', () => {
    expect(countListed({ a: [1], b: { c: [1, 2] } }, [['a'], ['b', 'c'], ['missing']])).toBe(3);
    expect(countListed({ a: 'x' }, [['a']])).toBeNull();
  });
});
