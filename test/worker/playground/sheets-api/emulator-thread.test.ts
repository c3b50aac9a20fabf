import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../../worker/playground/apps-script/create-fakes';
import { createSheetsApiCore } from '../../../../worker/playground/sheets-api/emulator-core';
import {
  startEmulatorThread,
  type EmulatorThread,
} from '../../../../worker/playground/sheets-api/emulator-thread';
import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import { connectSheetsApi } from '../../../../worker/src/google/sheets-api';
import { failure, SPREADSHEET_ID } from './emulator-harness';
import { JWT_BEARER, signedAssertion } from './signed-assertion';

/**
 * The emulator's server thread (what the playground's Apps Script process listens with), here
 * answered from the test's event loop: googleapis signs in and calls it as it calls Google, and
 * bodies it cannot take get Google's answers, as from the Express app.
 */

const account = createServiceAccountKey();
let fakes: AppsScriptFakes;
let thread: EmulatorThread;
let dir: string;

beforeAll(async () => {
  fakes = createAppsScriptFakes({ spreadsheet: { id: SPREADSHEET_ID, sheets: ['Sheet1'] } });
  const core = createSheetsApiCore({
    spreadsheets: (id) => (id === SPREADSHEET_ID ? fakes.spreadsheet : null),
  });
  core.addServiceAccount(account);
  core.share(SPREADSHEET_ID, account.clientEmail, 'writer');
  thread = await startEmulatorThread((request) => core.handle(request));
  dir = mkdtempSync(join(tmpdir(), 'emulator-thread-'));
  writeFileSync(join(dir, 'key.json'), JSON.stringify(account.keyFile));
});
afterAll(async () => {
  await thread.close();
  fakes.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function client() {
  const api = await connectSheetsApi({
    identity: { kind: 'key-file', path: join(dir, 'key.json') },
    googleApiUrl: thread.url,
  });
  return api.sheets;
}

describe('the emulator thread', () => {
  it('serves googleapis: token, batchGet with repeated ranges, values.update', async () => {
    const sheets = await client();
    await sheets.spreadsheets.values.update({
      spreadsheetId: SPREADSHEET_ID,
      range: 'Sheet1!A1',
      valueInputOption: 'RAW',
      requestBody: {
        values: [
          ['Handle', 'Followers'],
          ['@ana', 1200],
        ],
      },
    });

    const read = await sheets.spreadsheets.values.batchGet({
      spreadsheetId: SPREADSHEET_ID,
      ranges: ['Sheet1!A2', 'Sheet1!B2'],
    });

    expect(read.data.valueRanges?.map((range) => range.values)).toEqual([[['@ana']], [['1200']]]);
    expect(fakes.spreadsheet.getRange('Sheet1!A1:B2').getValues()).toEqual([
      ['Handle', 'Followers'],
      ['@ana', 1200],
    ]);
  });

  it('answers a body that is not JSON, and one past 10 MB, as Google does', async () => {
    const granted = await fetch(`${thread.url}token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion: signedAssertion(account, Date.now()) }),
    });
    const { access_token: token } = (await granted.json()) as { access_token: string };
    const post = (body: string) =>
      fetch(`${thread.url}v4/spreadsheets/${SPREADSHEET_ID}/values:batchUpdate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body,
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as object }));

    const notJson = await post('values=1');
    const tooLarge = await post(
      JSON.stringify({ data: [{ range: 'A1', values: [['x'.repeat(10_500_000)]] }] }),
    );

    expect(notJson).toEqual({
      status: 400,
      body: {
        error: expect.objectContaining({
          status: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/^Invalid JSON payload received\./),
        }),
      },
    });
    expect(tooLarge).toEqual({
      status: 400,
      body: {
        error: expect.objectContaining({
          message: 'Request payload size exceeds the limit: 10485760 bytes.',
        }),
      },
    });
  });

  it('answers a spreadsheet it does not know with 404', async () => {
    const sheets = await client();
    const answer = await failure(sheets.spreadsheets.get({ spreadsheetId: 'someone-elses' }));
    expect(answer.status).toBe(404);
  });
});
