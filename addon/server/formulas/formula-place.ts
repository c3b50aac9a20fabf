import { sheetA1 } from '../sheet/a1-notation';

/**
 * Where a custom function stands and where its input starts. Sheets passes a custom function the
 * values of A2:A4, never the address; the address is in the formula's own text, which the
 * function may read: "in a custom function [the active range] refers to the cell being actively
 * recalculated" (SpreadsheetApp.getActiveRange(),
 * https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app#getactiverange),
 * and a custom function may call the Spreadsheet service's get methods, read only
 * (https://developers.google.com/apps-script/guides/sheets/functions#using_apps_script_services).
 */

export interface FormulaPlace {
  /** The row of the formula's cell; null when unknown. */
  formulaRow: number | null;
  /** The first row of its input range; null when the input is no plain range, or unknown. */
  inputRow: number | null;
  /**
   * The formula's own cell ("Formulas!B4"), read only when asked (a call to the worker: an ask
   * for approval names it, issue 25); null when unknown.
   */
  cell(): string | null;
}

const UNKNOWN: FormulaPlace = { formulaRow: null, inputRow: null, cell: () => null };

/**
 * The cell's name, read once when first asked (a call to the worker); null when it cannot be read
 * (never a failure). Without `range`, the running custom function's own: its active range.
 */
export function cellNameOf(range?: GoogleAppsScript.Spreadsheet.Range): () => string | null {
  let name: string | null | undefined;
  return () => {
    if (name !== undefined) return name;
    try {
      const cell = range ?? SpreadsheetApp.getActiveRange();
      name = sheetA1(cell.getSheet().getName(), cell.getA1Notation());
    } catch {
      name = null;
    }
    return name;
  };
}

/** Text in double quotes, blanked out so that a quoted "A2" or "F(" is not read as formula. */
export function withoutStrings(formula: string): string {
  return formula.replace(/"(?:[^"]|"")*"/g, (quoted) => ' '.repeat(quoted.length));
}

/** The text of the call's first argument, starting at `from` (just after the bracket). */
function firstArgument(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (char === '(' || char === '{') depth += 1;
    else if (char === '}' || (char === ')' && depth > 0)) depth -= 1;
    // "," in most locales, ";" where the decimal mark is a comma: both end an argument.
    else if (depth === 0 && (char === ',' || char === ';' || char === ')')) return text.slice(from, i);
  }
  return text.slice(from);
}

const SHEET = String.raw`(?:(?:'(?:[^']|'')+'|[A-Za-z0-9_.]+)!)?`;
const COLUMN = String.raw`\$?[A-Za-z]{1,3}`;
const ROW = String.raw`\$?(\d+)`;
/** A2, A2:A4, A2:A (open at the bottom), $A$2:$A$4, with an optional sheet name. */
const CELLS = new RegExp(String.raw`^${SHEET}${COLUMN}${ROW}(?::${COLUMN}(?:${ROW})?)?$`);
/** A:A, whole columns: they start at row 1. */
const COLUMNS = new RegExp(String.raw`^${SHEET}${COLUMN}:${COLUMN}$`);
/** 2:4, whole rows. */
const ROWS = new RegExp(String.raw`^${SHEET}${ROW}:${ROW}$`);

/** The first row a range reference names ("Leads!A2:A4" -> 2, "A:A" -> 1), or null for anything else. */
export function firstRowOf(reference: string): number | null {
  const text = reference.trim();
  if (COLUMNS.test(text)) return 1;
  const match = CELLS.exec(text) ?? ROWS.exec(text);
  if (match === null) return null;
  const rows = [match[1], match[2]].filter((row) => row !== undefined).map(Number);
  const first = Math.min(...rows);
  return first >= 1 ? first : null;
}

/**
 * The one call of `functionName` in `formula` and the first row of its first argument (null when
 * that is no range); null when the formula calls it not exactly once, so that a cell holding
 * =IF(A1, EMAIL_SEARCH(B2:B3), EMAIL_SEARCH(C2:C3)) is not guessed at.
 */
export function ownCall(formula: string, functionName: string): { inputRow: number | null } | null {
  const text = withoutStrings(formula);
  const call = new RegExp(String.raw`(^|[^\w.$])${functionName}\s*\(`, 'gi');
  // Apps Script's V8 has String.matchAll, but the add-on's TypeScript library predates it.
  const ends: number[] = [];
  for (let match = call.exec(text); match !== null; match = call.exec(text)) {
    ends.push(match.index + match[0].length);
  }
  if (ends.length !== 1) return null;
  return { inputRow: firstRowOf(firstArgument(text, ends[0])) };
}

/** Where the running custom function `functionName` stands; unknown when it cannot tell. */
export function readFormulaPlace(functionName: string): FormulaPlace {
  try {
    const cell = SpreadsheetApp.getActiveRange();
    // Called from no cell, or from one whose formula is not this function's (a script's call).
    const call = ownCall(cell.getFormula(), functionName);
    if (call === null) return UNKNOWN;
    return { formulaRow: cell.getRow(), inputRow: call.inputRow, cell: cellNameOf(cell) };
  } catch {
    // Knowing where it stands only chooses the header; a formula never fails for want of it.
    return UNKNOWN;
  }
}
