import { createElement } from '../ui/create-element';
import { detailsGroup } from '../ui/form-fields';

/**
 * The sidebar's help on the add-on's formulas (Settings, beside who pays for them): what each
 * function answers, where its rows go, and what #REF! means, which Sheets leaves unexplained in
 * the cell. Says what the functions' own help (their JSDoc in addon/server/formulas/custom-functions.ts)
 * says, shorter.
 */

interface FunctionHelp {
  example: string;
  text: string;
}

const FUNCTIONS: readonly FunctionHelp[] = [
  {
    example: '=INFLUENCER_REPORT(A2:A200, "instagram")',
    text: 'a creator report per handle or profile URL; fields such as "followers, engagement_rate" third.',
  },
  { example: '=EMAIL_SEARCH(A2:A1000)', text: 'the creator account behind each e-mail address.' },
  {
    example: '=AUDIENCE_OVERLAP(A2:A6, "instagram")',
    text: 'how much the audiences of 2 or more creators overlap, with a totals row.',
  },
];

const FORMULA_HELP_NOTES: readonly string[] = [
  'Rows line up with their input: typed in C2 beside A2:A200, the row for A2 is in row 2. A header ' +
    'row comes first only with TRUE as the last argument (with_header), when the formula stands ' +
    'above its input (in C1 for A2:A200), or when the input starts with its own label in row 1 (A:A).',
  'Numbers are rounded as this sidebar shows them: format a column as percent to read 0.0416 as 4.16%.',
  '#REF! means the rows would overwrite data (Sheets says “Array result was not expanded because it ' +
    'would overwrite data in D3”): empty the cells below and right of the formula, or move it.',
  'Rows that say “Still fetching” fill in with Extensions > Creator Sheets > Refresh formulas; ' +
    'formulas that say “Not connected” refresh by themselves once you connect.',
];

export function createFormulaHelp(): HTMLDetailsElement {
  const list = createElement(
    'ul',
    { class: 'formula-help' },
    FUNCTIONS.map((entry) =>
      createElement('li', {}, [createElement('code', {}, [entry.example]), `: ${entry.text}`]),
    ),
  );
  const notes = FORMULA_HELP_NOTES.map((note) => createElement('p', { class: 'hint' }, [note]));
  return detailsGroup('Formulas in cells', false, [list, ...notes], 'formula-help');
}
