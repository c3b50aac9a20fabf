import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../../worker/playground/apps-script/create-fakes';
import {
  serveSheetsApiEmulator,
  type ServedEmulator,
} from '../../../../worker/playground/sheets-api/serve-sheets-api-emulator';
import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import {
  createSheetsApiEmulator,
  type SheetsApiEmulator,
} from '../../../../worker/playground/sheets-api/sheets-api-emulator';
import { runServiceAccountChecks } from '../../../../worker/src/verify/service-account-checks';

/**
 * The worker's Google identity as `npm run verify:live` checks it, against the Sheets API emulator
 * through googleapis' real service-account flow: a disabled Sheets API (Google's 403
 * SERVICE_DISABLED) told apart from a spreadsheet not shared (Google's plain 403).
 */

const SHEET = '1VerifyLiveSpreadsheet000000000000000000000';
const PROJECT = '314159265358';
const account = createServiceAccountKey({ clientEmail: 'worker@team-project.iam.gserviceaccount.com' });
const DISABLED_MESSAGE =
  `Google Sheets API has not been used in project ${PROJECT} before or it is disabled. Enable it by visiting ` +
  `https://console.developers.google.com/apis/api/sheets.googleapis.com/overview?project=${PROJECT} then retry. ` +
  'If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.';

let fakes: AppsScriptFakes;
let emulator: SheetsApiEmulator;
let served: ServedEmulator;
let dir: string;
let keyFile: string;

beforeEach(async () => {
  fakes = createAppsScriptFakes({ spreadsheet: { id: SHEET, name: 'Creators', sheets: ['Sheet1'] } });
  emulator = createSheetsApiEmulator({ spreadsheets: (id) => (id === SHEET ? fakes.spreadsheet : null) });
  emulator.addServiceAccount({
    clientEmail: account.clientEmail,
    publicKeyPem: account.publicKeyPem,
    keyId: account.keyId,
    projectNumber: PROJECT,
  });
  served = await serveSheetsApiEmulator(emulator);
  dir = mkdtempSync(join(tmpdir(), 'verify-live-google-'));
  keyFile = join(dir, 'key.json');
  writeFileSync(keyFile, JSON.stringify(account.keyFile));
});
afterEach(async () => {
  await served.close();
  fakes.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const check = (spreadsheetId: string | null) =>
  runServiceAccountChecks({
    sheets: { identity: { kind: 'key-file', path: keyFile }, googleApiUrl: served.url },
    spreadsheetId,
  });

describe('the service account checks', () => {
  it('pass for a spreadsheet shared with the account', async () => {
    emulator.share(SHEET, account.clientEmail, 'writer');
    expect(await check(SHEET)).toEqual([
      { name: 'service account', outcome: 'ok', note: account.clientEmail },
      { name: 'access token', outcome: 'ok', note: `Google issued one to ${account.clientEmail}` },
      { name: 'Sheets API enabled', outcome: 'ok', note: 'yes: Google looked for the spreadsheet' },
      {
        name: 'spreadsheet shared with it',
        outcome: 'ok',
        note: `"Creators" opens as ${account.clientEmail} (read; writing needs Editor, which the first server delivery shows)`,
      },
    ]);
  });

  it('tell a spreadsheet not shared from a disabled Sheets API', async () => {
    const notShared = await check(SHEET);
    expect(notShared.slice(2)).toEqual([
      { name: 'Sheets API enabled', outcome: 'ok', note: 'yes: Google looked for the spreadsheet' },
      {
        name: 'spreadsheet shared with it',
        outcome: 'failed',
        note: `not shared with ${account.clientEmail}: share it (Share > add the address as Editor); Google said: The caller does not have permission`,
      },
    ]);

    emulator.setApiEnabled(PROJECT, false);
    const disabled = await check(SHEET);
    expect(disabled.slice(2)).toEqual([
      { name: 'Sheets API enabled', outcome: 'failed', note: `no: ${DISABLED_MESSAGE}` },
      {
        name: 'spreadsheet shared with it',
        outcome: 'skipped',
        note: 'unknown until the Sheets API is enabled',
      },
    ]);
    // Shared or not, a project without the API is refused the same way: it is the API that is off.
    emulator.share(SHEET, account.clientEmail, 'writer');
    expect((await check(SHEET))[2]).toMatchObject({ outcome: 'failed', note: `no: ${DISABLED_MESSAGE}` });
  });

  it('check the API alone with an id no spreadsheet has, when none is given', async () => {
    expect((await check(null)).slice(2)).toEqual([
      { name: 'Sheets API enabled', outcome: 'ok', note: 'yes: Google looked for the spreadsheet' },
    ]);
    emulator.setApiEnabled(PROJECT, false);
    expect((await check(null)).slice(2)).toEqual([
      { name: 'Sheets API enabled', outcome: 'failed', note: `no: ${DISABLED_MESSAGE}` },
    ]);
    expect(emulator.stats().byMethod['spreadsheets.get']).toBe(2);
  });

  it('say an id no spreadsheet has is not a spreadsheet', async () => {
    const [, , , access] = await check('1NoSuchSpreadsheetAnywhere0000000000000000');
    expect(access).toEqual({
      name: 'spreadsheet shared with it',
      outcome: 'failed',
      note: 'no spreadsheet has the id 1NoSuchSpreadsheetAnywhere0000000000000000 (or it was deleted): check the id in its URL',
    });
  });

  it('say a key Google does not know is refused, and ask nothing more', async () => {
    const stranger = createServiceAccountKey({ clientEmail: 'stranger@elsewhere.iam.gserviceaccount.com' });
    writeFileSync(keyFile, JSON.stringify(stranger.keyFile));
    const checks = await check(SHEET);
    expect(checks).toHaveLength(2);
    expect(checks[1]).toMatchObject({ name: 'access token', outcome: 'failed' });
    expect(checks[1].note).toMatch(/^Google refused the key: /);
    expect(emulator.stats().calls).toBe(0);
  });

  it('skip everything when the worker has no service account', async () => {
    expect(
      await runServiceAccountChecks({ sheets: { identity: null, googleApiUrl: null }, spreadsheetId: SHEET }),
    ).toEqual([
      {
        name: 'service account',
        outcome: 'skipped',
        note: 'none configured: server delivery is off (set GOOGLE_APPLICATION_CREDENTIALS, or run on Cloud Run)',
      },
    ]);
  });
});
