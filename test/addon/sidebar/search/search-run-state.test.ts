import { searchRunBlocker } from '../../../../addon/sidebar/search/search-run-state';
import type { SearchEstimate } from '../../../../addon/bridge-contract/sidebar-api';

const PAID: SearchEstimate = {
  pages: 4,
  maxResults: 60,
  maxCredits: 4,
  needsConfirmation: true,
  summary: '',
};

describe('searchRunBlocker', () => {
  it('waits for valid fields, then for the estimate of exactly this form', () => {
    expect(searchRunBlocker({ currentKey: null, check: null, estimating: false, confirmedCost: false })).toBe(
      'Correct the fields marked in red first.',
    );
    expect(
      searchRunBlocker({
        currentKey: 'b',
        check: { key: 'a', estimate: PAID },
        estimating: true,
        confirmedCost: true,
      }),
    ).toBe('Working out the cost…');
  });

  it('asks for consent when the estimate calls for it', () => {
    const state = { currentKey: 'a', check: { key: 'a', estimate: PAID }, estimating: false };
    expect(searchRunBlocker({ ...state, confirmedCost: false })).toBe(
      'Tick the box to accept the cost, then press Run.',
    );
    expect(searchRunBlocker({ ...state, confirmedCost: true })).toBeNull();
  });

  it('runs a free search without consent', () => {
    const free = { ...PAID, maxCredits: 0, needsConfirmation: false };
    expect(
      searchRunBlocker({
        currentKey: 'a',
        check: { key: 'a', estimate: free },
        estimating: false,
        confirmedCost: false,
      }),
    ).toBeNull();
  });
});
