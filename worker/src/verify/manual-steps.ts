/**
 * What no stand-in can settle and a person settles once in real Google Sheets, with the add-on
 * installed as a test deployment and connected: the rules of Google's own runtime that the add-on
 * is built on (README, "Deploying" > "The add-on", step 5, makes the test deployment). Printed by
 * `npm run verify:live`, each with what to look for and what the other outcome would mean.
 */
export interface ManualStep {
  title: string;
  steps: readonly string[];
  lookFor: string;
}

export const MANUAL_STEPS: readonly ManualStep[] = [
  {
    title: "A collaborator's formula reads the document key",
    steps: [
      'In a test spreadsheet, open Extensions > Creator Sheets > Settings and Connect (you own the spreadsheet).',
      'Share it as Editor with a second Google account of an allowed domain that has never connected.',
      'As that account, type =INFLUENCER_REPORT("@instagram", "instagram") in an empty cell.',
    ],
    lookFor:
      'A report row: their formula read the document key from document properties, and the ' +
      'spend shows against the document in Settings. "Not connected" or an authorization error means Google ' +
      "does not let a collaborator's custom function read them: formulas then work only for whoever connected.",
  },
  {
    title: 'What an #N/A argument becomes',
    steps: [
      'Type =NA() in A2 and @instagram in A3.',
      'Type =INFLUENCER_REPORT(A2:A3, "instagram") in B2, and =EMAIL_SEARCH(A2) in D2.',
    ],
    lookFor:
      'What B2 and D2 show for row 2: #N/A over the whole formula (Sheets does not call a custom ' +
      'function with an error argument), a sentence quoting "#N/A" (it passes the error as text), or an ' +
      'empty row (it passes it as empty). Row 3 must hold the report either way; write down which of the three it was.',
  },
  {
    title: 'Refresh formulas fills in what was still fetching',
    steps: [
      'Type =INFLUENCER_REPORT(A2:A40, "instagram") beside 39 handles the worker has not fetched yet, so that some rows say "Still fetching".',
      'Wait a minute, then choose Extensions > Creator Sheets > Refresh formulas.',
    ],
    lookFor:
      'The rows fill in, the formula keeps its text, and Account shows no credits for the refresh ' +
      '(the rows come from the worker\'s cache). A cell left empty or stuck on "Loading..." means Sheets did ' +
      'not recalculate a formula set back to its own text.',
  },
  {
    title: 'A formula knows its own cell',
    steps: [
      'Put three handles in A2:A4, then type =INFLUENCER_REPORT(A2:A4, "instagram") in C1 and again in E2.',
    ],
    lookFor:
      'C1 starts with a header row (the formula stands above its input) and E2 does not. No header ' +
      'in C1 means a custom function cannot read its own cell (SpreadsheetApp.getActiveRange()): pass with_header TRUE.',
  },
];
