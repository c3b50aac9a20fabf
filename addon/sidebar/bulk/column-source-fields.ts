import type { ColumnSource, ResultTarget } from '../../bridge-contract/sidebar-api';
import type { TabWriteMode } from '../../bridge-contract/tab-output';
import type { Parsed } from '../ui/number-input';
import { parseOptionalNumber } from '../ui/number-input';

/** The source picker's fields as text, before they are checked. */
export interface ColumnSourceValues {
  kind: 'selection' | 'column';
  sheetName: string;
  column: string;
  firstRow: string;
}

/** One to three letters: a sheet has at most 18,278 columns, the last being ZZZ. */
const COLUMN_LETTERS = /^[A-Z]{1,3}$/;

export function readColumnSource(values: ColumnSourceValues): Parsed<ColumnSource> {
  if (values.kind === 'selection') return { ok: true, value: { kind: 'selection' } };
  const sheetName = values.sheetName.trim();
  if (sheetName === '') {
    return { ok: false, message: 'Type the name of the tab that holds the column, e.g. Sheet1.' };
  }
  const column = values.column.trim().toUpperCase();
  if (!COLUMN_LETTERS.test(column)) {
    return {
      ok: false,
      message: `Column must be a column letter such as B or AC, got "${values.column.trim()}".`,
    };
  }
  const firstRow = parseOptionalNumber(values.firstRow, { label: 'First row', min: 1, integer: true });
  if (!firstRow.ok) return { ok: false, message: `${firstRow.message}.` };
  return { ok: true, value: { kind: 'column', sheetName, column, firstRow: firstRow.value ?? 1 } };
}

export interface ResultTargetValues {
  kind: 'beside' | 'newTab';
  tabName: string;
  /** "Write into" (issue 15): a new tab each run when left out, or the named tab replaced or added to. */
  mode?: TabWriteMode;
}

export function readResultTarget(values: ResultTargetValues): ResultTarget {
  if (values.kind === 'beside') return { kind: 'beside' };
  const name = values.tabName.trim();
  const mode = values.mode === undefined || values.mode === 'new' ? {} : { mode: values.mode };
  return name === '' ? { kind: 'newTab', ...mode } : { kind: 'newTab', name, ...mode };
}

/** A column in words: "Sheet1, column B from row 2". */
export function describeSource(source: ColumnSource): string {
  if (source.kind === 'selection') return 'the selected cells';
  if (source.kind === 'range') return `${source.sheetName}!${source.a1}`;
  return `${source.sheetName}, column ${source.column} from row ${source.firstRow}`;
}
