import type { CellArgument, CellValue } from '../sheet/sheet-values';

/**
 * Checks of custom-function arguments that need no worker: each answers the sentence the cell
 * shows, or null when the argument is fine. Sheets passes an empty cell as "" and an omitted
 * argument as undefined.
 */

function cells(argument: CellArgument | undefined): CellValue[] {
  if (argument === undefined) return [];
  return Array.isArray(argument) ? argument.flat() : [argument];
}

function isBlank(value: CellValue): boolean {
  return typeof value === 'string' && value.trim() === '';
}

/** A required list argument (handles, e-mails) must hold at least one non-empty cell. */
export function checkNotBlank(
  argument: CellArgument | undefined,
  what: string,
  example: string,
): string | null {
  return cells(argument).some((value) => !isBlank(value)) ? null : `No ${what} given: ${example}.`;
}

/** An optional list of names (fields) must be text when given. */
export function checkText(argument: CellArgument | undefined, name: string, example: string): string | null {
  const wrong = cells(argument).find((value) => typeof value !== 'string');
  return wrong === undefined ? null : `${name} must be text such as "${example}", got ${String(wrong)}.`;
}

/** with_header takes TRUE, FALSE or nothing. */
export function checkFlag(argument: CellArgument | undefined, name: string): string | null {
  if (argument === undefined || typeof argument === 'boolean') return null;
  if (!Array.isArray(argument) && isBlank(argument)) return null;
  return `${name} must be TRUE or FALSE, got ${Array.isArray(argument) ? 'a range' : String(argument)}.`;
}

type CellList = { ok: true; cells: CellValue[] } | { ok: false; error: string };

/**
 * A list argument as one cell per output row: a single cell, one column (each row's cell) or one
 * row (each cell). Blank cells inside stay, so the output keeps one row per input row; blanks
 * after the last value are dropped, so an open range such as A2:A spills no empty rows.
 */
export function listCells(argument: CellArgument, name: string): CellList {
  let list: CellValue[];
  if (!Array.isArray(argument)) list = [argument];
  else if (argument.length === 1) list = argument[0].slice();
  else if (argument.every((row) => row.length === 1)) list = argument.map((row) => row[0]);
  else {
    const width = argument.reduce((most, row) => Math.max(most, row.length), 0);
    return {
      ok: false,
      error: `${name} must be one column or one row of cells, got ${argument.length} rows of ${width} columns.`,
    };
  }
  let end = list.length;
  while (end > 0 && isBlank(list[end - 1])) end -= 1;
  return { ok: true, cells: list.slice(0, end) };
}

/** Every non-blank cell of a range, row by row (overlap compares a set: shape does not matter). */
export function nonBlankCells(argument: CellArgument | undefined): CellValue[] {
  return cells(argument).filter((value) => !isBlank(value));
}

/** A text list argument (fields): each non-blank cell, trimmed. */
export function textCells(argument: CellArgument | undefined): string[] {
  return nonBlankCells(argument).map((value) => String(value).trim());
}

/** with_header as given: TRUE or FALSE, or null when left out (or an empty cell). */
export function flagOf(argument: CellArgument | undefined): boolean | null {
  return typeof argument === 'boolean' ? argument : null;
}

/** Whether an optional argument was left out or given as an empty cell. */
export function isOmitted(argument: CellArgument | undefined): boolean {
  return argument === undefined || (!Array.isArray(argument) && isBlank(argument));
}
