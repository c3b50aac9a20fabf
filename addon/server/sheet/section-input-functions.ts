import type { InputSection } from '../../bridge-contract/section-input-api';
import type { SelectionInfo } from '../../bridge-contract/sidebar-api';
import { keepSelectionAsInput, readSectionInput } from './section-inputs';

/**
 * The server functions of the sections' kept inputs (addon/bridge-contract/section-input-api.ts). Every
 * function here becomes a top-level Apps Script function, so this file holds those only.
 */

/** Sidebar: the section's input range in this document, as it reads now; null when it keeps none. */
export function getSectionInput(section: InputSection): SelectionInfo | null {
  return readSectionInput(section);
}

/** Sidebar: the active selection becomes the section's input in this document. */
export function useSelectionAsInput(section: InputSection): SelectionInfo | null {
  return keepSelectionAsInput(section);
}
