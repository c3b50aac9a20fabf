import { splitSheetName } from './a1-range-reader';
import { isDate } from './cell-contents';
import { parseFormula, unsupportedNote, type FormulaArgument } from './formula-syntax';
import type { FakeRange } from './range';
import type { FakeRuntime } from '../runtime/runtime';
import type { FakeSheet } from './sheet';
import type { FakeSpreadsheet } from './spreadsheet';

/** What a cell's hover says about its formula, kept while the cell shows `shows`. */
interface FormulaNote {
  cell: string;
  formula: string;
  /** What the cell shows meanwhile: "#ERROR!", "#NAME?", "#REF!", or the formula's own text. */
  shows: string;
  message: string;
}

/** A formula that does not run: what its cell shows instead, and why. */
class NotRun {
  constructor(
    readonly shows: string,
    readonly message: string,
    /** What goes into the cell, when it is not `shows` itself. */
    readonly cellValue: unknown = shows,
  ) {}
}

const FORMULA_PARSE_ERROR = 'Formula parse error.';

/**
 * Sheets' side of custom functions, enough for the add-on's formulas: `=NAME(arg, ...)` where an
 * argument is a reference ("A2:A501", "Sheet1!B2", a single cell arrives as a value, a range as a
 * 2-D array, as Sheets passes them), a quoted string, a number, TRUE/FALSE or an array literal
 * (formula-syntax.ts, which also takes `;` between arguments as European locales write them).
 * Each evaluation is a separate custom-function execution with its own 30 s limit, whose active
 * range is the formula's cell.
 *
 * What Sheets would show instead of a value, the fake shows too, with Sheets' hover text kept in
 * `errors`: a thrown error "#ERROR!" (so does a formula that does not parse), an unknown function
 * or range name "#NAME?", a tab that does not exist "#REF!". A formula Sheets would calculate but
 * the fake cannot (`=1+1`, a nested call) keeps its text, and the hover says why: a person typing
 * or pasting into the playground loses nothing, and nothing stops half-way.
 */
export class CustomFunctionEvaluator {
  /** Hover texts, newest last; one applies while its cell still shows what it says. */
  readonly errors: FormulaNote[] = [];
  /** How many times each function ran: a recalculation the test can count. */
  readonly runs = new Map<string, number>();

  constructor(
    private readonly runtime: FakeRuntime,
    private readonly spreadsheet: FakeSpreadsheet,
  ) {}

  /** Keeps Sheets' hover text for a formula cell the sheet shows an error in (a spill in the way). */
  readonly note = (cell: string, formula: string, shows: string, message: string): void => {
    this.errors.push({ cell, formula, shows, message });
  };

  readonly evaluate = (formula: string, cell: FakeRange): unknown => {
    const outcome = this.prepare(formula, cell);
    if (outcome instanceof NotRun) {
      this.errors.push({
        cell: `${cell.sheetName}!${cell.a1()}`,
        formula,
        shows: outcome.shows,
        message: outcome.message,
      });
      return outcome.cellValue;
    }
    const { name, args } = outcome;
    this.runs.set(name, (this.runs.get(name) ?? 0) + 1);
    // Inside a custom function the active range is the formula's own cell.
    const sheetBefore = this.spreadsheet.activeSheet;
    const rangeBefore = this.spreadsheet.activeRange();
    this.spreadsheet.select(cell.owner, cell);
    try {
      return toCellResult(this.runtime.call(name, args, 'custom-function'));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.errors.push({ cell: `${cell.sheetName}!${cell.a1()}`, formula, shows: '#ERROR!', message });
      return '#ERROR!';
    } finally {
      this.spreadsheet.select(sheetBefore, rangeBefore);
    }
  };

  /** The function to run and its arguments, or why the formula does not run. */
  private prepare(formula: string, cell: FakeRange): { name: string; args: unknown[] } | NotRun {
    const parsed = parseFormula(formula);
    const note = unsupportedNote(formula, parsed);
    // A leading apostrophe keeps the text as text: the cell shows the formula as typed.
    if (note !== null) return new NotRun(formula, note, `'${formula}`);
    if (parsed.kind !== 'call') return new NotRun('#ERROR!', FORMULA_PARSE_ERROR);
    const name = this.functionNamed(parsed.name);
    if (name === null) return new NotRun('#NAME?', unknownFunction(parsed.name));
    const args: unknown[] = [];
    for (const argument of parsed.args) {
      const value = this.argument(argument, cell);
      if (value instanceof NotRun) return value;
      args.push(value);
    }
    return { name, args };
  }

  /**
   * The script's function a formula names. "Capitalization doesn't matter" and a name "can't end
   * with an underscore, which denotes a private function in Apps Script" (Naming, in
   * https://developers.google.com/apps-script/guides/sheets/functions): Sheets upper-cases what is
   * typed, so `=influencer_report(...)` runs INFLUENCER_REPORT, and `=HELPER_()` runs nothing.
   */
  private functionNamed(typed: string): string | null {
    if (!this.runtime.attached || typed.endsWith('_')) return null;
    if (this.runtime.globalFunction(typed) !== undefined) return typed;
    const wanted = typed.toUpperCase();
    return this.runtime.globalFunctionNames().find((name) => name.toUpperCase() === wanted) ?? null;
  }

  private argument(argument: FormulaArgument, cell: FakeRange): unknown {
    switch (argument.kind) {
      case 'empty':
        return undefined;
      case 'literal':
        return argument.value;
      case 'array':
        return singleOrGrid(argument.rows);
      case 'reference':
        return this.referenced(argument.text, cell);
      case 'name':
        return new NotRun('#NAME?', `Unknown range name: '${argument.text.toUpperCase()}'.`);
      case 'error':
        return new NotRun(argument.shows, argument.message);
      case 'expression':
        // unsupportedNote kept such a formula as text before it got here.
        return new NotRun('#ERROR!', FORMULA_PARSE_ERROR);
    }
  }

  private referenced(reference: string, cell: FakeRange): unknown {
    const { sheetName, cells } = splitSheetName(reference);
    const sheet = sheetName === null ? cell.owner : sheetNamed(this.spreadsheet, sheetName);
    if (sheet === null) return new NotRun('#REF!', `Unresolved sheet name '${sheetName ?? ''}'.`);
    try {
      return singleOrGrid(sheet.range(sheet.area(cells)).peekValues());
    } catch (error) {
      return new NotRun('#REF!', error instanceof Error ? error.message : String(error));
    }
  }
}

/**
 * The tab a formula names. Sheets reads tab names in formulas regardless of case ("leads!A2" is
 * Leads!A2, and it rewrites the formula so); an exact match comes first.
 */
export function sheetNamed(spreadsheet: FakeSpreadsheet, name: string): FakeSheet | null {
  const exact = spreadsheet.sheet(name);
  if (exact !== null) return exact;
  const wanted = name.toLowerCase();
  const found = spreadsheet.sheetNames.find((title) => title.toLowerCase() === wanted);
  return found === undefined ? null : spreadsheet.sheet(found);
}

function unknownFunction(typed: string): string {
  return (
    `Unknown function: '${typed.toUpperCase()}'. The playground runs only the add-on's own functions ` +
    `(type = in a cell to list them); Google Sheets' built-in functions, such as SUM, work in Google Sheets.`
  );
}

/** As Sheets passes them: one cell as its value, more as rows of values. */
function singleOrGrid<T>(rows: T[][]): T | T[][] {
  return rows.length === 1 && rows[0].length === 1 ? rows[0][0] : rows;
}

/** What Sheets makes of a returned value: arrays spill, undefined and null are empty cells. */
function toCellResult(value: unknown): unknown {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item: unknown) => toCellResult(item));
  if (typeof value === 'object' && !isDate(value)) return String(value);
  return value;
}
