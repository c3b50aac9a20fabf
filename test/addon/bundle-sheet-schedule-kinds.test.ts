import type { ScheduleCheck, ScheduleForm, ScheduleView } from '../../addon/bridge-contract/schedules-api';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import type { BundleWorld } from './bundle-world';
import { startSharedSheetBundle, type SharedSheetBundle } from './shared-sheet-bundle';

/**
 * Issue 26, the add-on runner's other kinds, from the built bundle against a real worker: in a
 * domain that refuses sharing outside it, an e-mail schedule runs from this sheet, its addresses
 * looked up through the worker with the document key, written as the worker's runner writes them,
 * and its credits counted by the worker from its ledger: the first run what it bought, a run the
 * worker's cache answers 0.
 */

jest.setTimeout(180_000);

const BO = 'bo@team.com';
const SHEET = '1LockedDownDomainSheetOfBoEmails000000000000';

let shared: SharedSheetBundle;
let world: BundleWorld;
let fakes: AppsScriptFakes;

beforeAll(async () => {
  shared = await startSharedSheetBundle({ BUNDLE_HANDLES: '3', BUNDLE_EMAILS: '6' });
  ({ world } = shared);
});
afterAll(async () => {
  await shared?.close();
});

const form: ScheduleForm = {
  name: 'Weekly addresses',
  kind: 'email-search',
  input: 'Addresses!A2',
  platform: '',
  fields: '',
  output: 'Creators found!A1',
  mode: 'replace',
  cadence: { every: 'week', day: 1, hour: 9 },
};

function tab(name: string): unknown[][] {
  const sheet = fakes.spreadsheet.getSheetByName(name);
  return sheet === null ? [] : sheet.getDataRange().getValues();
}

describe('an e-mail schedule run from the sheet in a locked-down domain', () => {
  it('looks the addresses up with the document key, writes the worker layout, and records the ledger credits', () => {
    fakes = world.load({ connected: false, session: { activeUserEmail: BO }, spreadsheet: { id: SHEET } });
    fakes.spreadsheet.setOutsideSharing('team.com');
    shared.use(fakes);
    expect(fakes.runtime.callFromClient('connect')).toMatchObject({ formulas: { email: BO, byYou: true } });
    expect(fakes.runtime.callFromClient('shareWithWorker')).toMatchObject({
      shared: false,
      domainPolicy: true,
    });
    const addresses = fakes.spreadsheet.insertSheet('Addresses');
    addresses.getRange(1, 1).setValue('E-mail');
    const emails = world.emails.slice(0, 4);
    addresses.getRange(2, 1, emails.length, 1).setValues(emails.map((email) => [email]));

    const check = fakes.runtime.callFromClient('checkSchedule', [form]) as ScheduleCheck;
    expect(check.runnerLine).toBe(
      'Runs from this sheet as you: the worker may not write here (outside sharing refused).',
    );
    const made = fakes.runtime.callFromClient('createSchedule', [
      form,
      { approveCredits: check.toApprove, runNow: false },
    ]) as ScheduleView;
    expect(made).toMatchObject({ runner: 'add-on', kind: 'email-search' });

    const first = fakes.runtime.callFromClient('runScheduleNow', [made.id]) as ScheduleView;
    expect(first.lastRun).toMatchObject({ outcome: 'ok', rows: emails.length });
    const paid = first.lastRun?.credits ?? 0;
    expect(paid).toBeGreaterThan(0);
    const found = tab('Creators found');
    expect(found[0][0]).toBe('E-mail');
    expect(String(found[0].find((cell) => String(cell).startsWith('Last refreshed')))).toMatch(
      /^Last refreshed \d{4}-\d\d-\d\d \d\d:\d\d \(/,
    );
    expect(found.slice(1, 1 + emails.length).map((row) => row[0])).toEqual(emails);

    // Again: every address is in the worker's cache, and the ledger says it cost nothing.
    const second = fakes.runtime.callFromClient('runScheduleNow', [made.id]) as ScheduleView;
    expect(second.lastRun).toMatchObject({ outcome: 'ok', rows: emails.length, credits: 0 });
    const history = tab('Creator Sheets history').slice(1);
    expect(history.map((line) => [line[3], line[4], line[5]])).toEqual([
      [emails.length, paid, 'ok'],
      [emails.length, 0, 'ok'],
    ]);
  });
});
