import type { FakeRuntime } from './runtime';
import type { FakeUi } from './ui';

/** SpreadsheetApp: so far only the UI of the open spreadsheet. Range and sheets come later. */
export class FakeSpreadsheetApp {
  constructor(
    private readonly runtime: FakeRuntime,
    private readonly ui: FakeUi,
  ) {}

  getUi(): FakeUi {
    // A formula has no UI to talk to; this is the message Sheets shows in the cell.
    this.runtime.deny(
      'SpreadsheetApp.getUi',
      ['custom-function'],
      'Cannot call SpreadsheetApp.getUi() from this context.',
    );
    return this.ui;
  }
}
