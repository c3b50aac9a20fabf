import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppsScriptFakes } from '../../../../worker/playground/apps-script/create-fakes';
import { serveSheetsApiEmulator } from '../../../../worker/playground/sheets-api/serve-sheets-api-emulator';
import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import { createSheetsApiEmulator } from '../../../../worker/playground/sheets-api/sheets-api-emulator';
import { failureOf } from '../../../../worker/src/google/google-failure';
import { refusalOf, type RefusalKind } from '../../../../worker/src/google/google-refusal';
import { DeliveryRefused, pacedCall } from '../../../../worker/src/google/paced-sheets-call';
import { createSheetAccess } from '../../../../worker/src/google/sheet-access';
import { createSheetsPacer } from '../../../../worker/src/google/sheets-pacer';

/**
 * Google's refusals told apart (issue 26): each as the Sheets API emulator answers it, in Google's
 * words, read by the worker into its own sentence and next step, for Settings (the sharing check)
 * and for a run (a paced call handed back).
 */

const SHARED = '1RefusalsSharedSpreadsheet00000000000000000';
const PRIVATE = '1RefusalsPrivateSpreadsheet0000000000000000';
const GONE = '1RefusalsDeletedSpreadsheet0000000000000000';
const PROJECT = '424242424242';

async function world(quotas = {}) {
  const fakes = [SHARED, PRIVATE].map((id) =>
    createAppsScriptFakes({ spreadsheet: { id, sheets: ['Sheet1'] } }),
  );
  const emulator = createSheetsApiEmulator({
    spreadsheets: (id) => fakes.find((fake) => fake.spreadsheet.getId() === id)?.spreadsheet ?? null,
    quotas,
  });
  const account = createServiceAccountKey({ clientEmail: 'refusals@team-project.iam.gserviceaccount.com' });
  emulator.addServiceAccount({
    clientEmail: account.clientEmail,
    publicKeyPem: account.publicKeyPem,
    keyId: account.keyId,
    projectNumber: PROJECT,
  });
  emulator.share(SHARED, account.clientEmail, 'writer');
  const served = await serveSheetsApiEmulator(emulator);
  const dir = mkdtempSync(join(tmpdir(), 'refusals-'));
  const keyFile = join(dir, 'key.json');
  writeFileSync(keyFile, JSON.stringify(account.keyFile));
  const clock = { now: () => Date.now() };
  const pacer = createSheetsPacer(clock, () => Promise.resolve(), {
    perAccountPerMinute: 6000,
    perSpreadsheetPerMinute: 6000,
  });
  const access = createSheetAccess(
    { identity: { kind: 'key-file', path: keyFile }, googleApiUrl: served.url },
    clock,
    pacer,
  );
  /** A run's read of A1 through the worker's paced call: its refusal in words. */
  const runRead = async (spreadsheetId: string): Promise<string> => {
    const { sheets, serviceAccountEmail } = await access.api();
    const scope = {
      pacer,
      sleep: () => Promise.resolve(),
      random: () => 0.5,
      retry: { baseDelayMs: 1, maxDelayMs: 1, maxRateLimited: 0, maxFailures: 0 },
      signal: new AbortController().signal,
      serviceAccount: serviceAccountEmail,
    };
    try {
      await pacedCall(scope, 'read', spreadsheetId, () =>
        sheets.spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!A1' }, { retry: false }),
      );
      return 'read';
    } catch (error) {
      if (error instanceof DeliveryRefused) return error.message;
      throw error;
    }
  };
  return {
    emulator,
    account,
    access,
    runRead,
    close: async () => {
      await served.close();
      for (const fake of fakes) fake.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe("Google's refusals, told apart", () => {
  it('gives not shared, the API off and the spreadsheet gone each its own sentence, in Settings and in a run', async () => {
    const env = await world();
    try {
      const notShared = await env.access.check(PRIVATE);
      expect(notShared).toMatchObject({ shared: false, refusal: 'not-shared' });
      expect(notShared.shared === false && notShared.reason).toContain(
        `not shared with ${env.account.clientEmail}`,
      );
      expect(await env.runRead(PRIVATE)).toBe(notShared.shared === false ? notShared.reason : '');

      const gone = await env.access.check(GONE);
      expect(gone).toMatchObject({ shared: false, refusal: 'gone' });
      expect(await env.runRead(GONE)).toMatch(/^Google no longer finds this spreadsheet: it was deleted/);

      // The project's Sheets API turned off: the same 403 status, another cause and cure.
      env.emulator.setApiEnabled(PROJECT, false);
      const disabled = await env.access.check(SHARED);
      expect(disabled).toEqual({
        shared: false,
        refusal: 'api-disabled',
        reason: `The Google Sheets API is not enabled in the worker's Google Cloud project (${PROJECT}): an admin enables it (gcloud services enable sheets.googleapis.com --project=${PROJECT}, or APIs & Services > Library > Google Sheets API > Enable) and tries again a few minutes later.`,
      });
      expect(await env.runRead(SHARED)).toBe(disabled.shared === false ? disabled.reason : '');
      env.emulator.setApiEnabled(PROJECT, true);
      expect(await env.runRead(SHARED)).toBe('read');
    } finally {
      await env.close();
    }
  });

  it("says a used-up quota is Google's minute, waited out, and what lifts it", async () => {
    const env = await world({ readsPerMinutePerUser: 1 });
    try {
      expect(await env.runRead(SHARED)).toBe('read');
      const refused = await env.runRead(SHARED);
      expect(refused).toMatch(
        /^Google's per-minute quota for the worker's Sheets calls is used up .* It lasted 1 tries\.$/,
      );
      // The sharing check answers Google's quota as a failure of the moment, in words.
      await expect(env.access.check(PRIVATE)).rejects.toThrow(
        /Google's per-minute quota for the worker's Sheets calls is used up \(Quota exceeded for quota metric 'Read requests'/,
      );
    } finally {
      await env.close();
    }
  });

  it('reads each kind from what Google sends, whatever else the message says', () => {
    const kinds: [object, RefusalKind][] = [
      [
        {
          response: { status: 403, data: { error: { details: [{ reason: 'SERVICE_DISABLED' }] } } },
          message: 'x',
        },
        'api-disabled',
      ],
      [{ response: { status: 403 }, message: 'The caller does not have permission' }, 'not-shared'],
      [{ response: { status: 404 }, message: 'Requested entity was not found.' }, 'gone'],
      [{ response: { status: 429 }, message: 'Quota exceeded' }, 'quota'],
      [{ response: { status: 401 }, message: 'invalid_grant' }, 'unauthorized'],
      [{ response: { status: 400 }, message: 'Unable to parse range' }, 'bad-request'],
      [{ message: 'socket hang up' }, 'other'],
    ];
    for (const [error, kind] of kinds)
      expect(refusalOf(failureOf(error), 'sa@x.iam.gserviceaccount.com').kind).toBe(kind);
    const sentences = kinds.map(
      ([error]) => refusalOf(failureOf(error), 'sa@x.iam.gserviceaccount.com').sentence,
    );
    expect(new Set(sentences).size).toBe(sentences.length);
  });
});
