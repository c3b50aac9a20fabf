import type {
  DeveloperMetadataStore,
  MetadataEntry,
  MetadataLocation,
  MetadataLocationType,
  MetadataQuery,
  MetadataVisibility,
} from './developer-metadata-store';
import type { FakeRange } from './range';
import type { FakeRuntime } from '../runtime/runtime';
import type { FakeSheet } from './sheet';
import type { FakeSpreadsheet } from './spreadsheet';

/**
 * Apps Script's developer metadata (https://developers.google.com/apps-script/reference/spreadsheet/developer-metadata
 * and its Finder, Location and enums) over the spreadsheet's DeveloperMetadataStore. The script
 * sees DOCUMENT metadata and the PROJECT metadata of its own Cloud project ("Project-visible
 * metadata is only visible to and accessible by the developer project that created the
 * metadata", https://developers.google.com/apps-script/reference/spreadsheet/developer-metadata-visibility).
 * Reads are allowed in a custom function ("Read only (can use most get*() methods, but not
 * set*())", https://developers.google.com/apps-script/guides/sheets/functions#using_apps_script_services);
 * adding, changing and removing are not, nor for a user who may only view the spreadsheet.
 */

/** Apps Script's enum values are objects that print their name; `===` compares them. */
export interface AppsScriptEnum<Name extends string> {
  readonly name: Name;
  toString(): Name;
  toJSON(): Name;
}

function enumOf<Name extends string>(names: readonly Name[]): Readonly<Record<Name, AppsScriptEnum<Name>>> {
  const values = {} as Record<Name, AppsScriptEnum<Name>>;
  for (const name of names) values[name] = Object.freeze({ name, toString: () => name, toJSON: () => name });
  return Object.freeze(values);
}

export const DEVELOPER_METADATA_VISIBILITY = enumOf<MetadataVisibility>(['DOCUMENT', 'PROJECT']);
export const DEVELOPER_METADATA_LOCATION_TYPE = enumOf<MetadataLocationType>([
  'SPREADSHEET',
  'SHEET',
  'ROW',
  'COLUMN',
]);

/** What the metadata objects need of their spreadsheet. */
export interface MetadataHost {
  readonly runtime: FakeRuntime;
  readonly metadata: DeveloperMetadataStore;
  /** The script's Cloud project: whose PROJECT metadata it sees and what it creates belongs to. */
  readonly scriptProject: string;
  readonly spreadsheet: FakeSpreadsheet;
  sheetById(sheetId: number): FakeSheet | null;
  /** Counts a call that changes the spreadsheet, refusing it where Apps Script would. */
  enterWrite(call: string): void;
}

/** The visibility an enum value names, refusing anything else as Apps Script does. */
export function visibilityOf(value: unknown, method: string): MetadataVisibility {
  const found = Object.values(DEVELOPER_METADATA_VISIBILITY).find((v) => v === value);
  if (found === undefined) throw signatureError(method);
  return found.name;
}

function isVisibilityEnum(value: unknown): boolean {
  return Object.values(DEVELOPER_METADATA_VISIBILITY).some((v) => v === value);
}

export function signatureError(method: string): Error {
  return new Error(`The parameters don't match the method signature for ${method}.`);
}

/**
 * Spreadsheet's and Sheet's addDeveloperMetadata, whose overloads are (key), (key, value),
 * (key, visibility) and (key, value, visibility); DOCUMENT unless a visibility is given.
 */
export function addMetadata(
  host: MetadataHost,
  method: string,
  location: MetadataLocation,
  [key, second, third]: readonly unknown[],
): void {
  if (typeof key !== 'string') throw signatureError(method);
  let value: string | null = null;
  let visibility: MetadataVisibility = 'DOCUMENT';
  if (isVisibilityEnum(second) && third === undefined) visibility = visibilityOf(second, method);
  else if (typeof second === 'string') {
    value = second;
    if (third !== undefined) visibility = visibilityOf(third, method);
  } else if (second !== undefined) throw signatureError(method);
  host.metadata.create({ key, value, visibility, project: host.scriptProject, location });
}

export class FakeDeveloperMetadata {
  constructor(
    private readonly host: MetadataHost,
    private readonly id: number,
  ) {}

  getId(): number {
    this.host.runtime.enter('DeveloperMetadata.getId');
    return this.id;
  }

  getKey(): string {
    return this.read('DeveloperMetadata.getKey').key;
  }

  getValue(): string | null {
    return this.read('DeveloperMetadata.getValue').value;
  }

  getVisibility(): AppsScriptEnum<MetadataVisibility> {
    return DEVELOPER_METADATA_VISIBILITY[this.read('DeveloperMetadata.getVisibility').visibility];
  }

  getLocation(): FakeDeveloperMetadataLocation {
    const entry = this.read('DeveloperMetadata.getLocation');
    return new FakeDeveloperMetadataLocation(this.host, entry);
  }

  setKey(key: string): FakeDeveloperMetadata {
    this.host.enterWrite('DeveloperMetadata.setKey');
    if (typeof key !== 'string') throw signatureError('SpreadsheetApp.DeveloperMetadata.setKey');
    this.host.metadata.update(this.live().id, { key });
    return this;
  }

  setValue(value: string): FakeDeveloperMetadata {
    this.host.enterWrite('DeveloperMetadata.setValue');
    if (typeof value !== 'string') throw signatureError('SpreadsheetApp.DeveloperMetadata.setValue');
    this.host.metadata.update(this.live().id, { value });
    return this;
  }

  remove(): void {
    this.host.enterWrite('DeveloperMetadata.remove');
    this.host.metadata.remove(this.live().id);
  }

  private read(call: string): MetadataEntry {
    this.host.runtime.enter(call);
    return this.live();
  }

  /** The entry as it is now; gone (removed, or its row or sheet deleted) is an error. */
  private live(): MetadataEntry {
    const [entry] = this.host.metadata.find(this.host.scriptProject, { id: this.id });
    if (entry === undefined) throw new Error(`Developer metadata with ID ${this.id} no longer exists.`);
    return entry;
  }
}

export class FakeDeveloperMetadataLocation {
  constructor(
    private readonly host: MetadataHost,
    private readonly entry: MetadataEntry,
  ) {}

  getLocationType(): AppsScriptEnum<MetadataLocationType> {
    this.host.runtime.enter('DeveloperMetadataLocation.getLocationType');
    return DEVELOPER_METADATA_LOCATION_TYPE[this.entry.location.type];
  }

  getSpreadsheet(): FakeSpreadsheet | null {
    this.host.runtime.enter('DeveloperMetadataLocation.getSpreadsheet');
    return this.entry.location.type === 'SPREADSHEET' ? this.host.spreadsheet : null;
  }

  getSheet(): FakeSheet | null {
    this.host.runtime.enter('DeveloperMetadataLocation.getSheet');
    const where = this.entry.location;
    return where.type === 'SHEET' ? this.host.sheetById(where.sheetId) : null;
  }

  /** The whole row the metadata sits on, or null. */
  getRow(): FakeRange | null {
    this.host.runtime.enter('DeveloperMetadataLocation.getRow');
    return this.line('ROW');
  }

  getColumn(): FakeRange | null {
    this.host.runtime.enter('DeveloperMetadataLocation.getColumn');
    return this.line('COLUMN');
  }

  private line(type: 'ROW' | 'COLUMN'): FakeRange | null {
    const where = this.entry.location;
    if (where.type !== type) return null;
    const sheet = this.host.sheetById(where.sheetId);
    if (sheet === null) return null;
    const { rows, columns } = sheet.size;
    return type === 'ROW'
      ? sheet.range(sheet.gridArea(where.index + 1, 1, 1, columns, { openRows: false, openColumns: true }))
      : sheet.range(sheet.gridArea(1, where.index + 1, rows, 1, { openRows: true, openColumns: false }));
  }
}

/** Spreadsheet.createDeveloperMetadataFinder() and Sheet's: criteria added up, then find(). */
export class FakeDeveloperMetadataFinder {
  private readonly query: MetadataQuery;

  constructor(
    private readonly host: MetadataHost,
    scope: MetadataQuery = {},
  ) {
    this.query = { ...scope };
  }

  withId(id: number): FakeDeveloperMetadataFinder {
    return this.with('withId', { id });
  }

  withKey(key: string): FakeDeveloperMetadataFinder {
    return this.with('withKey', { key });
  }

  withValue(value: string): FakeDeveloperMetadataFinder {
    return this.with('withValue', { value });
  }

  withVisibility(visibility: AppsScriptEnum<MetadataVisibility>): FakeDeveloperMetadataFinder {
    const method = 'SpreadsheetApp.DeveloperMetadataFinder.withVisibility';
    return this.with('withVisibility', { visibility: visibilityOf(visibility, method) });
  }

  withLocationType(locationType: AppsScriptEnum<MetadataLocationType>): FakeDeveloperMetadataFinder {
    const found = Object.values(DEVELOPER_METADATA_LOCATION_TYPE).find((v) => v === locationType);
    if (found === undefined) throw signatureError('SpreadsheetApp.DeveloperMetadataFinder.withLocationType');
    return this.with('withLocationType', { locationType: found.name });
  }

  find(): FakeDeveloperMetadata[] {
    this.host.runtime.enter('DeveloperMetadataFinder.find');
    return this.host.metadata
      .find(this.host.scriptProject, this.query)
      .map((entry) => new FakeDeveloperMetadata(this.host, entry.id));
  }

  private with(method: string, criterion: MetadataQuery): FakeDeveloperMetadataFinder {
    this.host.runtime.enter(`DeveloperMetadataFinder.${method}`);
    const [name, value] = Object.entries(criterion)[0] as [string, unknown];
    if (name !== 'visibility' && name !== 'locationType') {
      const expected = name === 'id' ? 'number' : 'string';
      if (typeof value !== expected) throw signatureError(`SpreadsheetApp.DeveloperMetadataFinder.${method}`);
    }
    Object.assign(this.query, criterion);
    return this;
  }
}
