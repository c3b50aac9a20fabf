import { splitSheetName } from './a1-range-reader';
import {
  addMetadata,
  FakeDeveloperMetadata,
  FakeDeveloperMetadataFinder,
  type AppsScriptEnum,
  type MetadataHost,
} from './developer-metadata';
import { DeveloperMetadataStore, type MetadataVisibility } from './developer-metadata-store';
import type { FakeRange } from './range';
import type { FakeRuntime } from '../runtime/runtime';
import { FakeSheet, type SheetContext } from './sheet';
import { zonedParts } from '../runtime/zoned-time';

function checkedTimeZone(timeZone: string): string {
  zonedParts(new Date(0), timeZone); // throws "Invalid argument: timeZone ..." for an unknown zone
  return timeZone;
}

/** What the Sheets API's addSheet may ask of a new tab. */
export interface NewSheetShape {
  sheetId?: number;
  rows?: number;
  columns?: number;
}

/**
 * Apps Script's refusal of a document its user may not change: an add-on runs as its user, and a
 * viewer may not edit. The sentence is the one scripts report for a document they may not access
 * ("Exception: You do not have permission to access the requested document."); Google does not
 * document which sentence a view-only user's metadata write gets.
 */
export const NO_EDIT_ACCESS = 'You do not have permission to access the requested document.';

interface RecordedToast {
  message: string;
  title: string;
  timeoutSeconds: number;
}

/**
 * The open spreadsheet: its tabs in order, the active one and the selection (which tests set with
 * `select`), the toasts it showed, its developer metadata (`metadata`, shared with the Sheets API
 * emulator), and who may only view it (`setAccess`; everyone edits unless told otherwise).
 */
export class FakeSpreadsheet {
  readonly toasts: RecordedToast[] = [];
  /** Google's developer metadata of this spreadsheet, the model both the fakes and the emulator use. */
  readonly metadata = new DeveloperMetadataStore((sheetId) => this.sheetById(sheetId)?.size ?? null);
  private readonly sheets: FakeSheet[] = [];
  private readonly viewers = new Set<string>();
  /** Addresses the script shared the spreadsheet with as editors (addEditor). */
  private readonly addedEditors = new Set<string>();
  /** A Workspace domain that keeps its files from accounts outside it; null: sharing is open. */
  private closedDomain: string | null = null;
  private active: FakeSheet;
  private selection: FakeRange | null = null;
  private nextSheetId = 0;
  private nextChartId = 1_700_000_000;
  private readonly zone: string;

  constructor(
    private readonly context: SheetContext,
    private readonly id: string,
    private readonly name: string,
    sheetNames: readonly string[],
    timeZone: string,
  ) {
    if (sheetNames.length === 0) throw new Error('A spreadsheet has at least one sheet');
    this.zone = checkedTimeZone(timeZone);
    for (const sheetName of sheetNames) this.addSheet(sheetName, this.sheets.length);
    this.active = this.sheets[0];
  }

  private get runtime(): FakeRuntime {
    return this.context.runtime;
  }

  getId(): string {
    this.runtime.enter('Spreadsheet.getId');
    return this.id;
  }

  getName(): string {
    this.runtime.enter('Spreadsheet.getName');
    return this.name;
  }

  getUrl(): string {
    this.runtime.enter('Spreadsheet.getUrl');
    return `https://docs.google.com/spreadsheets/d/${this.id}/edit`;
  }

  /**
   * The spreadsheet's own zone (File > Settings), not the script's (Session.getScriptTimeZone(),
   * from the manifest): date cells are wall-clock times of this one.
   */
  getSpreadsheetTimeZone(): string {
    this.runtime.enter('Spreadsheet.getSpreadsheetTimeZone');
    return this.zone;
  }

  getSheets(): FakeSheet[] {
    this.runtime.enter('Spreadsheet.getSheets');
    return [...this.sheets];
  }

  getNumSheets(): number {
    this.runtime.enter('Spreadsheet.getNumSheets');
    return this.sheets.length;
  }

  /** The sheet of that exact name, or null. */
  getSheetByName(name: string): FakeSheet | null {
    this.runtime.enter('Spreadsheet.getSheetByName');
    return this.sheet(name);
  }

  /** Adds a tab (named "SheetN" when no name is given) and makes it the active one, as Sheets does. */
  insertSheet(nameOrIndex?: string | number, index?: number): FakeSheet {
    this.runtime.enter('Spreadsheet.insertSheet', ['custom-function', 'auth-none']);
    const name = typeof nameOrIndex === 'string' ? nameOrIndex : this.defaultSheetName();
    const at = typeof nameOrIndex === 'number' ? nameOrIndex : (index ?? this.sheets.length);
    if (!Number.isInteger(at) || at < 0 || at > this.sheets.length) {
      throw new Error(
        `Invalid argument: sheetIndex must be from 0 to ${this.sheets.length}, got ${String(at)}`,
      );
    }
    this.checkNewSheetName(name, null);
    const sheet = this.addSheet(name, at);
    this.select(sheet, null);
    return sheet;
  }

  deleteSheet(sheet: FakeSheet): void {
    this.runtime.enter('Spreadsheet.deleteSheet', ['custom-function', 'auth-none']);
    const at = this.sheets.indexOf(sheet);
    if (at === -1) throw new Error('Invalid argument: sheet');
    if (this.sheets.length === 1) {
      throw new Error("You can't remove all the sheets in a document.");
    }
    this.sheets.splice(at, 1);
    this.metadata.sheetDeleted(sheet.id);
    if (this.active === sheet) this.select(this.sheets[Math.max(0, at - 1)], null);
  }

  getActiveSheet(): FakeSheet {
    this.runtime.enter('Spreadsheet.getActiveSheet');
    return this.active;
  }

  setActiveSheet(sheet: FakeSheet): FakeSheet {
    this.runtime.enter('Spreadsheet.setActiveSheet', ['custom-function', 'auth-none']);
    if (!this.sheets.includes(sheet)) throw new Error('Invalid argument: sheet');
    this.select(sheet, null);
    return sheet;
  }

  /** The selection (A1 of the active sheet when nothing else was selected). */
  getActiveRange(): FakeRange {
    this.runtime.enter('Spreadsheet.getActiveRange');
    return this.activeRange();
  }

  setActiveRange(range: FakeRange): FakeRange {
    this.runtime.enter('Spreadsheet.setActiveRange', ['custom-function', 'auth-none']);
    if (!this.sheets.includes(range.owner)) throw new Error('Invalid argument: range');
    this.select(range.owner, range);
    return range;
  }

  /** "Sheet1!A1:B2"; without a sheet name, the active sheet's range. */
  getRange(a1Notation: string): FakeRange {
    this.runtime.enter('Spreadsheet.getRange');
    return this.rangeOf(a1Notation);
  }

  /** Spreadsheet-level metadata; (key), (key, value), (key, visibility) or all three. */
  addDeveloperMetadata(
    key: string,
    valueOrVisibility?: string | AppsScriptEnum<MetadataVisibility>,
    visibility?: AppsScriptEnum<MetadataVisibility>,
  ): FakeSpreadsheet {
    this.metadataHost.enterWrite('Spreadsheet.addDeveloperMetadata');
    addMetadata(
      this.metadataHost,
      'SpreadsheetApp.Spreadsheet.addDeveloperMetadata',
      { type: 'SPREADSHEET' },
      [key, valueOrVisibility, visibility],
    );
    return this;
  }

  /** The metadata on the spreadsheet itself (not its sheets, rows or columns) the script may see. */
  getDeveloperMetadata(): FakeDeveloperMetadata[] {
    this.runtime.enter('Spreadsheet.getDeveloperMetadata');
    return this.metadata
      .find(this.context.scriptProject, { location: { at: { type: 'SPREADSHEET' }, exact: true } })
      .map((entry) => new FakeDeveloperMetadata(this.metadataHost, entry.id));
  }

  /** Finds metadata anywhere in the spreadsheet: on it, its sheets, rows and columns. */
  createDeveloperMetadataFinder(): FakeDeveloperMetadataFinder {
    this.runtime.enter('Spreadsheet.createDeveloperMetadataFinder');
    return new FakeDeveloperMetadataFinder(this.metadataHost);
  }

  /**
   * Shares the spreadsheet with `emailAddress` as an editor, as the user running the script. A
   * Workspace domain whose admin turned off sharing outside it refuses an outside address (Admin
   * console > Drive and Docs > Sharing settings; the sentence is ours: Google's differs by surface).
   */
  addEditor(emailAddress: string): FakeSpreadsheet {
    this.runtime.enter('Spreadsheet.addEditor', ['custom-function', 'auth-none']);
    if (!this.canEdit(this.context.activeUser())) throw new Error(NO_EDIT_ACCESS);
    const email = String(emailAddress).trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new Error(`Invalid email: ${emailAddress}`);
    const domain = this.closedDomain;
    if (domain !== null && !email.endsWith(`@${domain}`)) {
      throw new Error(
        `This spreadsheet can't be shared outside of ${domain}: its domain's sharing settings allow only people in the organization.`,
      );
    }
    this.addedEditors.add(email);
    return this;
  }

  toast(message: string, title = '', timeoutSeconds = 5): void {
    this.runtime.enter('Spreadsheet.toast', ['custom-function', 'auth-none']);
    this.toasts.push({ message: String(message), title: String(title), timeoutSeconds });
  }

  // ---- for the other fakes and tests: no run-mode checks ----

  /** Shares the spreadsheet with `email` as editor (everyone's default) or as viewer only. */
  setAccess(email: string, access: 'edit' | 'view'): void {
    if (access === 'view') this.viewers.add(email.toLowerCase());
    else this.viewers.delete(email.toLowerCase());
  }

  canEdit(email: string): boolean {
    return !this.viewers.has(email.toLowerCase());
  }

  /** Whether addEditor shared it with `email` (the Sheets API emulator grants that address writing). */
  sharedWithEditor(email: string): boolean {
    return this.addedEditors.has(email.toLowerCase());
  }

  /** Its Workspace domain keeps it from outside accounts (`domain`), or sharing is open (null). */
  setOutsideSharing(domain: string | null): void {
    this.closedDomain = domain === null ? null : domain.toLowerCase();
  }

  /** What the metadata objects of this spreadsheet and its sheets work through. */
  get metadataHost(): MetadataHost {
    return {
      runtime: this.runtime,
      metadata: this.metadata,
      scriptProject: this.context.scriptProject,
      spreadsheet: this,
      sheetById: (sheetId) => this.sheetById(sheetId),
      enterWrite: (call) => {
        // A formula may not write (Apps Script's refusal comes first), nor may a viewer.
        this.runtime.enter(call, ['custom-function', 'auth-none']);
        if (!this.canEdit(this.context.activeUser())) throw new Error(NO_EDIT_ACCESS);
      },
    };
  }

  get timeZone(): string {
    return this.zone;
  }

  sheet(name: string): FakeSheet | null {
    return this.sheets.find((sheet) => sheet.title === name) ?? null;
  }

  /** The sheet of that name, failing the test when there is none. */
  requireSheet(name: string): FakeSheet {
    const sheet = this.sheet(name);
    if (sheet === null) {
      throw new Error(`No sheet "${name}"; sheets: ${this.sheets.map((s) => s.title).join(', ')}`);
    }
    return sheet;
  }

  get sheetNames(): string[] {
    return this.sheets.map((sheet) => sheet.title);
  }

  get activeSheet(): FakeSheet {
    return this.active;
  }

  activeRange(): FakeRange {
    return this.selection ?? this.active.range(this.active.gridArea(1, 1, 1, 1));
  }

  /** What a click does: makes `sheet` active and selects `range` in it (A1 when null). */
  select(sheet: FakeSheet, range: FakeRange | null): void {
    this.active = sheet;
    this.selection = range;
  }

  rangeOf(a1Notation: string): FakeRange {
    const { sheetName, cells } = splitSheetName(a1Notation);
    const sheet = sheetName === null ? this.active : this.sheet(sheetName);
    if (sheet === null) throw new Error('Range not found');
    return sheet.range(sheet.area(cells));
  }

  indexOf(sheet: FakeSheet): number {
    return this.sheets.indexOf(sheet);
  }

  totalCells(): number {
    return this.sheets.reduce((sum, sheet) => sum + sheet.size.rows * sheet.size.columns, 0);
  }

  checkNewSheetName(name: string, renaming: FakeSheet | null): void {
    if (typeof name !== 'string' || name.trim() === '') throw new Error('Invalid argument: sheetName');
    if (name.length > 100) throw new Error('The sheet name is too long: at most 100 characters.');
    const taken = this.sheets.find(
      (sheet) => sheet !== renaming && sheet.title.toLowerCase() === name.toLowerCase(),
    );
    if (taken !== undefined) {
      throw new Error(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
  }

  /**
   * A tab added as the Sheets API's addSheet adds it: the selection stays, and the id and grid
   * size may be asked for.
   */
  addSheetAt(name: string, at: number, shape: NewSheetShape = {}): FakeSheet {
    if (!Number.isInteger(at) || at < 0 || at > this.sheets.length) {
      throw new Error(
        `Invalid argument: sheetIndex must be from 0 to ${this.sheets.length}, got ${String(at)}`,
      );
    }
    return this.addSheet(name, at, shape);
  }

  /** A chart id no chart of any tab has: Google's are unique across the spreadsheet. */
  claimChartId(): number {
    this.nextChartId += 1;
    return this.nextChartId;
  }

  /** The sheet with that id (getSheetId), or null. */
  sheetById(sheetId: number): FakeSheet | null {
    return this.sheets.find((sheet) => sheet.id === sheetId) ?? null;
  }

  private addSheet(name: string, at: number, shape: NewSheetShape = {}): FakeSheet {
    this.checkNewSheetName(name, null);
    if (shape.sheetId !== undefined && this.sheetById(shape.sheetId) !== null) {
      throw new Error(`A sheet with id ${shape.sheetId} already exists.`);
    }
    this.nextSheetId += 1;
    const sheet = new FakeSheet(
      this.context,
      this,
      name,
      shape.sheetId ?? (this.nextSheetId === 1 ? 0 : this.nextSheetId * 1000003),
      shape.rows,
      shape.columns,
    );
    this.sheets.splice(at, 0, sheet);
    return sheet;
  }

  private defaultSheetName(): string {
    for (let n = this.sheets.length + 1; ; n++) {
      if (this.sheet(`Sheet${n}`) === null) return `Sheet${n}`;
    }
  }
}
