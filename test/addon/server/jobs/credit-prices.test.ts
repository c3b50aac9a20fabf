import {
  maxEmailCredits,
  maxReportCredits,
  maxSearchCredits,
} from '../../../../addon/server/jobs/credit-prices';

/** The sidebar's cost figures: the shared price table applied to what the sheet holds. */
describe('credit-prices', () => {
  it('prices e-mail lookups at 0.02 per unique address', () => {
    const emails = Array.from({ length: 1234 }, (_, i) => `a${i}@x.com`);
    expect(maxEmailCredits(emails)).toBe(24.68);
  });

  it('prices one credit per creator report, the spec test report free', () => {
    const targets = [
      { platform: 'instagram' as const, handle: 'instagram' },
      { platform: 'instagram' as const, handle: 'nasa' },
      { platform: 'youtube' as const, handle: 'instagram' },
    ];
    expect(maxReportCredits(targets)).toBe(2);
  });

  it('prices search pages at 0.15 each without float drift, an unfiltered Instagram search free', () => {
    expect(maxSearchCredits('tiktok', { influencer: { keywords: 'x' } }, 7)).toBe(1.05);
    expect(maxSearchCredits('instagram', {}, 7)).toBe(0);
    expect(maxSearchCredits('instagram', { influencer: { followers: { min: 1000 } } }, 3)).toBe(0.45);
  });
});
