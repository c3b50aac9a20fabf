import { INPUT_SECTIONS, type InputSection } from '../../bridge-contract/section-input-api';
import type { SelectionInfo } from '../../bridge-contract/sidebar-api';
import { describeRange } from './selection-info';

/** Document properties: `creatorSheets.input.enrich` = {"sheetName":"Leads","a1":"A1:A21"}. */
export const SECTION_INPUT_PREFIX = 'creatorSheets.input.';

interface KeptInput {
  sheetName: string;
  a1: string;
}

function checkedSection(section: InputSection): InputSection {
  if (!INPUT_SECTIONS.includes(section))
    throw new Error(`There is no section "${String(section)}" with an input.`);
  return section;
}

function readKept(section: InputSection): KeptInput | null {
  const value = PropertiesService.getDocumentProperties().getProperty(SECTION_INPUT_PREFIX + section);
  if (value === null) return null;
  try {
    const kept = JSON.parse(value) as Partial<KeptInput>;
    return typeof kept.sheetName === 'string' && typeof kept.a1 === 'string'
      ? { sheetName: kept.sheetName, a1: kept.a1 }
      : null;
  } catch {
    return null;
  }
}

/**
 * The section's kept input range, described as it reads now (rows, header, first values); null
 * when it keeps none, or its tab was deleted or renamed (the section then asks for a selection).
 */
export function readSectionInput(section: InputSection): SelectionInfo | null {
  const kept = readKept(checkedSection(section));
  if (kept === null) return null;
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(kept.sheetName);
  if (sheet === null) return null;
  try {
    return describeRange(sheet.getRange(kept.a1));
  } catch {
    return null;
  }
}

/** The active selection becomes the section's input for this document, for every editor. */
export function keepSelectionAsInput(section: InputSection): SelectionInfo | null {
  checkedSection(section);
  const range = SpreadsheetApp.getActiveRange();
  if (range === null) return null;
  const kept: KeptInput = { sheetName: range.getSheet().getName(), a1: range.getA1Notation() };
  PropertiesService.getDocumentProperties().setProperty(SECTION_INPUT_PREFIX + section, JSON.stringify(kept));
  return describeRange(range);
}
