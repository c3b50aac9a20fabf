import { randomInt } from 'node:crypto';

/**
 * A spreadsheet's developer metadata, as Google keeps it, shared by the Apps Script fakes and the
 * Sheets API emulator (one model, so what one side writes the other finds). Google's rules
 * (https://developers.google.com/workspace/sheets/api/guides/metadata and
 * https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets.developerMetadata):
 * - an entry sits on the spreadsheet, a sheet, or one row or column of a sheet, and "will remain
 *   associated at those locations as they move around": rows or columns inserted before it move
 *   it; "If the associated object is deleted its metadata is deleted too";
 * - its id is "spreadsheet-scoped unique", "Must be positive", chosen by the caller or "randomly
 *   generated and assigned"; a taken id makes the create fail; keys need not be unique;
 * - DOCUMENT visibility "is accessible from any Google Cloud project with access to the
 *   document"; PROJECT "is only visible and accessible from the Google Cloud project that created
 *   it", so every entry remembers its project, and every read says which project asks;
 * - storage: 30,000 characters for the spreadsheet and 30,000 for each sheet, counting "Each
 *   character in the metadataKey and metadataValue fields" (the guide's "Metadata storage
 *   limits"; metadata on a sheet's rows and columns is the sheet's).
 * Errors are thrown as sentences; the emulator answers them as INVALID_ARGUMENT.
 */
export type MetadataVisibility = 'DOCUMENT' | 'PROJECT';
export type MetadataLocationType = 'SPREADSHEET' | 'SHEET' | 'ROW' | 'COLUMN';
export type MetadataLocation =
  | { type: 'SPREADSHEET' }
  | { type: 'SHEET'; sheetId: number }
  /** `index` is 0-based, as the API's DimensionRange counts. */
  | { type: 'ROW' | 'COLUMN'; sheetId: number; index: number };

export interface MetadataEntry {
  readonly id: number;
  readonly key: string;
  /** null when none was given (Apps Script's getValue() answers null then). */
  readonly value: string | null;
  readonly visibility: MetadataVisibility;
  /** The Cloud project that created it: the only one that sees it when PROJECT. */
  readonly project: string;
  readonly location: MetadataLocation;
}

export type NewMetadata = Omit<MetadataEntry, 'id'> & { id?: number };

/** What to select; every field given must match (DeveloperMetadataLookup's "intersection"). */
export interface MetadataQuery {
  id?: number;
  key?: string;
  value?: string;
  visibility?: MetadataVisibility;
  locationType?: MetadataLocationType;
  /** EXACT: on that very location; otherwise on any location intersecting it. */
  location?: { at: MetadataLocation; exact: boolean };
}

/** "Metadata storage limits": per spreadsheet, and again per sheet. */
export const METADATA_CHARACTERS_PER_LOCATION = 30_000;
/** metadataId is an int32 ("integer" in the reference) and positive. */
export const MAX_METADATA_ID = 2 ** 31 - 1;

/** The grid of a sheet, or null when there is no sheet with that id. */
export type GridLookup = (sheetId: number) => { rows: number; columns: number } | null;

export class DeveloperMetadataStore {
  private entries: MetadataEntry[] = [];

  constructor(private readonly grid: GridLookup) {}

  create(spec: NewMetadata): MetadataEntry {
    checkKey(spec.key);
    this.checkLocation(spec.location);
    if (spec.id !== undefined) this.checkFreeId(spec.id);
    const entry: MetadataEntry = { ...spec, id: spec.id ?? this.freeId() };
    this.checkRoom(entry, null);
    this.entries = [...this.entries, entry];
    return entry;
  }

  /** Changes key, value or location of an entry (its id, visibility and project stay). */
  update(id: number, change: Partial<Pick<MetadataEntry, 'key' | 'value' | 'location'>>): MetadataEntry {
    const old = this.byId(id);
    if (old === null) throw new Error(`No developer metadata with ID ${id}.`);
    const entry: MetadataEntry = { ...old, ...change };
    checkKey(entry.key);
    this.checkLocation(entry.location);
    this.checkRoom(entry, old);
    this.entries = this.entries.map((e) => (e.id === id ? entry : e));
    return entry;
  }

  remove(id: number): MetadataEntry | null {
    const entry = this.byId(id);
    this.entries = this.entries.filter((e) => e.id !== id);
    return entry;
  }

  /** The entries `project` can see that match `query`, oldest first. */
  find(project: string, query: MetadataQuery = {}): MetadataEntry[] {
    return this.entries.filter((entry) => visibleTo(entry, project) && matches(entry, query));
  }

  /** Every entry whatever its project (for tests). */
  all(): readonly MetadataEntry[] {
    return this.entries;
  }

  /** The entries as they are now (never changed in place), for `restore` to put back. */
  snapshot(): readonly MetadataEntry[] {
    return this.entries;
  }

  /** Undoes every change since `snapshot`: a request Google applies whole or not at all. */
  restore(snapshot: readonly MetadataEntry[]): void {
    this.entries = [...snapshot];
  }

  // ---- the spreadsheet's structure changed: entries move or go with their object ----

  /** `count` rows or columns inserted at 0-based `at`: entries at or after it move down or right. */
  dimensionInserted(sheetId: number, dimension: 'ROWS' | 'COLUMNS', at: number, count: number): void {
    const type = dimension === 'ROWS' ? 'ROW' : 'COLUMN';
    this.entries = this.entries.map((entry) => {
      const where = entry.location;
      if (where.type !== type || where.sheetId !== sheetId || where.index < at) return entry;
      return { ...entry, location: { ...where, index: where.index + count } };
    });
  }

  /** The grid now ends at `rows` x `columns`: entries on rows or columns past it are gone. */
  gridResized(sheetId: number, rows: number, columns: number): void {
    this.entries = this.entries.filter(({ location: where }) => {
      if (where.type === 'SPREADSHEET' || where.type === 'SHEET' || where.sheetId !== sheetId) return true;
      return where.index < (where.type === 'ROW' ? rows : columns);
    });
  }

  sheetDeleted(sheetId: number): void {
    this.entries = this.entries.filter(
      ({ location }) => location.type === 'SPREADSHEET' || location.sheetId !== sheetId,
    );
  }

  // ---- checks ----

  private byId(id: number): MetadataEntry | null {
    return this.entries.find((entry) => entry.id === id) ?? null;
  }

  private checkFreeId(id: number): void {
    if (!Number.isInteger(id) || id < 1 || id > MAX_METADATA_ID) {
      throw new Error(
        `A metadata ID must be a whole number from 1 to ${MAX_METADATA_ID}, got ${String(id)}.`,
      );
    }
    if (this.byId(id) !== null) {
      throw new Error(`Developer metadata with ID ${id} already exists: IDs are unique in a spreadsheet.`);
    }
  }

  private freeId(): number {
    for (;;) {
      const id = randomInt(1, MAX_METADATA_ID);
      if (this.byId(id) === null) return id;
    }
  }

  private checkLocation(location: MetadataLocation): void {
    if (location.type === 'SPREADSHEET') return;
    const grid = this.grid(location.sheetId);
    if (grid === null) throw new Error(`No grid with id: ${location.sheetId}`);
    if (location.type === 'SHEET') return;
    const size = location.type === 'ROW' ? grid.rows : grid.columns;
    if (!Number.isInteger(location.index) || location.index < 0 || location.index >= size) {
      const what = location.type === 'ROW' ? 'row' : 'column';
      throw new Error(
        `The ${what} index ${String(location.index)} is outside the sheet, which has ${size} ${what}s.`,
      );
    }
  }

  /** The storage limit of the entry's spreadsheet or sheet, `replacing` not counted. */
  private checkRoom(entry: MetadataEntry, replacing: MetadataEntry | null): void {
    const bucket = bucketOf(entry.location);
    const used = this.entries
      .filter((e) => e !== replacing && bucketOf(e.location) === bucket)
      .reduce((sum, e) => sum + characters(e), 0);
    if (used + characters(entry) > METADATA_CHARACTERS_PER_LOCATION) {
      const where = bucket === null ? 'the spreadsheet' : `sheet ${bucket}`;
      throw new Error(
        `Developer metadata on ${where} would hold ${used + characters(entry)} characters of keys and values; Google keeps at most ${METADATA_CHARACTERS_PER_LOCATION.toLocaleString('en-US')}.`,
      );
    }
  }
}

function checkKey(key: string): void {
  // "Developer metadata must always have a key specified."
  if (typeof key !== 'string' || key === '') throw new Error('Developer metadata must have a key.');
}

/** The spreadsheet's own allowance (null), or that of the sheet the entry sits on. */
function bucketOf(location: MetadataLocation): number | null {
  return location.type === 'SPREADSHEET' ? null : location.sheetId;
}

/** Characters as people count them (code points), of the key and the value. */
function characters(entry: MetadataEntry): number {
  return [...entry.key].length + [...(entry.value ?? '')].length;
}

function visibleTo(entry: MetadataEntry, project: string): boolean {
  return entry.visibility === 'DOCUMENT' || entry.project === project;
}

function matches(entry: MetadataEntry, query: MetadataQuery): boolean {
  if (query.id !== undefined && entry.id !== query.id) return false;
  if (query.key !== undefined && entry.key !== query.key) return false;
  if (query.value !== undefined && entry.value !== query.value) return false;
  if (query.visibility !== undefined && entry.visibility !== query.visibility) return false;
  if (query.locationType !== undefined && entry.location.type !== query.locationType) return false;
  const where = query.location;
  if (where === undefined) return true;
  return where.exact ? sameLocation(entry.location, where.at) : intersects(entry.location, where.at);
}

export function sameLocation(a: MetadataLocation, b: MetadataLocation): boolean {
  if (a.type === 'SPREADSHEET' || b.type === 'SPREADSHEET') return a.type === b.type;
  if (a.type !== b.type || a.sheetId !== b.sheetId) return false;
  return a.type === 'SHEET' || (b.type !== 'SHEET' && a.index === b.index);
}

/**
 * Locations that share a cell: a sheet meets its rows and columns, a row meets every column of its
 * sheet. "Spreadsheet metadata cannot intersect any other developer metadata location."
 */
function intersects(a: MetadataLocation, b: MetadataLocation): boolean {
  if (a.type === 'SPREADSHEET' || b.type === 'SPREADSHEET') return a.type === b.type;
  if (a.sheetId !== b.sheetId) return false;
  if (a.type === 'SHEET' || b.type === 'SHEET' || a.type !== b.type) return true;
  return a.index === b.index;
}
