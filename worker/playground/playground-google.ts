import type { AppsScriptFakes } from './apps-script/create-fakes';
import type { PlaygroundServiceAccount } from './host-protocol';
import type { EmbeddedChart } from './sheets-api/charts';
import { createSheetsApiCore } from './sheets-api/emulator-core';
import { startEmulatorThread } from './sheets-api/emulator-thread';

/**
 * The playground's Google for the worker, in the Apps Script process: the Sheets API emulator
 * over the very spreadsheet the fakes run the add-on in, so what the worker writes as its service
 * account (server delivery, scheduled reports, their charts) is what the page shows and the
 * add-on reads. Its HTTP server has a thread of its own (sheets-api/emulator-thread.ts); this
 * thread answers, also from inside the add-on's blocking fetches.
 */
export interface PlaygroundGoogle {
  /** The worker's GOOGLE_API_URL. */
  readonly url: string;
  /**
   * From now on the emulator serves this spreadsheet (404 before: the add-on is still building),
   * shared with the worker's account as writer, as a user shares it in Settings > Server delivery.
   */
  open(fakes: AppsScriptFakes): void;
  /** The spreadsheet's charts as the emulator holds them. */
  charts(): EmbeddedChart[];
  close(): Promise<void>;
}

export async function startPlaygroundGoogle(
  account: PlaygroundServiceAccount,
  onWrite: () => void,
): Promise<PlaygroundGoogle> {
  let opened: { fakes: AppsScriptFakes; spreadsheetId: string } | null = null;
  const core = createSheetsApiCore({
    spreadsheets: (id) => (opened !== null && id === opened.spreadsheetId ? opened.fakes.spreadsheet : null),
    onWrite,
  });
  core.addServiceAccount(account);
  const thread = await startEmulatorThread((request) => {
    const runtime = opened?.fakes.runtime;
    // Google's changes are not the script's: they happen outside the run it may be in (a formula
    // may not write, a run out of time may not go on), in a run of their own.
    return runtime === undefined ? core.handle(request) : runtime.run('full', () => core.handle(request));
  });
  return {
    url: thread.url,
    open(fakes) {
      const spreadsheetId = fakes.spreadsheet.getId();
      opened = { fakes, spreadsheetId };
      core.share(spreadsheetId, account.clientEmail, 'writer');
      fakes.urlFetchApp.whileWaiting = thread.whileWaiting;
    },
    charts: () => (opened === null ? [] : core.charts(opened.spreadsheetId)),
    close: () => thread.close(),
  };
}
