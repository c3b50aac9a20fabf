import type { FormulaRefreshView, SkippedFormula } from '../../bridge-contract/formula-refresh-api';
import { rangeA1, sheetA1 } from '../sheet/a1-notation';
import { missingTabsOf } from './formula-tabs';
import { sentenceOf } from '../worker-client/worker-failure';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Range = GoogleAppsScript.Spreadsheet.Range;

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

export interface RefreshOptions {
  /**
   * Refresh only the formulas whose own cell shows a value this accepts (after Connect: the ones
   * that say "Not connected"); every one of the add-on's formulas when left out.
   */
  showing?: (shown: unknown) => boolean;
}

interface Target {
  /** "Formulas!C5", as the user finds it. */
  where: string;
  range: Range;
  formula: string;
}

/** The formulas of one tab to refresh; throws when the tab cannot be read. */
function targetsOf(sheet: Sheet, options: RefreshOptions): Target[] {
  if (sheet.getLastRow() === 0) return [];
  const range = sheet.getDataRange();
  const cells = findAddonFormulas(range.getFormulas());
  if (cells.length === 0) return [];
  const shown = options.showing === undefined ? null : range.getValues();
  const name = sheet.getName();
  const top = range.getRow();
  const left = range.getColumn();
  return cells
    .filter((cell) => shown === null || options.showing?.(shown[cell.row]?.[cell.column]) === true)
    .map((cell) => ({
      where: sheetA1(name, rangeA1(top + cell.row, left + cell.column)),
      range: sheet.getRange(top + cell.row, left + cell.column),
      formula: cell.formula,
    }));
}

/**
 * Why a formula is not worth setting again, or null: one that names a missing tab can only show
 * #REF!, whatever is refreshed (Sheets' own words for it, which the cell's hover shows too).
 */
function hopeless(target: Target, tabs: readonly string[]): string | null {
  const [missing] = missingTabsOf(target.formula, tabs);
  return missing === undefined ? null : `Unresolved sheet name '${missing}'`;
}

/** Sets the cell's formula; a failure is noted as a skip, never thrown. */
function trySet(target: Target, formula: string, skipped: SkippedFormula[]): boolean {
  try {
    target.range.setFormula(formula);
    return true;
  } catch (error) {
    skipped.push({ where: target.where, reason: reasonAfterFailure(target, error, formula) });
    return false;
  }
}

/** Why a cell was skipped, and what to retype should Sheets have left it empty. */
function reasonAfterFailure(target: Target, error: unknown, attempted: string): string {
  const reason = sentenceOf(error);
  if (attempted === '') return reason;
  try {
    if (target.range.getFormula() !== '') return reason;
  } catch {
    // Unreadable too: say what to retype, to be safe.
  }
  return `${reason}; type ${target.formula} again`;
}

/**
 * Recalculates this add-on's formulas in the active spreadsheet: Sheets does not recalculate a
 * formula set to its own text, so each is cleared, the change flushed, and the formula set again.
 * Rows that said "Still fetching" then come from the worker's cache (free); final answers come
 * from the add-on's cache, since those are the only ones it keeps. A cell that cannot be read or
 * set again (a reference to a missing tab, a protected cell, a formula Sheets refuses) is skipped
 * and named with its reason, and every other formula is still refreshed: one broken cell never
 * blocks the rest.
 */
export function refreshAddonFormulas(options: RefreshOptions = {}): FormulaRefreshView {
  const skipped: SkippedFormula[] = [];
  const sheets = SpreadsheetApp.getActiveSpreadsheet().getSheets();
  const tabs = sheets.map((sheet) => sheet.getName());
  let refreshed = 0;
  sheets.forEach((sheet, index) => {
    try {
      refreshed += refreshTab(targetsOf(sheet, options), tabs, skipped);
    } catch (error) {
      // The tab could not be read at all: the other tabs still are.
      skipped.push({ where: tabs[index], reason: sentenceOf(error) });
    }
  });
  return { refreshed, skipped };
}

/** One tab's formulas, cleared together, flushed once, set again; answers how many took. */
function refreshTab(targets: readonly Target[], tabs: readonly string[], skipped: SkippedFormula[]): number {
  const settable = targets.filter((target) => {
    const reason = hopeless(target, tabs);
    if (reason !== null) skipped.push({ where: target.where, reason });
    return reason === null;
  });
  if (settable.length === 0) return 0;
  const cleared = settable.filter((target) => trySet(target, '', skipped));
  SpreadsheetApp.flush();
  return cleared.filter((target) => trySet(target, target.formula, skipped)).length;
}

/** After Connect: the formulas that said so, not the ones already showing rows. */
export function saysNotConnected(shown: unknown): boolean {
  return typeof shown === 'string' && shown.indexOf('Not connected') === 0;
}
