import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { makeSigningKey, TEST_CLIENT_ID } from '../../worker/playground/fake-google';
import { createSheetsApiCore, type SheetsApiCore } from '../../worker/playground/sheets-api/emulator-core';
import { startEmulatorThread, type EmulatorThread } from '../../worker/playground/sheets-api/emulator-thread';
import { createServiceAccountKey } from '../../worker/playground/sheets-api/service-account-key';
import type { Clock } from '../../worker/common/clock';
import { startBundleWorld, type BundleWorld } from './bundle-world';

/**
 * The built add-on in a spreadsheet shared with the worker's service account, as a team uses it:
 * Google sign-in for the sidebar (team.com), the worker's own service account, and the Sheets API
 * emulator over the very spreadsheet the add-on sees, in a thread of its own and answered from
 * inside the add-on's waits too: the worker asks Google (proof of edit access) while the add-on's
 * UrlFetchApp blocks this thread, as in the playground.
 */
export interface SharedSheetBundle {
  world: BundleWorld;
  emulator: SheetsApiCore;
  served: EmulatorThread;
  account: ReturnType<typeof createServiceAccountKey>;
  /** The add-on's fakes whose spreadsheet the emulator serves (one at a time). */
  use(fakes: AppsScriptFakes | null): void;
  close(): Promise<void>;
}

export async function startSharedSheetBundle(
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<SharedSheetBundle> {
  let current: AppsScriptFakes | null = null;
  const account = createServiceAccountKey({ clientEmail: 'reports@team-project.iam.gserviceaccount.com' });
  const emulator = createSheetsApiCore({
    // Google's time: the system's, or the simulated days' of a test that moves it.
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    spreadsheets: (id) =>
      current !== null && current.spreadsheet.getId() === id ? current.spreadsheet : null,
  });
  emulator.addServiceAccount({
    clientEmail: account.clientEmail,
    publicKeyPem: account.publicKeyPem,
    keyId: account.keyId,
  });
  const served = await startEmulatorThread((request) =>
    current === null ? emulator.handle(request) : current.runtime.run('full', () => emulator.handle(request)),
  );
  const keyDir = mkdtempSync(join(tmpdir(), 'shared-sheet-bundle-'));
  const keyFile = join(keyDir, 'service-account.json');
  writeFileSync(keyFile, JSON.stringify(account.keyFile));
  const world = await startBundleWorld({
    googleKeys: [makeSigningKey('shared-sheet-bundle-key')],
    env: {
      GOOGLE_CLIENT_IDS: TEST_CLIENT_ID,
      ALLOWED_DOMAINS: 'team.com',
      GOOGLE_APPLICATION_CREDENTIALS: keyFile,
      GOOGLE_API_URL: served.url,
      ...env,
    },
  });
  return {
    world,
    emulator,
    served,
    account,
    use(fakes) {
      current = fakes;
      if (fakes !== null) fakes.urlFetchApp.whileWaiting = served.whileWaiting;
    },
    close: async () => {
      await world.close();
      await served.close();
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
