import type { RunLine } from '../../../../addon/bridge-contract/saved-work-api';
import {
  balanceFacts,
  balanceText,
  budgetText,
  runOutcomeText,
  runWhatText,
  spendFacts,
  spendLineLabel,
  spendLineText,
} from '../../../../addon/sidebar/account/account-text';

describe('account text', () => {
  it('shows spend against the budget, or that there is none', () => {
    expect(budgetText(12, 50)).toBe('12 of 50 credits (24%)');
    expect(budgetText(1250, 1000)).toBe('1,250 of 1,000 credits (125%)');
    expect(budgetText(7, null)).toBe('7 credits (no budget set)');
    expect(budgetText(0, 0)).toBe('0 credits of a budget of 0: paid actions are blocked');
  });

  it('shows an unreported balance as unknown, never as zero', () => {
    expect(balanceText(null, 'credit')).toBe('Unknown');
    expect(balanceText(0, 'credit')).toBe('0 credits');
    expect(balanceText(12500, 'request')).toBe('12,500 requests');
  });

  it("shows admins the API account's balance, and members the sentence why they see none", () => {
    expect(balanceFacts({ creditsLeft: 1234.5, rawRequestsLeft: null, balanceNote: null })).toEqual([
      { label: 'Credits left', value: '1,234.5 credits' },
      { label: 'Raw requests left', value: 'Unknown' },
    ]);
    expect(
      balanceFacts({ creditsLeft: null, rawRequestsLeft: null, balanceNote: 'Only admins see it' }),
    ).toEqual([{ label: 'API balance', value: 'Only admins see it' }]);
  });

  it('lists credits, calls, cache hits and credits saved', () => {
    expect(spendFacts({ credits: 1.5, calls: 1200, cacheHits: 800, creditsSaved: 640 })).toEqual([
      { label: 'Credits', value: '1.5' },
      { label: 'Calls', value: '1,200' },
      { label: 'Cache hits', value: '800' },
      { label: 'Credits saved', value: '640' },
    ]);
  });
});

describe('the run history and the breakdown (issue 15)', () => {
  const line: RunLine = {
    id: 'job-1',
    kind: 'search-pages',
    who: 'ana@team.com',
    tab: 'Vegan',
    place: 'Vegan!A32',
    mode: 'append',
    rows: 15,
    credits: 0.15,
    rawRequests: null,
    outcome: 'done',
    note: null,
    startedAt: '2025-05-14T09:00:00.000Z',
    endedAt: '2025-05-14T09:01:00.000Z',
  };
  const now = new Date('2025-05-20T12:00:00.000Z');

  it('says what ran, into which tab and how, in the words of its section', () => {
    expect(runWhatText(line)).toBe('Search into Vegan!A32 (added below)');
    expect(runWhatText({ ...line, kind: 'raw-request', mode: 'replace' })).toBe(
      'Raw data into Vegan!A32 (replaced)',
    );
    expect(runWhatText({ ...line, kind: 'email-enrichment', mode: 'beside' })).toBe(
      'E-mail enrichment into Vegan!A32 (beside the input)',
    );
  });

  it('says how it ended, what it wrote and cost, when and who', () => {
    expect(runOutcomeText(line, now)).toMatch(
      /^Done: 15 rows, 0\.15 credits · 14 May, \d\d:01 · ana@team\.com$/,
    );
    expect(runOutcomeText({ ...line, outcome: 'failed', note: 'budget reached.', who: null }, now)).toMatch(
      /^Failed: 15 rows, 0\.15 credits \(budget reached\) · 14 May, \d\d:01$/,
    );
    expect(runOutcomeText({ ...line, outcome: 'running', endedAt: null }, now)).toMatch(/^Running · 14 May/);
    // Raw data spends raw requests, not credits.
    expect(
      runOutcomeText({ ...line, kind: 'raw-request', credits: 0, rawRequests: 1, rows: 3 }, now),
    ).toMatch(/^Done: 3 rows, 1 raw request · /);
  });

  it('names operations as people read them, never as API paths', () => {
    expect(spendLineLabel({ key: 'rawIgUserFeed', credits: 0, calls: 3, rawRequests: 3 }, 'operation')).toBe(
      'Instagram user posts (raw data)',
    );
    expect(spendLineLabel({ key: 'emailSearch', credits: 2, calls: 1, rawRequests: 0 }, 'operation')).toBe(
      'E-mail search',
    );
    expect(spendLineText({ credits: 0, rawRequests: 3 })).toBe('0 credits, 3 raw requests');
    expect(spendLineText({ credits: 12.5, rawRequests: 0 })).toBe('12.5 credits');
  });
});
