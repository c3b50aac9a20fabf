import { DEVELOPER_METADATA_LOCATION_TYPE, DEVELOPER_METADATA_VISIBILITY } from './developer-metadata';
import type { FakeRange } from './range';
import type { FakeRuntime } from '../runtime/runtime';
import type { FakeSheet, FormulaEvaluator, FormulaNoter } from './sheet';
import { FakeSpreadsheet } from './spreadsheet';
import type { FakeUi } from '../services/ui';
import { WriteLog } from './write-log';

export interface SpreadsheetOptions {
  id?: string;
  name?: string;
  /** The tabs, in order; the first is active. */
  sheets?: readonly string[];
  /**
   * File > Settings > Time zone, an IANA name. Default Europe/Berlin, ahead of UTC, so that code
   * reading a date cell's UTC day (toISOString) fails here as it would in Berlin.
   */
  timeZone?: string;
}

export const DEFAULT_SPREADSHEET_TIME_ZONE = 'Europe/Berlin';

/** Who the script runs as and in which Cloud project: what the spreadsheet's rules ask of a run. */
export interface ScriptIdentity {
  /** Session's active user now ('' when unknown). */
  activeUser: () => string;
  /** The script's Cloud project number (see ScriptAppOptions.projectNumber). */
  projectNumber: string;
}

/**
 * The Cloud project of a script left on its default one ("When a new Apps Script project is
 * created, a default ... project is also created behind the scenes",
 * https://developers.google.com/apps-script/guides/cloud-platform-projects): its own, not the
 * worker's service account's. A script moved to a standard project has that project's number
 * (ScriptAppOptions.projectNumber), which may be the service account's.
 */
export const DEFAULT_SCRIPT_PROJECT_NUMBER = '200000000002';

/**
 * SpreadsheetApp of a container-bound script: one open spreadsheet. A custom function may read it
 * but write nothing; onOpen in AuthMode.NONE may not reach it at all (menus only). Tests set the
 * selection with `select`, read every write in `writes`, and may plug a formula evaluator (see
 * formula-evaluator.ts) so formulas written into cells show results.
 */
export class FakeSpreadsheetApp {
  readonly DeveloperMetadataVisibility = DEVELOPER_METADATA_VISIBILITY;
  readonly DeveloperMetadataLocationType = DEVELOPER_METADATA_LOCATION_TYPE;
  readonly writes = new WriteLog();
  /** Evaluates formulas as they are written and on `recalculate`; none by default. */
  formulaEvaluator: FormulaEvaluator | null = null;
  /** Keeps the hover text of a formula that cannot spill; none by default. */
  formulaNoter: FormulaNoter | null = null;
  readonly spreadsheet: FakeSpreadsheet;

  constructor(
    private readonly runtime: FakeRuntime,
    private readonly ui: FakeUi,
    options: SpreadsheetOptions = {},
    script: ScriptIdentity = { activeUser: () => '', projectNumber: DEFAULT_SCRIPT_PROJECT_NUMBER },
  ) {
    this.spreadsheet = new FakeSpreadsheet(
      {
        runtime,
        writes: this.writes,
        evaluator: () => this.formulaEvaluator,
        noter: () => this.formulaNoter,
        cellCount: () => this.spreadsheet.totalCells(),
        timeZone: () => this.spreadsheet.timeZone,
        activeUser: script.activeUser,
        scriptProject: script.projectNumber,
      },
      options.id ?? '1CreatorSheetsTestSpreadsheetId0000000000000',
      options.name ?? 'Creators',
      options.sheets ?? ['Sheet1'],
      options.timeZone ?? DEFAULT_SPREADSHEET_TIME_ZONE,
    );
  }

  getUi(): FakeUi {
    // A formula has no UI to talk to; this is the message Sheets shows in the cell.
    this.runtime.enter(
      'SpreadsheetApp.getUi',
      ['custom-function'],
      'Cannot call SpreadsheetApp.getUi() from this context.',
    );
    return this.ui;
  }

  getActiveSpreadsheet(): FakeSpreadsheet {
    this.runtime.enter('SpreadsheetApp.getActiveSpreadsheet', ['auth-none']);
    return this.spreadsheet;
  }

  getActive(): FakeSpreadsheet {
    this.runtime.enter('SpreadsheetApp.getActive', ['auth-none']);
    return this.spreadsheet;
  }

  getActiveSheet(): FakeSheet {
    this.runtime.enter('SpreadsheetApp.getActiveSheet', ['auth-none']);
    return this.spreadsheet.activeSheet;
  }

  getActiveRange(): FakeRange {
    this.runtime.enter('SpreadsheetApp.getActiveRange', ['auth-none']);
    return this.spreadsheet.activeRange();
  }

  /** A time-driven run opens its document and makes it the active one; this fake knows only its own. */
  setActiveSpreadsheet(spreadsheet: FakeSpreadsheet): void {
    this.runtime.enter('SpreadsheetApp.setActiveSpreadsheet', ['custom-function', 'auth-none']);
    if (spreadsheet !== this.spreadsheet) throw new Error('Exception: Invalid argument: spreadsheet');
  }

  /** Custom functions may not open other spreadsheets; this fake knows only its own. */
  openById(id: string): FakeSpreadsheet {
    this.runtime.enter('SpreadsheetApp.openById', ['custom-function', 'auth-none']);
    if (id !== this.spreadsheet.getId()) {
      throw new Error(
        'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
      );
    }
    return this.spreadsheet;
  }

  /** Sheets applies pending writes; the fake writes at once. */
  flush(): void {
    this.runtime.enter('SpreadsheetApp.flush');
  }

  // ---- for tests ----

  /** Selects a range as the user would: "Sheet1!B2:B200", or "B2:B200" on the active sheet. */
  select(a1Notation: string): FakeRange {
    const range = this.spreadsheet.rangeOf(a1Notation);
    this.spreadsheet.select(range.owner, range);
    return range;
  }

  /** Evaluates every formula again, as Sheets does when it recalculates. */
  recalculate(): void {
    for (const sheetName of this.spreadsheet.sheetNames) {
      const sheet = this.spreadsheet.requireSheet(sheetName);
      for (const { row, column } of sheet.formulaCells()) sheet.evaluate(row, column);
    }
  }
}
