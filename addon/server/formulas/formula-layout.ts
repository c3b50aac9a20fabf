/**
 * Whether a custom function's rows start with a header row. The rows of =INFLUENCER_REPORT(A2:A4)
 * typed in C2 must sit beside their inputs (A2's report in row 2), so there is no header unless
 * one is asked for or has a row of its own to stand in.
 */

/** What a formula knows about where it stands (see formula-place.ts for how it finds out). */
export interface LayoutFacts {
  /** The with_header argument: TRUE, FALSE, or null when left out (or an empty cell). */
  asked: boolean | null;
  /** The row of the formula's own cell; null when unknown. */
  formulaRow: number | null;
  /**
   * The first row of the input range (A2:A4 -> 2, A:A -> 1); null when the input is no plain
   * range (a value, an array literal, another function's answer) or unknown.
   */
  inputRow: number | null;
  /** The input's first cell reads as a column label ("E-mail", "Instagram handle"), not as data. */
  firstCellIsLabel: boolean;
}

export interface FormulaLayout {
  /** The rows start with the header row (column labels). */
  header: boolean;
  /**
   * The input's first cell is its column's label: it is not looked up, and the header row takes
   * its place, so that every row below still sits beside its input.
   */
  labelRow: boolean;
}

const ROWS_ONLY: FormulaLayout = { header: false, labelRow: false };

/**
 * The rule, first match wins:
 * 1. with_header FALSE: rows only, every input cell is data (as the user said).
 * 2. The input starts at row 1 with a label (=EMAIL_SEARCH(A:A) under "E-mail"): the header row
 *    answers the label's row and the data rows follow, one per input row.
 * 3. with_header TRUE: the header row, then the rows.
 * 4. The formula stands above its input's first row (=INFLUENCER_REPORT(A2:A4) in C1): it is in
 *    the header row, so the header goes there and the rows start beside the input.
 * 5. Otherwise rows only: the first row is the first input's (C2 beside A2).
 */
export function formulaLayout(facts: LayoutFacts): FormulaLayout {
  if (facts.asked === false) return ROWS_ONLY;
  if (facts.inputRow === 1 && facts.firstCellIsLabel) return { header: true, labelRow: true };
  if (facts.asked === true) return { header: true, labelRow: false };
  if (facts.formulaRow !== null && facts.inputRow !== null && facts.formulaRow < facts.inputRow) {
    return { header: true, labelRow: false };
  }
  return ROWS_ONLY;
}
