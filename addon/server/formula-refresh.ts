/** The add-on's custom functions, as they appear in a formula (any case, spaces before the bracket). */
const ADDON_FORMULA = /\b(INFLUENCER_REPORT|EMAIL_SEARCH|AUDIENCE_OVERLAP)\s*\(/i;

interface FormulaCell {
  /** 0-based offsets inside the scanned range. */
  row: number;
  column: number;
  formula: string;
}

/** The cells of a getFormulas() grid whose formula calls one of the add-on's functions. */
export function findAddonFormulas(formulas: readonly (readonly string[])[]): FormulaCell[] {
  const found: FormulaCell[] = [];
  formulas.forEach((cells, row) => {
    cells.forEach((formula, column) => {
      if (formula !== '' && ADDON_FORMULA.test(formula)) found.push({ row, column, formula });
    });
  });
  return found;
}

/**
 * Recalculates this add-on's formulas in the active spreadsheet: Sheets does not recalculate a
 * formula set to its own text, so each is cleared, the change flushed, and the formula set again.
 * Rows that said "Still fetching" then come from the worker's cache (free); final answers come
 * from the add-on's cache, since those are the only ones it keeps. Works sheet by sheet, so a
 * failure leaves at most one sheet's formulas to retype. Answers how many formulas it refreshed.
 */
export function refreshAddonFormulas(): number {
  let refreshed = 0;
  for (const sheet of SpreadsheetApp.getActiveSpreadsheet().getSheets()) {
    if (sheet.getLastRow() === 0) continue;
    const range = sheet.getDataRange();
    const cells = findAddonFormulas(range.getFormulas());
    if (cells.length === 0) continue;
    const top = range.getRow();
    const left = range.getColumn();
    const targets = cells.map((cell) => ({
      range: sheet.getRange(top + cell.row, left + cell.column),
      formula: cell.formula,
    }));
    for (const target of targets) target.range.setFormula('');
    SpreadsheetApp.flush();
    for (const target of targets) target.range.setFormula(target.formula);
    refreshed += targets.length;
  }
  return refreshed;
}
