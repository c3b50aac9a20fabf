import type { FakeSpreadsheet } from './apps-script/spreadsheet';
import type { SampleData } from './host-protocol';
import { typeValues } from './user-edits';

/** The tabs the playground opens with, in order; Leads is selected so Enrich works at once. */
export const SAMPLE_SHEETS = ['Leads', 'Creators', 'Formulas'] as const;
export const SAMPLE_SELECTION = { sheet: 'Leads', range: 'A:A' } as const;

const SAMPLE_EMAILS = 20;
const SAMPLE_HANDLES = 15;

/**
 * Fills the sample spreadsheet: e-mail addresses to enrich, Instagram handles for reports and
 * overlap, and the add-on's formulas with a line on each. Typed as a person would type them, so
 * the formulas run through the add-on (before Connect they say how to connect).
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
  typeValues(spreadsheet, formulas, 1, 1, [
    ['Reports of the first three creators: =INFLUENCER_REPORT(Creators!A2:A4, "instagram")'],
    ['=INFLUENCER_REPORT(Creators!A2:A4, "instagram")'],
  ]);
  typeValues(spreadsheet, formulas, 8, 1, [
    ['Accounts behind the first three addresses: =EMAIL_SEARCH(Leads!A2:A4)'],
    ['=EMAIL_SEARCH(Leads!A2:A4)'],
  ]);
  typeValues(spreadsheet, formulas, 21, 1, [
    ['How much the audiences of three creators overlap: =AUDIENCE_OVERLAP(Creators!A2:A4, "instagram")'],
    ['=AUDIENCE_OVERLAP(Creators!A2:A4, "instagram")'],
  ]);
  typeValues(spreadsheet, formulas, 32, 1, [
    ['Before you connect these say how to; after, use Extensions > Creator Sheets > Refresh formulas.'],
  ]);
}
