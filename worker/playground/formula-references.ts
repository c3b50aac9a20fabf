import { parseA1, splitSheetName } from './apps-script/spreadsheet/a1-range-reader';
import { CORNER, SHEET } from './apps-script/spreadsheet/formula-syntax';

/**
 * The cells a formula reads, so that an edit recalculates the formulas that depend on it, as
 * Sheets does (the fakes recalculate only when asked). References are what the fakes' evaluator
 * takes as arguments: "A2", "A2:A10", "A:A", "A2:A", "2:4", each with an optional sheet name.
 */

export interface SheetArea {
  sheet: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
}

// References as formula-syntax.ts reads an argument, found anywhere in the formula here.
const REFERENCE = new RegExp(String.raw`(${SHEET})?((?:${CORNER})(?::(?:${CORNER}))?)(?![\w(])`, 'g');

/** A tab as references find it: its name as the spreadsheet spells it, and its size for open ranges. */
export interface ReferencedSheet {
  name: string;
  rows: number;
  columns: number;
}

/**
 * The areas `formula` (on sheet `ownSheet`) refers to; `sheetOf` finds a tab by the name a
 * formula gives it (Sheets reads "leads!A2" as Leads!A2). Text in double quotes is skipped;
 * names that are not references are ignored.
 */
export function formulaReferences(
  formula: string,
  ownSheet: string,
  sheetOf: (name: string) => ReferencedSheet | null,
): SheetArea[] {
  const areas: SheetArea[] = [];
  const outsideQuotes = formula.replace(/"(?:[^"]|"")*"/g, (quoted) => ' '.repeat(quoted.length));
  for (const match of outsideQuotes.matchAll(REFERENCE)) {
    const before = match.index === 0 ? '' : outsideQuotes[match.index - 1];
    // Part of a longer name (EMAIL_SEARCH2) rather than a reference of its own.
    if (/[\w$.]/.test(before)) continue;
    const { sheetName, cells } = splitSheetName(match[0]);
    const sheet = sheetOf(sheetName ?? ownSheet);
    if (sheet === null) continue;
    try {
      const area = parseA1(cells, sheet.rows, sheet.columns);
      areas.push({
        sheet: sheet.name,
        top: area.row,
        left: area.column,
        bottom: area.row + area.numRows - 1,
        right: area.column + area.numColumns - 1,
      });
    } catch {
      // Not a reference after all (a bare number such as 12 is a row range only with a colon).
    }
  }
  return areas;
}

export function overlaps(a: SheetArea, b: SheetArea): boolean {
  return (
    a.sheet === b.sheet && a.top <= b.bottom && b.top <= a.bottom && a.left <= b.right && b.left <= a.right
  );
}
