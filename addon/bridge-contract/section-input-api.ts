import type { SelectionInfo } from './sidebar-api';

/** The sections that read a column of the sheet, each keeping its own input (issue 25). */
export type InputSection = 'enrich' | 'reports';

export const INPUT_SECTIONS: readonly InputSection[] = ['enrich', 'reports'];

/**
 * The input remembered (issue 25): each section keeps its input range per document (document
 * properties, so every editor's sidebar finds it), whatever tab is active when it runs: writing
 * into "Leads enriched" makes that tab active, and the next Check must still read Leads.
 */
export interface SectionInputApi {
  /** The section's kept range, described as it reads now; null when it keeps none (or its tab is gone). */
  getSectionInput(section: InputSection): SelectionInfo | null;
  /** Takes the active selection as the section's input from now on; null when nothing is selected. */
  useSelectionAsInput(section: InputSection): SelectionInfo | null;
}
