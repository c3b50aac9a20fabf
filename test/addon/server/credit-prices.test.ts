import {
  maxEmailCredits,
  maxReportCredits,
  maxSearchCredits,
  PRICE_MILLI,
} from '../../../addon/server/credit-prices';
import { estimateCredits, PRICE_TABLE, sumCharges } from '../../../shared/pricing';

/** The add-on repeats a few prices to keep zod out of Code.js: they must stay shared/pricing's. */
describe('credit-prices', () => {
  it('holds the prices of shared/pricing.ts', () => {
    expect(PRICE_TABLE.emailSearch).toEqual({
      kind: 'perMatchedEmail',
      milliCredits: PRICE_MILLI.emailSearch,
    });
    expect(PRICE_TABLE.report).toEqual({ kind: 'perCall', milliCredits: PRICE_MILLI.report });
    expect(PRICE_TABLE.search).toMatchObject({ kind: 'perResult', milliCredits: PRICE_MILLI.searchResult });
  });

  it('estimates as shared estimateCredits does', () => {
    const emails = Array.from({ length: 1234 }, (_, i) => `a${i}@x.com`);
    expect(maxEmailCredits(emails.length)).toBe(estimateCredits('emailSearch', { emails }).credits);

    const targets = [
      { platform: 'instagram' as const, handle: 'instagram' },
      { platform: 'instagram' as const, handle: 'nasa' },
      { platform: 'youtube' as const, handle: 'instagram' },
    ];
    expect(maxReportCredits(targets)).toBe(
      sumCharges(targets.map((t) => estimateCredits('report', { platform: t.platform, userId: t.handle })))
        .credits,
    );

    const page = estimateCredits('search', { platform: 'tiktok', filter: { influencer: { keywords: 'x' } } });
    expect(maxSearchCredits('tiktok', false, 7)).toBe(sumCharges(Array(7).fill(page)).credits);
    expect(maxSearchCredits('instagram', true, 7)).toBe(
      estimateCredits('search', { platform: 'instagram' }).credits,
    );
  });
});
