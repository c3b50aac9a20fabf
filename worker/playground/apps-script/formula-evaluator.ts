import { isDate } from './cell-values';
import type { FakeRange } from './range';
import type { FakeRuntime } from './runtime';
import type { FakeSpreadsheet } from './spreadsheet';

const CALL = /^=\s*([A-Za-z_][\w.]*)\s*\(([\s\S]*)\)\s*$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

interface EvaluationError {
  cell: string;
  formula: string;
  message: string;
}

/**
 * Sheets' side of custom functions, enough for the add-on's formulas: `=NAME(arg, ...)` where an
 * argument is a reference ("A2:A501", "Sheet1!B2", a single cell arrives as a value, a range as a
 * 2-D array, as Sheets passes them), a quoted string, a number or TRUE/FALSE. Each evaluation is a
 * separate custom-function execution with its own 30 s limit, whose active range is the formula's
 * cell. A thrown error shows "#ERROR!" (the message is kept in `errors`, Sheets shows it on
 * hover); an unknown name shows "#NAME?".
 */
export class CustomFunctionEvaluator {
  readonly errors: EvaluationError[] = [];
  /** How many times each function ran: a recalculation the test can count. */
  readonly runs = new Map<string, number>();

  constructor(
    private readonly runtime: FakeRuntime,
    private readonly spreadsheet: FakeSpreadsheet,
  ) {}

  readonly evaluate = (formula: string, cell: FakeRange): unknown => {
    const match = CALL.exec(formula);
    if (match === null) throw new Error(`The fake evaluates only =NAME(arguments), got ${formula}`);
    const [, name, argumentText] = match;
    if (!this.runtime.attached || this.runtime.globalFunction(name) === undefined) return '#NAME?';
    const args = splitArguments(argumentText).map((text) => this.argument(text, cell));
    this.runs.set(name, (this.runs.get(name) ?? 0) + 1);
    // Inside a custom function the active range is the formula's own cell.
    const sheetBefore = this.spreadsheet.activeSheet;
    const rangeBefore = this.spreadsheet.activeRange();
    this.spreadsheet.select(cell.owner, cell);
    try {
      return toCellResult(this.runtime.call(name, args, 'custom-function'));
    } catch (error) {
      this.errors.push({
        cell: `${cell.sheetName}!${cell.a1()}`,
        formula,
        message: error instanceof Error ? error.message : String(error),
      });
      return '#ERROR!';
    } finally {
      this.spreadsheet.select(sheetBefore, rangeBefore);
    }
  };

  private argument(text: string, cell: FakeRange): unknown {
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    if (trimmed.startsWith('"')) {
      if (!trimmed.endsWith('"') || trimmed.length < 2) throw new Error(`Unclosed string in ${text}`);
      return trimmed.slice(1, -1).replace(/""/g, '"');
    }
    if (/^(true|false)$/i.test(trimmed)) return trimmed.toLowerCase() === 'true';
    if (NUMBER.test(trimmed)) return Number(trimmed);
    const reference = trimmed.includes('!') ? trimmed : `${quoteSheet(cell.sheetName)}!${trimmed}`;
    const values = this.spreadsheet.rangeOf(reference).peekValues();
    return values.length === 1 && values[0].length === 1 ? values[0][0] : values;
  }
}

function quoteSheet(name: string): string {
  return /^[A-Za-z0-9_]+$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** Splits on top-level commas, leaving commas inside quotes alone. */
function splitArguments(text: string): string[] {
  if (text.trim() === '') return [];
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (char === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/** What Sheets makes of a returned value: arrays spill, undefined and null are empty cells. */
function toCellResult(value: unknown): unknown {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item: unknown) => toCellResult(item));
  if (typeof value === 'object' && !isDate(value)) return String(value);
  return value;
}
