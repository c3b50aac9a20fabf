import type { FakeSheet } from './apps-script/spreadsheet/sheet';
import type { FakeSpreadsheet } from './apps-script/spreadsheet/spreadsheet';
import { sheetNamed } from './apps-script/spreadsheet/formula-evaluator';
import { formulaReferences, overlaps, type SheetArea } from './formula-references';

/**
 * What a person does to the grid: type or paste text (the sheet grows to take it, as Sheets
 * grows on paste) and clear cells. Formulas that read the changed cells run again afterwards,
 * as Sheets recalculates dependents; the fakes alone recalculate only when asked.
 */

/** Sheets refuses a paste that would make a tab longer than this; so does the playground. */
export const MAX_PASTE_ROWS = 100_000;

export function typeValues(
  spreadsheet: FakeSpreadsheet,
  sheet: FakeSheet,
  row: number,
  column: number,
  values: readonly (readonly string[])[],
): void {
  if (!Number.isInteger(row) || !Number.isInteger(column) || row < 1 || column < 1) {
    throw new Error(`Cells start at row 1, column 1, got row ${row}, column ${column}`);
  }
  if (values.length === 0) return;
  if (values.length > MAX_PASTE_ROWS) {
    throw new Error(`A paste holds at most ${MAX_PASTE_ROWS} rows, got ${values.length}`);
  }
  const width = Math.max(...values.map((line) => line.length));
  const { rows, columns } = sheet.size;
  if (row + values.length - 1 > rows) sheet.insertRowsAfter(rows, row + values.length - 1 - rows);
  if (column + width - 1 > columns) sheet.insertColumnsAfter(columns, column + width - 1 - columns);
  const entered: string[] = [];
  values.forEach((line, r) =>
    line.forEach((text, c) => {
      sheet.enter(row + r, column + c, text);
      if (text.trimStart().startsWith('=')) entered.push(`${row + r},${column + c}`);
    }),
  );
  recalculateDependents(
    spreadsheet,
    {
      sheet: sheet.title,
      top: row,
      left: column,
      bottom: row + values.length - 1,
      right: column + width - 1,
    },
    new Set(entered.map((cell) => `${sheet.title}!${cell}`)),
  );
}

/** Empties the cells of `area` that hold something (formulas and their spills too). */
export function clearArea(spreadsheet: FakeSpreadsheet, sheet: FakeSheet, area: SheetArea): void {
  const bottom = Math.min(area.bottom, sheet.lastRow());
  const right = Math.min(area.right, sheet.lastColumn());
  for (let row = area.top; row <= bottom; row++) {
    for (let column = area.left; column <= right; column++) {
      const cell = sheet.cell(row, column);
      if (cell.value !== '' || cell.formula !== '') sheet.enter(row, column, '');
    }
  }
  recalculateDependents(spreadsheet, area, new Set());
}

/** Runs again every formula whose references overlap `changed`, except those in `skip` ("Sheet!r,c"). */
export function recalculateDependents(
  spreadsheet: FakeSpreadsheet,
  changed: SheetArea,
  skip: ReadonlySet<string>,
): number {
  const sheetOf = (name: string) => {
    const sheet = sheetNamed(spreadsheet, name);
    return sheet === null ? null : { name: sheet.title, ...sheet.size };
  };
  let count = 0;
  for (const name of spreadsheet.sheetNames) {
    const sheet = spreadsheet.requireSheet(name);
    for (const { row, column, formula } of sheet.formulaCells()) {
      if (skip.has(`${name}!${row},${column}`)) continue;
      if (formulaReferences(formula, name, sheetOf).some((area) => overlaps(area, changed))) {
        sheet.evaluate(row, column);
        count += 1;
      }
    }
  }
  return count;
}
