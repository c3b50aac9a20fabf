import type { SearchEstimate } from '../../bridge-contract/sidebar-api';

/** The estimate shown and the form it was made for (JSON of the SearchForm). */
export interface SearchCheck {
  key: string;
  estimate: SearchEstimate;
}

export interface SearchRunState {
  /** JSON of the current SearchForm, or null while a field is wrong. */
  currentKey: string | null;
  check: SearchCheck | null;
  /** An estimate is on its way. */
  estimating: boolean;
  confirmedCost: boolean;
}

/** Why Run cannot start yet, in words that say what to do; null when it can. */
export function searchRunBlocker(state: SearchRunState): string | null {
  if (state.currentKey === null) return 'Correct the fields marked in red first.';
  if (state.check === null || state.check.key !== state.currentKey) {
    return state.estimating ? 'Working out the cost…' : 'The cost is not known yet: change a field or wait.';
  }
  if (state.check.estimate.needsConfirmation && !state.confirmedCost) {
    return 'Tick the box to accept the cost, then press Run.';
  }
  return null;
}
