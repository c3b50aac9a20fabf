import type { FakeSpreadsheet } from '../apps-script/spreadsheet/spreadsheet';
import { invalidArgument } from './google-errors';

/**
 * Sheets' ceiling of 10 million cells per spreadsheet, counted over every tab's grid, empty or
 * not ("Google Sheets doubles cell limit", March 2022; Drive's "Files you can store"). Google
 * refuses a change that would pass it with 400 and this message (as clients report it, e.g.
 * https://github.com/burnash/gspread/issues/516 and https://github.com/UoaWDCC/uasc-web/pull/833).
 * The emulator checks before changing anything, so that a refused request changes nothing.
 */
export const SPREADSHEET_MAX_CELLS = 10_000_000;

export function checkGrowth(spreadsheet: FakeSpreadsheet, addedCells: number): void {
  if (addedCells > 0 && spreadsheet.totalCells() + addedCells > SPREADSHEET_MAX_CELLS) {
    throw invalidArgument(
      `This action would increase the number of cells in the workbook above the limit of ${SPREADSHEET_MAX_CELLS} cells.`,
    );
  }
}
