import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScheduleCheck, ScheduleForm, ScheduleView } from '../../addon/shared/schedules-api';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { makeSigningKey, TEST_CLIENT_ID } from '../../worker/playground/fake-google';
import {
  serveSheetsApiEmulator,
  type ServedEmulator,
} from '../../worker/playground/sheets-api/serve-sheets-api-emulator';
import { createServiceAccountKey } from '../../worker/playground/sheets-api/service-account-key';
import {
  createSheetsApiEmulator,
  type SheetsApiEmulator,
} from '../../worker/playground/sheets-api/sheets-api-emulator';
import { DEV_KEY, startBundleWorld, upstreamCalls, type BundleWorld } from './bundle-world';

/**
 * Issue 14's "done when", from the built bundle: Bo sets up a weekly snapshot of 12 creators in
 * the sidebar of a shared sheet, confirms the first run's cost, and closes the sidebar. The worker
 * (its own process, its own service account) writes the tab, stamps it, logs the history line and
 * draws the growth chart through Google (the Sheets API emulator over the very spreadsheet the
 * add-on sees); a later run costs nothing.
 */

jest.setTimeout(180_000);

const BO = 'bo@team.com';
const HANDLES = 12;

let emulator: SheetsApiEmulator;
let served: ServedEmulator;
let world: BundleWorld;
let keyDir: string;
let current: AppsScriptFakes | null = null;
const account = createServiceAccountKey({ clientEmail: 'reports@team-project.iam.gserviceaccount.com' });

beforeAll(async () => {
  emulator = createSheetsApiEmulator({
    spreadsheets: (id) =>
      current !== null && current.spreadsheet.getId() === id ? current.spreadsheet : null,
  });
  emulator.addServiceAccount({
    clientEmail: account.clientEmail,
    publicKeyPem: account.publicKeyPem,
    keyId: account.keyId,
  });
  served = await serveSheetsApiEmulator(emulator);
  keyDir = mkdtempSync(join(tmpdir(), 'bundle-schedules-'));
  const keyFile = join(keyDir, 'service-account.json');
  writeFileSync(keyFile, JSON.stringify(account.keyFile));
  world = await startBundleWorld({
    googleKeys: [makeSigningKey('bundle-schedules-key')],
    env: {
      GOOGLE_CLIENT_IDS: TEST_CLIENT_ID,
      ALLOWED_DOMAINS: 'team.com',
      GOOGLE_APPLICATION_CREDENTIALS: keyFile,
      GOOGLE_API_URL: served.url,
      BUNDLE_HANDLES: String(HANDLES),
      BUNDLE_EMAILS: '0',
    },
  });
});

afterAll(async () => {
  await world?.close();
  await served?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const form: ScheduleForm = {
  name: 'Monday creators',
  kind: 'reports',
  input: 'Creators!A2',
  platform: 'instagram',
  fields: 'handle, followers',
  output: 'Growth!A1',
  mode: 'append-snapshot',
  cadence: { every: 'week', day: 1, hour: 9 },
};

/** Waits, with the add-on idle (the test's thread free to answer Google), until `done` holds. */
async function until(done: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function historyLines(fakes: AppsScriptFakes): unknown[][] {
  const tab = fakes.spreadsheet.getSheetByName('Creator Sheets history');
  return tab === null ? [] : tab.getDataRange().getValues().slice(1);
}

describe('A weekly snapshot set up in the sidebar of a shared sheet', () => {
  it('runs with no sidebar open: rows, stamp, history line and chart, paid once', async () => {
    const fakes = world.load({ connected: false, session: { activeUserEmail: BO } });
    current = fakes;
    const documentId = fakes.spreadsheet.getId();
    emulator.share(documentId, account.clientEmail, 'writer');
    expect(fakes.runtime.callFromClient('connect')).toMatchObject({ formulas: { email: BO, byYou: true } });
    const creators = fakes.spreadsheet.insertSheet('Creators');
    const handles = world.handles.instagram.slice(0, HANDLES);
    creators.getRange(1, 1).setValue('Creator');
    creators.getRange(2, 1, HANDLES, 1).setValues(handles.map((handle) => [handle]));
    await world.resetStats();

    // The cost first: 12 new creators, 5 credits a day for the sheet's formulas by default.
    const check = fakes.runtime.callFromClient('checkSchedule', [form]) as ScheduleCheck;
    expect(check).toMatchObject({ toApprove: 7, mayApprove: true, estimate: { unique: HANDLES } });
    expect(check.summary).toContain('confirming approves up to 7 credits more');
    const made = fakes.runtime.callFromClient('createSchedule', [
      form,
      { approveCredits: check.toApprove, runNow: true },
    ]) as ScheduleView;
    expect(made).toMatchObject({ name: 'Monday creators', status: 'active' });

    // The sidebar is closed from here on: only the worker writes.
    await until(() => historyLines(fakes).length === 1, 'the first run');
    const [first] = historyLines(fakes);
    expect(first.slice(1, 4)).toEqual(['Monday creators', BO, HANDLES]);
    expect(first[5]).toBe('ok');
    expect(first[4]).toBe(HANDLES);
    expect(upstreamCalls(await world.stats(), 'report')).toBe(HANDLES);
    const growth = fakes.spreadsheet.getSheetByName('Growth');
    if (growth === null) throw new Error('no Growth tab');
    expect(growth.getRange(1, 1, 1, 3).getValues()[0]).toEqual(['Date', 'Handle', 'Followers']);
    expect(String(growth.getRange(1, 4).getValue())).toMatch(/^Last refreshed /);
    expect(growth.getRange(2, 2, HANDLES, 1).getValues().flat().map(String).sort()).toEqual(
      [...handles].map((handle) => handle.toLowerCase()).sort(),
    );
    const charts = emulator.charts(documentId);
    expect(charts).toHaveLength(1);
    expect(charts[0]).toMatchObject({ sheetId: growth.getSheetId(), spec: { title: 'Followers over time' } });

    // The next run (here asked through the worker's API, as the scheduler would start it): free.
    const answer = await fetch(`${world.url}/api/schedules/${made.id}/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEV_KEY}` },
    });
    expect(answer.status).toBe(202);
    await until(() => historyLines(fakes).length === 2, 'the second run');
    expect(historyLines(fakes)[1].slice(3, 6)).toEqual([HANDLES, 0, 'ok']);
    expect(upstreamCalls(await world.stats(), 'report')).toBe(HANDLES);
    expect(emulator.charts(documentId)).toHaveLength(1);
  });
});
