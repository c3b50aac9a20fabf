/** A formula that Refresh formulas left as it was, and why. */
export interface SkippedFormula {
  /** "Formulas!C5"; a tab's name alone when its formulas could not be read at all. */
  where: string;
  /** The sentence Sheets gave, such as "Range not found". */
  reason: string;
}

/** What a refresh of the add-on's formulas did: never thrown away for one cell that failed. */
export interface FormulaRefreshView {
  /** Formulas set again, which Sheets recalculates. */
  refreshed: number;
  skipped: SkippedFormula[];
}
