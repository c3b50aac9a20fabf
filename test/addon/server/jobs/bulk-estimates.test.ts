import {
  estimateEmailColumn,
  estimateHandleColumn,
  requireCostConfirmation,
} from '../../../../addon/server/jobs/bulk-estimates';

describe('estimateEmailColumn', () => {
  it('counts blanks, invalid and unique addresses as the worker will, and prices the unique ones', () => {
    const estimate = estimateEmailColumn([
      'Ada@Example.com ',
      'ada@example.com',
      '',
      'not an address',
      'bo@x.org',
      42,
    ]);
    expect(estimate).toMatchObject({
      rows: 5,
      blanks: 1,
      invalid: 2,
      unique: 2,
      maxCredits: 0.04,
      needsConfirmation: false,
    });
    expect(estimate.summary).toBe(
      '5 rows: 2 unique addresses to look up (1 blank, 2 invalid, 1 repeat). At most 0.04 credits: only ' +
        'matches are charged, and addresses the worker already looked up are free.',
    );
  });

  it('asks for confirmation above 1 credit', () => {
    const emails = Array.from({ length: 51 }, (_, i) => `c${i}@x.com`);
    expect(estimateEmailColumn(emails.slice(0, 50)).needsConfirmation).toBe(false);
    expect(estimateEmailColumn(emails)).toMatchObject({ maxCredits: 1.02, needsConfirmation: true });
  });
});

describe('estimateHandleColumn', () => {
  it('counts each creator once whatever the spelling, and the free test report as free', () => {
    const estimate = estimateHandleColumn(
      [
        '@NASA',
        'nasa',
        'https://www.instagram.com/nasa/',
        '',
        'instagram',
        'https://www.tiktok.com/@nasa',
        'bad handle!',
      ],
      'instagram',
    );
    expect(estimate).toMatchObject({ rows: 6, blanks: 1, invalid: 1, unique: 3, maxCredits: 2 });
    expect(estimate.summary).toMatch(
      /^6 rows: 3 creators to report on \(1 blank, 1 unreadable, 2 repeats\)\. At most 2 credits/,
    );
  });
});

describe('estimateHandleColumn with the worker’s cache (issue 25)', () => {
  const handles = Array.from({ length: 15 }, (_, i) => `@creator_${i}`);

  it('says 0 credits for creators the worker holds, not the worst case', () => {
    const estimate = estimateHandleColumn(handles, 'instagram', { cached: 15, credits: 0 });
    expect(estimate).toMatchObject({ unique: 15, cached: 15, maxCredits: 0, needsConfirmation: false });
    expect(estimate.summary).toBe(
      '15 rows: 15 creators to report on. The worker holds all 15 (reports are kept 30 days): 0 credits.',
    );
  });

  it('prices only what the cache lacks, and says when it holds none', () => {
    expect(estimateHandleColumn(handles, 'instagram', { cached: 3, credits: 12 }).summary).toBe(
      '15 rows: 15 creators to report on. The worker holds 3 of them (kept 30 days, free): at most 12 credits for the rest.',
    );
    expect(estimateHandleColumn(handles, 'instagram', { cached: 0, credits: 15 })).toMatchObject({
      maxCredits: 15,
      needsConfirmation: true,
      summary: expect.stringMatching(/At most 15 credits: the worker holds none of these reports yet\.$/),
    });
  });
});

describe('requireCostConfirmation', () => {
  it('refuses above the threshold without confirmation only', () => {
    expect(() => requireCostConfirmation(1, false)).not.toThrow();
    expect(() => requireCostConfirmation(12.5, true)).not.toThrow();
    expect(() => requireCostConfirmation(12.5, false)).toThrow(
      'This can cost up to 12.5 credits: confirm the estimate to start.',
    );
  });
});
