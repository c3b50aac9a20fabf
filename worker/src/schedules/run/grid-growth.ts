import type { sheets_v4 } from '@googleapis/sheets';

/** A tab's id and size, as `spreadsheets.get` answered it. */
export interface TabGrid {
  sheetId: number;
  rows: number;
  columns: number;
}

/**
 * The `appendDimension` requests that make a tab reach `lastRow` and `lastColumn` (1-based):
 * Google refuses a `values.update` past the grid ("exceeds grid limits"). None when it already does.
 */
export function gridGrowth(tab: TabGrid, lastRow: number, lastColumn: number): sheets_v4.Schema$Request[] {
  const requests: sheets_v4.Schema$Request[] = [];
  if (lastRow > tab.rows) {
    requests.push({
      appendDimension: { sheetId: tab.sheetId, dimension: 'ROWS', length: lastRow - tab.rows },
    });
  }
  if (lastColumn > tab.columns) {
    requests.push({
      appendDimension: { sheetId: tab.sheetId, dimension: 'COLUMNS', length: lastColumn - tab.columns },
    });
  }
  return requests;
}
