import type { FormulaRefreshView, SkippedFormula } from './formula-refresh-api';

/**
 * What a refresh of the add-on's formulas says, in the menu's toast and in the sidebar after
 * Connect: how many were refreshed, and every cell left alone with its reason, so that one broken
 * formula is found and the rest are known to be fine.
 */

/** A toast has room for a few cells; the rest are counted. */
const NAMED_SKIPS = 3;

function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

function withoutFullStop(text: string): string {
  return text.trim().replace(/\.+$/, '');
}

/** "; skipped Formulas!C5 (Range not found)", or "" when nothing was skipped. */
function skippedText(skipped: readonly SkippedFormula[]): string {
  if (skipped.length === 0) return '';
  const named = skipped
    .slice(0, NAMED_SKIPS)
    .map((skip) => `${skip.where} (${withoutFullStop(skip.reason)})`)
    .join(', ');
  const more = skipped.length - NAMED_SKIPS;
  return `; skipped ${named}${more > 0 ? ` and ${more} more` : ''}`;
}

/** "Refreshed 14 Creator Sheets formulas; skipped Formulas!C5 (Range not found)." */
export function formulaRefreshText(outcome: FormulaRefreshView): string {
  if (outcome.refreshed === 0 && outcome.skipped.length === 0) {
    return 'No Creator Sheets formulas in this spreadsheet.';
  }
  return `Refreshed ${countOf(outcome.refreshed, 'Creator Sheets formula')}${skippedText(outcome.skipped)}.`;
}

/**
 * After Connect: 'Refreshed 3 formulas that said "Not connected".', or "" when none did (nothing
 * to say beside "Connected").
 */
export function reconnectedFormulasText(outcome: FormulaRefreshView | null): string {
  if (outcome === null || (outcome.refreshed === 0 && outcome.skipped.length === 0)) return '';
  const count = outcome.refreshed + outcome.skipped.length;
  const said = `${count === 1 ? 'formula' : 'formulas'} that said “Not connected”`;
  if (outcome.refreshed === count) {
    return `Refreshed the ${count === 1 ? '' : `${count.toLocaleString('en-US')} `}${said}.`;
  }
  return `Refreshed ${outcome.refreshed.toLocaleString('en-US')} of the ${count.toLocaleString('en-US')} ${said}${skippedText(outcome.skipped)}.`;
}
