import type { BulkEstimate, SearchEstimate } from '../../bridge-contract/sidebar-api';
import { countOf, creditsText, formatCount } from './count-text';

/** One line of a label/value list (`<dl>`). */
export interface Fact {
  label: string;
  value: string;
}

/** What the input is made of, e.g. handles: "handle" / "handles". */
export interface InputNoun {
  singular: string;
  plural: string;
}

/** What a bulk action will look up and the most it can cost, as the sidebar lists it before Start. */
export function bulkEstimateFacts(estimate: BulkEstimate, noun: InputNoun): Fact[] {
  return [
    ...(estimate.input === undefined ? [] : [{ label: 'Input', value: estimate.input }]),
    { label: 'Rows with data', value: formatCount(estimate.rows) },
    { label: 'Blank rows', value: formatCount(estimate.blanks) },
    { label: `Invalid ${noun.plural}`, value: formatCount(estimate.invalid) },
    { label: `Unique ${noun.plural} to look up`, value: formatCount(estimate.unique) },
    { label: 'Most it can cost', value: creditsText(estimate.maxCredits) },
  ];
}

export function searchEstimateFacts(estimate: SearchEstimate): Fact[] {
  return [
    { label: 'Pages', value: formatCount(estimate.pages) },
    { label: 'Results, at most', value: formatCount(estimate.maxResults) },
    { label: 'Most it can cost', value: creditsText(estimate.maxCredits) },
  ];
}

/** The cost line under an estimate: what is charged at worst, and why it is often less. */
export function maxCostText(maxCredits: number): string {
  if (maxCredits <= 0) return 'This costs no credits.';
  return `At most ${creditsText(maxCredits)}; results already cached cost nothing, so it often costs less.`;
}

/** The label of the box a user ticks to accept a cost above the confirmation threshold. */
export function confirmCostLabel(maxCredits: number): string {
  return `I accept spending up to ${creditsText(maxCredits)}`;
}

/** A start button that says what it may cost: "Start (up to 1,180 credits)". */
export function startLabel(verb: string, maxCredits: number | null): string {
  if (maxCredits === null) return verb;
  if (maxCredits <= 0) return `${verb} (free)`;
  return `${verb} (up to ${creditsText(maxCredits)})`;
}

/** Why nothing would be looked up, or null when something would. */
export function nothingToLookUp(estimate: BulkEstimate, noun: InputNoun): string | null {
  if (estimate.unique > 0) return null;
  if (estimate.rows === 0) {
    return `The input has no ${noun.plural}: pick the column that holds them, or select its cells.`;
  }
  return `None of the ${countOf(estimate.rows, 'row')} holds a valid ${noun.singular}: check the column.`;
}

/** The warning above the "write over them" box: "37 cells of Leads!C1:H200 already hold data." */
export function occupiedText(occupied: { cells: number; range: string }): string {
  return `${countOf(occupied.cells, 'cell')} of ${occupied.range} already ${occupied.cells === 1 ? 'holds' : 'hold'} data.`;
}
