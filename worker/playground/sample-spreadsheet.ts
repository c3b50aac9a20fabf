import type { FakeSpreadsheet } from './apps-script/spreadsheet/spreadsheet';
import type { SampleData } from './host-protocol';
import { typeValues } from './user-edits';

/** The tabs the playground opens with, in order; Leads is selected so Enrich works at once. */
export const SAMPLE_SHEETS = ['Leads', 'Creators', 'Formulas'] as const;
export const SAMPLE_SELECTION = { sheet: 'Leads', range: 'A:A' } as const;

const SAMPLE_EMAILS = 20;
const SAMPLE_HANDLES = 15;
/**
 * Inputs of the report and overlap formulas on the Formulas tab, and of the e-mail one. Within
 * the default formula allowance (FORMULA_ALLOWANCE_DAY, 5 credits) with room to spare (issue 25):
 * two reports (2 credits), their overlap (1) and three addresses (at most 0.06) leave about 2
 * credits, so a newcomer's first formula (the README's, =INFLUENCER_REPORT(A2:A4) on the Creators
 * tab: two of its creators already fetched) needs no approval.
 */
const SAMPLE_REPORT_ROWS = 2;
const SAMPLE_EMAIL_ROWS = 3;

/**
 * Fills the sample spreadsheet: e-mail addresses to enrich, Instagram handles for reports and
 * overlap, and the add-on's formulas beside inputs of their own, with a line on each. Typed as a
 * person would type them, so the formulas run through the add-on (before Connect they say how to
 * connect; Connect refreshes them).
 */
export function fillSampleSpreadsheet(spreadsheet: FakeSpreadsheet, sample: SampleData): void {
  const leads = spreadsheet.requireSheet('Leads');
  typeValues(spreadsheet, leads, 1, 1, [
    ['E-mail'],
    ...sample.emails.slice(0, SAMPLE_EMAILS).map((e) => [e]),
  ]);

  const creators = spreadsheet.requireSheet('Creators');
  const handles = sample.handles.instagram.slice(0, SAMPLE_HANDLES).map((handle) => [`@${handle}`]);
  typeValues(spreadsheet, creators, 1, 1, [['Instagram handle'], ...handles]);

  const formulas = spreadsheet.requireSheet('Formulas');
  // Where the user looks first: before Connect every formula below says "Not connected".
  typeValues(spreadsheet, formulas, 1, 1, [
    [
      'Connect (Extensions > Creator Sheets > Settings) and these formulas fill in by themselves; ' +
        'rows that say "Still fetching" fill in with Extensions > Creator Sheets > Refresh formulas.',
    ],
  ]);
  // Each formula stands in its input's header row, so the header goes there and every row of the
  // answer sits beside its input. Inputs first: a formula typed in the same paste as its inputs
  // would run before they are there.
  typeValues(spreadsheet, formulas, 3, 1, [
    ['A report beside each handle: =INFLUENCER_REPORT(A5:A6, "instagram") in B4, the header row.'],
    ['Instagram handle'],
    ...handles.slice(0, SAMPLE_REPORT_ROWS),
  ]);
  typeValues(spreadsheet, formulas, 4, 2, [['=INFLUENCER_REPORT(A5:A6, "instagram")']]);
  typeValues(spreadsheet, formulas, 9, 1, [
    ['The account behind each address: =EMAIL_SEARCH(A11:A13) in B10, the header row.'],
    ['E-mail'],
    ...sample.emails.slice(0, SAMPLE_EMAIL_ROWS).map((email) => [email]),
  ]);
  typeValues(spreadsheet, formulas, 10, 2, [['=EMAIL_SEARCH(A11:A13)']]);
  // No input beside it (the overlap of a set has a row per creator and a total): a header asked for.
  typeValues(spreadsheet, formulas, 15, 1, [
    ['How much the audiences of those creators overlap: =AUDIENCE_OVERLAP(A5:A6, "instagram", TRUE)'],
    ['=AUDIENCE_OVERLAP(A5:A6, "instagram", TRUE)'],
  ]);
}
