import type { FormulaAllowanceView } from '../../../../addon/bridge-contract/formula-allowance-api';
import {
  allowanceFacts,
  allowanceText,
  approvedText,
  approveAskLabel,
  approveLabel,
  askerText,
  askText,
  whoMayApproveText,
} from '../../../../addon/sidebar/settings/formula-allowance-text';

const view: FormulaAllowanceView = {
  documentId: 'doc_text_1234567890',
  connectedBy: 'bo@team.com',
  perDay: 5,
  isDefault: true,
  approvedToday: 0,
  spentToday: 3,
  pending: 0,
  left: 2,
  resetsAt: Date.UTC(2026, 10, 26),
  asks: [],
  askedCredits: 0,
  mayChange: false,
  connectedAt: Date.UTC(2026, 10, 20),
  changes: [],
};

describe('formula allowance text', () => {
  it('says the allowance, the default, approvals and no cap in words', () => {
    expect(allowanceText(view)).toBe('5 credits a day (the default)');
    expect(allowanceText({ ...view, isDefault: false, perDay: 1, approvedToday: 8 })).toBe(
      '1 credit a day + 8 credits approved today',
    );
    expect(allowanceText({ ...view, perDay: null, left: null })).toBe(
      'No daily cap: formulas spend without asking',
    );
  });

  it('lists spent and left, with what is running, and no "left" line without a cap', () => {
    const facts = allowanceFacts({ ...view, pending: 1.5 });
    expect(facts.map((fact) => fact.label)).toEqual([
      'Formula allowance',
      'Spent by formulas today',
      'Left today',
    ]);
    expect(facts[1].value).toBe('3 credits, 1.5 credits more running');
    expect(facts[2].value).toMatch(/^2 credits \(until .+\)$/);
    expect(allowanceFacts({ ...view, perDay: null, left: null }).map((fact) => fact.label)).not.toContain(
      'Left today',
    );
  });

  it('names the formula, its cost and what it wanted', () => {
    const at = Date.UTC(2026, 10, 25, 10, 32);
    expect(askText({ operation: 'report', credits: 8, items: 8, at })).toMatch(
      /^=INFLUENCER_REPORT wants up to 8 credits for 8 new creators \(.+\)$/,
    );
    expect(askText({ operation: 'emailSearch', credits: 0.5, items: 1, at })).toMatch(
      /^=EMAIL_SEARCH wants up to 0\.5 credits for 1 new e-mail address /,
    );
    expect(askText({ operation: 'audienceOverlap', credits: 1, items: 1, at })).toMatch(
      /^=AUDIENCE_OVERLAP wants up to 1 credit for 1 new comparison /,
    );
  });

  it('labels the approval with its cost, says who may approve, and what an approval did', () => {
    expect(approveLabel(8)).toBe('Approve 8 credits and refresh formulas');
    expect(whoMayApproveText(view)).toMatch(
      /^Only bo@team\.com \(their budget pays for these formulas\) or an admin/,
    );
    expect(approvedText(8, 3)).toBe('Approved 8 credits for today: 3 formulas refreshed.');
    expect(approvedText(1, 0)).toBe('Approved 1 credit for today: no formulas to refresh.');
  });

  it('names who asks by cell or by schedule and tab, and what approving it does (issue 25)', () => {
    const at = Date.UTC(2026, 10, 25, 9, 32);
    const formula = {
      key: 'k1',
      source: { kind: 'formula', cell: 'Formulas!B4' },
      operation: 'report',
      credits: 3,
      items: 3,
      at,
    } as const;
    const schedule = {
      key: 'k2',
      source: { kind: 'schedule', scheduleId: 'sch_1', name: 'Weekly', tab: 'Weekly report' },
      operation: 'report',
      credits: 15,
      items: 15,
      at,
    } as const;
    const older = { operation: 'emailSearch', credits: 0.5, items: 25, at } as const;

    expect(askText(formula)).toBe(
      '=INFLUENCER_REPORT in Formulas!B4 wants up to 3 credits for 3 new creators (09:32)',
    );
    expect(askText(schedule)).toBe(
      'The schedule "Weekly" (tab Weekly report) wants up to 15 credits for 15 new creators (09:32)',
    );
    expect(askerText(older)).toBe('=EMAIL_SEARCH');
    expect(approveAskLabel(schedule)).toBe('Approve 15 credits and run it now');
    expect(approveAskLabel(formula)).toBe('Approve 3 credits and refresh');
  });

  it('says which schedules an approval started, and the formulas it refreshed', () => {
    expect(approvedText(15, 0, ['Weekly'])).toBe('Approved 15 credits for today: "Weekly" runs now.');
    expect(approvedText(18, 2, ['Weekly', 'Daily'])).toBe(
      'Approved 18 credits for today: "Weekly", "Daily" run now; 2 formulas refreshed.',
    );
    expect(approvedText(3, 0)).toBe('Approved 3 credits for today: no formulas to refresh.');
  });
});
