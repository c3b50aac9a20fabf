import type { BulkEstimate, ResultTarget } from '../../bridge-contract/sidebar-api';
import { type InputNoun, nothingToLookUp } from '../ui/estimate-text';

/**
 * The rules of a bulk action's Check -> confirm -> Start flow, apart from the page: Start needs an
 * estimate of exactly the input it will run on, the user's consent to the cost when the estimate
 * says so, and consent to write over cells when the results would land on data.
 */
export interface BulkFlowState {
  /** The last estimate and the input it was made for (see inputKey). */
  checked: { key: string; estimate: BulkEstimate } | null;
  /** The user ticked "write over them" for the cells the estimate found beside the input. */
  confirmedOverwrite: boolean;
  /**
   * The server's refusal to write over data it found at Start (when the estimate did not see it);
   * answered by starting again with confirmedOverwrite.
   */
  overwriteQuestion: string | null;
}

/**
 * The flow as Start is judged: the state above and the consent to the cost, which the costed run
 * holds (`costed.confirmed()`) and drops with every new estimate or run, so it is never kept here.
 */
export interface BulkStartCheck extends BulkFlowState {
  confirmedCost: boolean;
}

export const INITIAL_BULK_FLOW: BulkFlowState = {
  checked: null,
  confirmedOverwrite: false,
  overwriteQuestion: null,
};

/** The cells beside the input that already hold data, as the estimate found them, or null. */
export function occupiedBeside(estimate: BulkEstimate): { cells: number; range: string } | null {
  const cells = estimate.besideOccupied ?? 0;
  if (cells <= 0) return null;
  return { cells, range: estimate.besideRange ?? 'the columns beside the input' };
}

/** Identifies an input (source and options) so an estimate is never used for another one. */
export function inputKey(...parts: unknown[]): string {
  return JSON.stringify(parts);
}

export function estimated(key: string, estimate: BulkEstimate): BulkFlowState {
  return {
    checked: { key, estimate },
    confirmedOverwrite: false,
    overwriteQuestion: null,
  };
}

/** Why Start cannot run yet, in words that say what to do; null when it can. */
export function startBlocker(
  state: BulkStartCheck,
  currentKey: string,
  noun: InputNoun,
  target: ResultTarget['kind'],
): string | null {
  if (state.checked === null) return 'Press Check first: it counts the rows and shows the most it can cost.';
  if (state.checked.key !== currentKey) return 'The input changed since the check: press Check again.';
  const empty = nothingToLookUp(state.checked.estimate, noun);
  if (empty !== null) return empty;
  if (state.checked.estimate.needsConfirmation && !state.confirmedCost) {
    return 'Tick the box to accept the cost, then press Start.';
  }
  if (target === 'beside' && occupiedBeside(state.checked.estimate) !== null && !state.confirmedOverwrite) {
    return 'Tick the box to write over the cells that hold data, or choose "In another tab".';
  }
  return null;
}

/**
 * The flow once the input may have changed (another selection, column or option): a check made for
 * other input is dropped with its figures, its overwrite warning and any question, so nothing on
 * screen describes cells that are no longer the input. `currentKey` is null while the fields are
 * not valid input.
 */
export function forInput(state: BulkFlowState, currentKey: string | null): BulkFlowState {
  if (state.checked === null || state.checked.key === currentKey) return state;
  return INITIAL_BULK_FLOW;
}

/**
 * Why the "Write into" choice cannot be used with this input, or null: a tab replaced or added to
 * must not be the tab the input is read from (replacing it would delete the input, adding below
 * would mix the results into it). The server refuses it too, before anything is paid; saying it
 * beside the choice spares a Check and a Start. `defaultTabName` is the tab a blank name means;
 * `inputTab` the input's tab when known.
 */
export function tabTargetProblem(
  target: ResultTarget,
  inputTab: string | null,
  defaultTabName: string,
  noun: InputNoun,
): string | null {
  if (target.kind !== 'newTab' || target.mode === undefined || target.mode === 'new') return null;
  if (inputTab === null) return null;
  const tab = (target.name ?? '').trim() === '' ? defaultTabName : (target.name ?? '').trim();
  if (tab.toLowerCase() !== inputTab.trim().toLowerCase()) return null;
  const harm =
    target.mode === 'replace' ? 'replacing it would delete them' : 'the results would mix with them';
  return `The ${noun.plural} are read from "${inputTab.trim()}": ${harm}. Name another tab, or write into a new tab each run.`;
}
