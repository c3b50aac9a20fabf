/**
 * How Sheets reads a formula, as far as the playground runs formulas: one call of a function,
 * `=NAME(argument, ...)`, whose arguments are references, text in double quotes, numbers,
 * TRUE/FALSE or array literals. Anything else (`=1+1`, `=A1`, a nested call) is an expression
 * Sheets would calculate and the playground cannot; the evaluator leaves such a cell as text and
 * says why (`unsupportedNote`).
 *
 * Locales: Sheets separates arguments with `,` in some locales and with `;` in others (where `,`
 * is the decimal mark); the playground takes both. An argument list with a `;` at its top level
 * is read the second way, so `1,5` there is one and a half. In array literals `;` ends a row and
 * `,` or `\` separates columns, as in either locale.
 *
 * Plain TypeScript without Node: the page's bundle uses it too, to say which pasted cells keep
 * their text.
 */

type Literal = string | number | boolean;

export type FormulaArgument =
  | { kind: 'empty' }
  | { kind: 'literal'; value: Literal }
  | { kind: 'array'; rows: Literal[][] }
  /** "A2", "A2:A10", "A:A", "2:4", "'My tab'!B2:B": a range, with its sheet or not. */
  | { kind: 'reference'; text: string }
  /** A bare name such as `Emails`: what Sheets would look up as a named range. */
  | { kind: 'name'; text: string }
  /** Something to calculate first (`A2+1`, `TRIM(A2)`): beyond the playground. */
  | { kind: 'expression'; text: string }
  /** A literal Sheets refuses, with what the cell shows and the reason on hover. */
  | { kind: 'error'; shows: string; message: string };

export type ParsedFormula =
  | { kind: 'call'; name: string; args: FormulaArgument[] }
  /** Not one function call: arithmetic, a lone reference, a call inside something bigger. */
  | { kind: 'expression' }
  /** An unclosed quote, bracket or brace: Sheets says "Formula parse error." */
  | { kind: 'invalid' };

const NAME_AND_OPEN = /^([A-Za-z_][\w.]*)\s*\(/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;
/** A reference's sheet and its "!": quoted ('My tab'!) or bare (Leads!). A pattern's source. */
export const SHEET = String.raw`(?:'(?:[^']|'')+'|[A-Za-z0-9_.]+)!`;
/** One corner of a range: a cell, a column or a row, each part `$`-fixed or not. A pattern's source. */
export const CORNER = String.raw`\$?[A-Za-z]{1,3}\$?\d*|\$?\d+`;
const REFERENCE = new RegExp(String.raw`^(${SHEET})?(?:${CORNER})(?::(?:${CORNER}))?$`);
const NAME = /^[A-Za-z_\\][\w.]*$/;
const RAGGED_ARRAY = 'In ARRAY_LITERAL, an Array Literal was missing values for one or more rows.';

export function parseFormula(formula: string): ParsedFormula {
  const text = formula.trim();
  if (!text.startsWith('=')) return { kind: 'expression' };
  const body = text.slice(1).trim();
  if (!balanced(body)) return { kind: 'invalid' };
  const head = NAME_AND_OPEN.exec(body);
  if (head === null) return { kind: 'expression' };
  const inside = body.slice(head[0].length);
  const end = closingParenthesis(inside);
  // "=F(1)+1": the call is only part of the formula.
  if (end !== inside.length - 1) return { kind: 'expression' };
  const parts = splitTopLevel(inside.slice(0, end));
  const args = parts.texts.map((part) => readArgument(part, parts.separator));
  return { kind: 'call', name: head[1], args: args.length === 1 && args[0].kind === 'empty' ? [] : args };
}

/**
 * Why the playground keeps `formula` as text rather than working it out, for the cell's hover
 * and the page's note; null when it can run it (or when Sheets itself would show an error).
 */
export function unsupportedNote(formula: string, parsed = parseFormula(formula)): string | null {
  if (parsed.kind === 'expression') {
    return (
      `The playground works out only a formula that calls one of the add-on's functions, such as ` +
      `=EMAIL_SEARCH(A2:A10). Google Sheets would calculate ${formula.trim()}; here the cell keeps it as text.`
    );
  }
  if (parsed.kind !== 'call') return null;
  const expression = parsed.args.find((arg) => arg.kind === 'expression');
  if (expression === undefined || expression.kind !== 'expression') return null;
  return (
    `The playground passes the add-on's functions only cells, ranges, text in quotes, numbers and ` +
    `TRUE or FALSE. Google Sheets would work out ${expression.text} first; here the cell keeps the formula as text.`
  );
}

/**
 * Each character of the text outside "quoted" strings (the quotes left out), with how many
 * brackets and braces the text had opened and not closed before it.
 */
function* outsideQuotes(text: string): Generator<{ char: string; index: number; depth: number }> {
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted) {
      yield { char, index, depth };
      if (char === '(' || char === '{') depth += 1;
      else if (char === ')' || char === '}') depth -= 1;
    }
  }
}

/**
 * Which argument a caret is in, from the text typed between a call's "(" and the caret (0 for the
 * first); null once the call's parenthesis is closed. The separator is read as `parseFormula`
 * reads it: `;` where the text has one at its top level, else `,`.
 */
export function argumentAt(typed: string): number | null {
  if (closingParenthesis(typed) !== -1) return null;
  return splitTopLevel(typed).texts.length - 1;
}

/** Quotes closed, brackets and braces closed in order. */
function balanced(text: string): boolean {
  if (text.split('"').length % 2 === 0) return false;
  const open: string[] = [];
  for (const { char } of outsideQuotes(text)) {
    if (char === '(' || char === '{') open.push(char);
    else if (char === ')' || char === '}') {
      if (open.pop() !== (char === ')' ? '(' : '{')) return false;
    }
  }
  return open.length === 0;
}

/** Where the parenthesis that the text's caller opened closes (the text starts just after it). */
function closingParenthesis(text: string): number {
  for (const { char, index, depth } of outsideQuotes(text)) {
    if (depth === 0 && (char === ')' || char === '}')) return index;
  }
  return -1;
}

/** Splits at the separators outside quotes, brackets and braces: `;` if there is one, else `,`. */
function splitTopLevel(text: string): { texts: string[]; separator: ';' | ',' } {
  const cuts: { index: number; char: string }[] = [];
  for (const { char, index, depth } of outsideQuotes(text)) {
    if (depth === 0 && (char === ',' || char === ';')) cuts.push({ index, char });
  }
  const separator = cuts.some((cut) => cut.char === ';') ? ';' : ',';
  const at = cuts.filter((cut) => cut.char === separator).map((cut) => cut.index);
  return { texts: cutAt(text, at), separator };
}

/** The pieces of the text between the characters at `indexes` (in order), those characters left out. */
function cutAt(text: string, indexes: readonly number[]): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const index of indexes) {
    pieces.push(text.slice(start, index));
    start = index + 1;
  }
  pieces.push(text.slice(start));
  return pieces;
}

function readArgument(text: string, separator: ';' | ','): FormulaArgument {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const literal = readLiteral(trimmed, separator);
  if (literal !== null) return { kind: 'literal', value: literal };
  if (
    trimmed.startsWith('{') &&
    trimmed.endsWith('}') &&
    closingParenthesis(trimmed.slice(1)) === trimmed.length - 2
  )
    return readArray(trimmed.slice(1, -1), trimmed);
  if (REFERENCE.test(trimmed) && isRange(trimmed)) return { kind: 'reference', text: trimmed };
  if (NAME.test(trimmed)) return { kind: 'name', text: trimmed };
  return { kind: 'expression', text: trimmed };
}

function readLiteral(text: string, separator: ';' | ','): Literal | null {
  // Inside the quotes, a quote is written twice: a lone one means more than one piece of text.
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    const inner = text.slice(1, -1);
    if (!inner.replace(/""/g, '').includes('"')) return inner.replace(/""/g, '"');
  }
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (NUMBER.test(text)) return Number(text);
  if (separator === ';' && DECIMAL_COMMA.test(text)) return Number(text.replace(',', '.'));
  return null;
}

/** "A2", "A2:B3", "A:A", "2:4": a lone corner needs a column and a row ("ABC" is a name). */
function isRange(reference: string): boolean {
  const cells = reference.slice(reference.lastIndexOf('!') + 1);
  return cells.includes(':') || (/[A-Za-z]/.test(cells) && /\d/.test(cells));
}

/** `{1, 2; 3, 4}`: rows end at `;`, columns split at `,` or `\`; the elements are literals. */
function readArray(inside: string, whole: string): FormulaArgument {
  const rows: Literal[][] = [];
  for (const rowText of splitOutsideQuotes(inside, ';')) {
    const row: Literal[] = [];
    for (const element of splitOutsideQuotes(rowText, ',\\')) {
      const value = readLiteral(element.trim(), ',');
      if (value === null) return { kind: 'expression', text: whole };
      row.push(value);
    }
    rows.push(row);
  }
  if (rows.some((row) => row.length !== rows[0].length))
    return { kind: 'error', shows: '#VALUE!', message: RAGGED_ARRAY };
  return { kind: 'array', rows };
}

/** Splits at any of `separators` outside quotes, whatever the brackets (array elements are literals). */
function splitOutsideQuotes(text: string, separators: string): string[] {
  const at: number[] = [];
  for (const { char, index } of outsideQuotes(text)) if (separators.includes(char)) at.push(index);
  return cutAt(text, at);
}
