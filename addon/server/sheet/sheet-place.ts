import type { SheetPlace } from '../../../shared/worker-api/schedules';
import { columnNumber } from './a1-notation';

/**
 * A cell typed as a person types it: `B2`, `Creators!B2`, `'Weekly report'!A1` (quotes around a
 * name with spaces, `''` for a quote inside). Without a tab, `defaultSheet`'s.
 */
export function parseSheetPlace(text: string, defaultSheet: string, what: string): SheetPlace {
  const trimmed = text.trim();
  const bang = trimmed.lastIndexOf('!');
  const sheetPart = bang < 0 ? '' : trimmed.slice(0, bang);
  const cellPart = bang < 0 ? trimmed : trimmed.slice(bang + 1);
  const sheetName =
    sheetPart === ''
      ? defaultSheet
      : /^'.*'$/.test(sheetPart)
        ? sheetPart.slice(1, -1).replace(/''/g, "'")
        : sheetPart;
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(cellPart);
  const column = match === null ? null : columnNumber(match[1].toUpperCase());
  const row = match === null ? 0 : Number(match[2]);
  if (column === null || row < 1 || sheetName.trim() === '' || sheetName.length > 100) {
    throw new Error(`${what} must be a cell such as Creators!A2 or 'Weekly report'!A1, got "${text}"`);
  }
  return { sheetName, row, column };
}
