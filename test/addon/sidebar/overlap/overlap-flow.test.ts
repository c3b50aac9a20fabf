import type { OverlapEstimate, OverlapOutcome } from '../../../../addon/bridge-contract/overlap-api';
import {
  OVERLAP_LIMITS_TEXT,
  overlapCheckKey,
  overlapCostText,
  overlapEstimateFacts,
  overlapRunBlocker,
  overlapShareRows,
  unreadableLines,
} from '../../../../addon/sidebar/overlap/overlap-flow';

const READY: OverlapEstimate = {
  source: 'Creators!A2:A6',
  rows: 4,
  blanks: 1,
  repeats: 1,
  creators: 3,
  unreadable: [],
  unreadableCount: 0,
  problem: null,
  maxCredits: 1,
  needsConfirmation: false,
  summary: '3 instagram creators…',
};

describe('overlapRunBlocker', () => {
  const key = 'k1';
  it('lets Compare run once the estimate of the form as it is now has no problem', () => {
    expect(
      overlapRunBlocker({
        currentKey: key,
        checked: { key, estimate: READY },
        estimating: false,
        confirmedCost: false,
      }),
    ).toBeNull();
  });

  it('waits for the count of the current form, not an older one', () => {
    const state = {
      currentKey: 'k2',
      checked: { key, estimate: READY },
      estimating: true,
      confirmedCost: false,
    };
    expect(overlapRunBlocker(state)).toBe('Counting the creators…');
    expect(overlapRunBlocker({ ...state, estimating: false })).toMatch(/^Choose the creators first/);
  });

  it("shows the estimate's problem, and asks to accept a cost above the threshold", () => {
    const problem = { ...READY, problem: 'An overlap compares 2 to 100 …' };
    expect(
      overlapRunBlocker({
        currentKey: key,
        checked: { key, estimate: problem },
        estimating: false,
        confirmedCost: true,
      }),
    ).toBe('An overlap compares 2 to 100 …');
    const dear = { ...READY, maxCredits: 2, needsConfirmation: true };
    const state = {
      currentKey: key,
      checked: { key, estimate: dear },
      estimating: false,
      confirmedCost: false,
    };
    expect(overlapRunBlocker(state)).toBe('Tick the box to accept the cost, then compare.');
    expect(overlapRunBlocker({ ...state, confirmedCost: true })).toBeNull();
  });
});

describe('overlapCheckKey', () => {
  it('ties a selection estimate to the selection it read, a typed one to its text', () => {
    const selection = { platform: 'instagram' as const, creators: { kind: 'selection' as const } };
    expect(overlapCheckKey(selection, 'A!A1:A3')).not.toBe(overlapCheckKey(selection, 'A!B1:B3'));
    const typed = { platform: 'instagram' as const, creators: { kind: 'typed' as const, text: 'a\nb' } };
    expect(overlapCheckKey(typed, 'A!A1:A3')).toBe(overlapCheckKey(typed, null));
    expect(overlapCheckKey({ ...typed, platform: 'youtube' }, null)).not.toBe(overlapCheckKey(typed, null));
  });
});

describe('what the section says', () => {
  it('states the limits and the cost before anything runs', () => {
    expect(OVERLAP_LIMITS_TEXT).toBe(
      '2 to 100 different creators per comparison; one paid call compares them all.',
    );
    expect(overlapCostText(READY, false)).toBe(
      'At most 1 credit; free when the worker compared this set before.',
    );
    expect(overlapCostText(READY, true)).toBe('Costs 1 credit: fresh figures are always paid.');
  });

  it('lists only the counts that matter, and the unreadable values', () => {
    expect(overlapEstimateFacts({ ...READY, repeats: 0, blanks: 0 })).toEqual([
      { label: 'Read from', value: 'Creators!A2:A6' },
      { label: 'Creators to compare', value: '3' },
      { label: 'Most it can cost', value: '1 credit' },
    ]);
    const unreadable = {
      ...READY,
      unreadable: [{ where: 'line 2', value: 'a b', reason: '"a b" is not a handle' }],
      unreadableCount: 7,
    };
    expect(overlapEstimateFacts(unreadable)).toContainEqual({ label: 'Unreadable', value: '7' });
    expect(unreadableLines(unreadable)).toEqual(['line 2: "a b" is not a handle', 'and 6 more']);
  });

  it("shows each creator's unique and shared share, then the totals", () => {
    const outcome: OverlapOutcome = {
      sheetName: 'Overlap (instagram)',
      destination: "'Overlap (instagram)'!A2",
      creators: [
        { handle: 'nasa', followers: 1200, unique: 0.4, overlapping: 0.6 },
        { handle: 'esa', followers: null, unique: null, overlapping: null },
      ],
      totals: { followers: 3200, uniqueFollowers: 2400, uniqueShare: 0.75 },
      fromCache: false,
      credits: 1,
      unreadableAnswerId: null,
      message: '',
    };
    expect(overlapShareRows(outcome)).toEqual([
      { handle: 'nasa', followers: '1,200', unique: '40%', overlapping: '60%' },
      { handle: 'esa', followers: '–', unique: '–', overlapping: '–' },
      { handle: 'Total', followers: '3,200', unique: '75%', overlapping: '25%' },
    ]);
  });
});
