import type { FormulaAllowanceView } from '../../../addon/shared/formula-allowance-api';
import {
  allowanceFacts,
  allowanceText,
  approvedText,
  approveLabel,
  askText,
  whoMayApproveText,
} from '../../../addon/sidebar/formula-allowance-text';

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
});
