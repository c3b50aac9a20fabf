import type { SelectionInfo } from '../../bridge-contract/sidebar-api';
import { isHeaderAt } from './header-detection';
import { lazySpreadsheetTimeZone, sheetDay } from './sheet-dates';

/** Values shown for the user to recognise the column. */
const PREVIEW_VALUES = 5;

/** `zone`: the sheet's, asked for only when a date is shown (the sidebar asks often). */
function previewText(value: unknown, zone: () => string): string {
  if (typeof value === 'object' && value !== null) return sheetDay(value as Date, zone());
  return String(value);
}

/** The active selection, described for the sidebar; null when nothing is selected. */
export function readSelectionInfo(): SelectionInfo | null {
  const range = SpreadsheetApp.getActiveRange();
  return range === null ? null : describeRange(range);
}

/** A range described for the sidebar: where, how many rows hold data, a header, the first values. */
export function describeRange(range: GoogleAppsScript.Spreadsheet.Range): SelectionInfo {
  const sheet = range.getSheet();
  const firstRow = range.getRow();
  const zone = lazySpreadsheetTimeZone();
  // A whole-column selection (B:B) spans the sheet; describe the rows that hold data.
  const rows = Math.max(0, Math.min(range.getNumRows(), sheet.getLastRow() - firstRow + 1));
  const head =
    rows === 0
      ? []
      : sheet
          .getRange(firstRow, range.getColumn(), Math.min(rows, PREVIEW_VALUES + 1), 1)
          .getValues()
          .map((row) => row[0]);
  return {
    sheetName: sheet.getName(),
    a1: range.getA1Notation(),
    rows,
    columns: range.getNumColumns(),
    headerDetected: isHeaderAt(head, 'any', firstRow),
    preview: head.slice(0, PREVIEW_VALUES).map((value) => previewText(value, zone)),
  };
}
