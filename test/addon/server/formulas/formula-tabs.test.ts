import { missingTabsOf } from '../../../../addon/server/formulas/formula-tabs';

describe('missingTabsOf', () => {
  const tabs = ['Leads', "Ana's list", 'Q1.2025'];

  it('names each tab a formula refers to that the spreadsheet lacks, once', () => {
    expect(missingTabsOf('=EMAIL_SEARCH(Lead!A2:A3, Lead!B2)', tabs)).toEqual(['Lead']);
    expect(missingTabsOf("=AUDIENCE_OVERLAP('Old creators'!A2:A6, 'It''s gone'!B1)", tabs)).toEqual([
      'Old creators',
      "It's gone",
    ]);
  });

  it('finds the tabs that exist, whatever the case or quoting, and ignores text in strings', () => {
    expect(missingTabsOf("=EMAIL_SEARCH(leads!A2:A3, 'Ana''s list'!A1, Q1.2025!C3)", tabs)).toEqual([]);
    expect(missingTabsOf('=INFLUENCER_REPORT("Nowhere!A1", "instagram")', tabs)).toEqual([]);
    expect(missingTabsOf('=INFLUENCER_REPORT(A2:A4)', tabs)).toEqual([]);
  });
});
