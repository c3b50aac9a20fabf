import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppsScriptFakes } from '../../../../worker/playground/apps-script/create-fakes';
import { serveSheetsApiEmulator } from '../../../../worker/playground/sheets-api/serve-sheets-api-emulator';
import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import { createSheetsApiEmulator } from '../../../../worker/playground/sheets-api/sheets-api-emulator';
import { createSheetAccess } from '../../../../worker/src/google/sheet-access';
import { createSheetsPacer, DEFAULT_SHEETS_PACE } from '../../../../worker/src/google/sheets-pacer';

/**
 * The sharing check behind Settings > Server delivery: one spreadsheets.get through the worker's
 * service account, "shared" kept 10 minutes (reads are a quota), "not shared" never kept (someone
 * who has just shared the sheet and checks again must see it at once).
 */

const SHEET = '1SharingCheckSpreadsheet00000000000000000000';
const MINUTE = 60_000;

it('asks Google once per 10 minutes for a shared sheet, and at once again for one not shared', async () => {
  const fakes = createAppsScriptFakes({ spreadsheet: { id: SHEET, sheets: ['Sheet1'] } });
  const emulator = createSheetsApiEmulator({
    spreadsheets: (id) => (id === SHEET ? fakes.spreadsheet : null),
  });
  const account = createServiceAccountKey({ clientEmail: 'check@team-project.iam.gserviceaccount.com' });
  emulator.addServiceAccount({
    clientEmail: account.clientEmail,
    publicKeyPem: account.publicKeyPem,
    keyId: account.keyId,
  });
  const served = await serveSheetsApiEmulator(emulator);
  const dir = mkdtempSync(join(tmpdir(), 'sheet-access-'));
  const keyFile = join(dir, 'key.json');
  writeFileSync(keyFile, JSON.stringify(account.keyFile));
  let now = Date.now();
  const clock = { now: () => now };
  const pacer = createSheetsPacer(clock, () => Promise.resolve(), DEFAULT_SHEETS_PACE);
  const access = createSheetAccess(
    { identity: { kind: 'key-file', path: keyFile }, googleApiUrl: served.url },
    clock,
    pacer,
  );
  const gets = () => emulator.stats().byMethod['spreadsheets.get'] ?? 0;
  try {
    const notShared = await access.check(SHEET);
    expect(notShared).toEqual({
      shared: false,
      refusal: 'not-shared',
      reason: `This spreadsheet is not shared with ${account.clientEmail}: share it with that address as Editor (Settings > Server delivery). If Google answers that it cannot be shared outside your organization, your domain keeps it out: an admin may allow the address.`,
    });
    emulator.share(SHEET, account.clientEmail, 'writer');
    expect(await access.check(SHEET)).toEqual({ shared: true });
    expect(gets()).toBe(2);

    // Unshared meanwhile: within 10 minutes the kept answer stands, with no call to Google.
    emulator.unshare(SHEET, account.clientEmail);
    now += 9 * MINUTE;
    expect(await access.check(SHEET)).toEqual({ shared: true });
    expect(gets()).toBe(2);

    // Past them, Google is asked again and the change shows.
    now += 2 * MINUTE;
    expect(await access.check(SHEET)).toMatchObject({ shared: false });
    expect(gets()).toBe(3);
  } finally {
    await served.close();
    fakes.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});
