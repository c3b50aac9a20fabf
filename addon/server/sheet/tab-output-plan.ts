import type { TabOutput } from '../../bridge-contract/tab-output';
import { columnLetter } from './a1-notation';
import { newTabDestination, type Destination } from '../jobs/job-destination';
import { listJobRecords } from '../jobs/job-records';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Where a table goes when the user names its tab (issue 15): a new tab each run, as before, or the
 * tab of that name, replaced or added to below its table. Everything that can refuse is checked
 * when planning, before the worker is asked for anything that costs; the tab is made, cleared or
 * measured only once the worker has accepted the work (the maker the plan answers).
 */

export interface TabOutputPlan {
  /** The name asked for (blank for `fallbackName`). */
  output: TabOutput;
  /** The name the action suggests: "Search instagram", "List Summer". */
  fallbackName: string;
  /** Columns the table has. */
  width: number;
  /** Its header, to check an existing table against; null when only the answer says (append refused). */
  header: readonly string[] | null;
  /** What writes it, for the sentences: "this search", "the list's members". */
  what: string;
  /** The tab the input is read from: replacing or adding to it would lose or mix the input. */
  inputSheetId?: number;
}

/** Sheets refuses tab names longer than this. */
const MAX_TAB_NAME = 100;

/** A name as Sheets takes it: one line (a name pasted from a cell), trimmed, at most 100 characters. */
export function cleanTabName(wanted: string, fallback: string): string {
  const cleaned = wanted.replace(/\s+/g, ' ').trim();
  return (cleaned === '' ? fallback.replace(/\s+/g, ' ').trim() || 'Creator Sheets' : cleaned).slice(
    0,
    MAX_TAB_NAME,
  );
}

/** Sheets compares tab names without case: "leads" is taken when "Leads" exists. */
function findTab(name: string): Sheet | null {
  const lower = name.toLowerCase();
  for (const sheet of SpreadsheetApp.getActiveSpreadsheet().getSheets()) {
    if (sheet.getName().toLowerCase() === lower) return sheet;
  }
  return null;
}

function sameLabel(a: unknown, b: string): boolean {
  return (
    String(a ?? '')
      .trim()
      .toLowerCase() === b.trim().toLowerCase()
  );
}

/** Refuses a header that is not the table's, naming the first column that differs. */
function requireSameHeader(sheet: Sheet, plan: TabOutputPlan): void {
  const name = sheet.getName();
  if (plan.header === null) {
    throw new Error(
      `The columns of ${plan.what} come from the answer, so it cannot be added below the table in "${name}": ` +
        'choose "replace" or a new tab.',
    );
  }
  const width = plan.header.length;
  const columns = Math.min(width, sheet.getMaxColumns());
  const found = columns < 1 ? [] : sheet.getRange(1, 1, 1, columns).getValues()[0];
  for (let i = 0; i < width; i++) {
    if (sameLabel(found[i], plan.header[i])) continue;
    const there = String(found[i] ?? '').trim();
    throw new Error(
      `The tab "${name}" holds another table: its column ${columnLetter(i + 1)} is ` +
        `${there === '' ? 'empty' : `"${there}"`} in row 1, where ${plan.what} writes "${plan.header[i]}". ` +
        'Nothing was started: choose "replace", another tab, or a new tab.',
    );
  }
}

/** A job of this document still writing into the tab would mix its rows with these. */
function requireNoJobWriting(sheet: Sheet): void {
  const id = sheet.getSheetId();
  const busy = listJobRecords().some(
    (record) => record.finishedAt === null && record.destination.sheetId === id,
  );
  if (busy) {
    throw new Error(
      `A job is still writing into the tab "${sheet.getName()}": wait until it is done (see the jobs list), ` +
        'or choose another tab.',
    );
  }
}

function requireNotInput(sheet: Sheet, plan: TabOutputPlan): void {
  if (plan.inputSheetId === undefined || sheet.getSheetId() !== plan.inputSheetId) return;
  throw new Error(
    `The input is read from the tab "${sheet.getName()}": writing the results there would ` +
      `${plan.output.mode === 'replace' ? 'delete it' : 'mix them with it'}. Choose another tab.`,
  );
}

/** The whole tab from its first row: header in row 1, rows from row 2. */
function fromTop(sheet: Sheet, plan: TabOutputPlan, total: number, mode: 'replace' | 'append'): Destination {
  return {
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    headerRow: 1,
    firstDataRow: 2,
    firstColumn: 1,
    width: plan.width,
    rows: total,
    // The header is frozen as on a tab of our own.
    newTab: true,
    mode,
  };
}

/** Below the last row holding anything, under the header already there. */
function below(sheet: Sheet, plan: TabOutputPlan, total: number): Destination {
  const lastRow = sheet.getLastRow();
  if (lastRow === 0) return fromTop(sheet, plan, total, 'append');
  return {
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    headerRow: null,
    firstDataRow: lastRow + 1,
    firstColumn: 1,
    width: plan.width,
    rows: total,
    newTab: false,
    mode: 'append',
  };
}

/**
 * Checks the plan (a running job in the tab, the input's tab, a header that differs) and answers
 * what makes the destination once the work is accepted: a new tab; the named tab cleared; or the
 * rows below its table. A named tab that does not exist yet is made, with the header.
 */
export function planTabOutput(plan: TabOutputPlan): (total: number) => Destination {
  const name = cleanTabName(plan.output.name, plan.fallbackName);
  if (plan.output.mode === 'new') return (total) => newTabDestination(name, plan.width, total);
  const existing = findTab(name);
  if (existing === null) {
    return (total) => ({ ...newTabDestination(name, plan.width, total), mode: plan.output.mode });
  }
  requireNotInput(existing, plan);
  requireNoJobWriting(existing);
  if (plan.output.mode === 'append') {
    if (existing.getLastRow() > 0) requireSameHeader(existing, plan);
    return (total) => below(existing, plan, total);
  }
  return (total) => {
    // Values and formats both: the new table's formats are set before its rows.
    existing.clear();
    return fromTop(existing, plan, total, 'replace');
  };
}
