import type { MetadataSearch, SharingState, SheetAccess } from '../../../../worker/src/google/sheet-access';
import type { SheetsApi } from '../../../../worker/src/google/sheets-api';

/** A spreadsheet as the worker's service account sees it: not shared, or shared with its developer metadata. */
export type FakeSheet = { shared: false } | { shared: true; metadata: { key: string; value: string }[] };

/**
 * The worker's access to spreadsheets, by the SheetAccess contract, over sheets the test describes:
 * a search finds metadata only with both its key and value on a shared spreadsheet, answers
 * `no-access` for one not shared (or unknown: Google's 403 and 404) and throws while Google is
 * failing. Every search is counted: each is a read of the spreadsheet's quota.
 */
export class FakeSheetAccess implements SheetAccess {
  /** findMetadata calls, answered or not. */
  searches = 0;
  /** While set, Google cannot be asked: searches throw it, as the real one throws on a 5xx. */
  failure: Error | null = null;

  constructor(
    private readonly sheets: Map<string, FakeSheet>,
    readonly address = 'creator-sheets@team-project.iam.gserviceaccount.com',
  ) {}

  /** Adds developer metadata to a shared spreadsheet, as an editor does from inside it. */
  write(spreadsheetId: string, key: string, value: string): void {
    const sheet = this.sheets.get(spreadsheetId);
    if (sheet === undefined || !sheet.shared)
      throw new Error(`${spreadsheetId} is not a shared sheet of the fake`);
    sheet.metadata.push({ key, value });
  }

  async serviceAccountEmail(): Promise<string> {
    return this.address;
  }

  async check(spreadsheetId: string): Promise<SharingState> {
    if (this.sheets.get(spreadsheetId)?.shared === true) return { shared: true };
    return {
      shared: false,
      reason: `This spreadsheet is not shared with ${this.address}.`,
      refusal: 'not-shared',
    };
  }

  async findMetadata(spreadsheetId: string, key: string, value: string): Promise<MetadataSearch> {
    this.searches += 1;
    if (this.failure !== null) throw this.failure;
    const sheet = this.sheets.get(spreadsheetId);
    if (sheet === undefined || !sheet.shared) return 'no-access';
    return sheet.metadata.some((entry) => entry.key === key && entry.value === value) ? 'found' : 'absent';
  }

  async api(): Promise<SheetsApi> {
    throw new Error('the fake sheet access has no Sheets API client: it answers checks and searches only');
  }
}
