import type { CellArgument, CellValue } from './sheet-values';

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
