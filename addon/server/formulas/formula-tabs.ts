import { withoutStrings } from './formula-place';

/** A tab named in a reference: 'My tab'! (quotes doubled inside) or Leads!. */
const TAB_REFERENCE = /(?:'((?:[^']|'')+)'|([A-Za-z0-9_.]+))!/g;

/**
 * The tabs `formula` refers to that `tabs` lacks, as Sheets names them in its error
 * ("Unresolved sheet name 'Leads'"). Tab names compare without case, as Sheets compares them.
 */
export function missingTabsOf(formula: string, tabs: readonly string[]): string[] {
  const known = tabs.map((tab) => tab.toLowerCase());
  const missing: string[] = [];
  const text = withoutStrings(formula);
  TAB_REFERENCE.lastIndex = 0;
  for (let match = TAB_REFERENCE.exec(text); match !== null; match = TAB_REFERENCE.exec(text)) {
    const tab = match[1] === undefined ? match[2] : match[1].replace(/''/g, "'");
    if (known.indexOf(tab.toLowerCase()) < 0 && missing.indexOf(tab) < 0) missing.push(tab);
  }
  return missing;
}
