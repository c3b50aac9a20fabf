import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';
import {
  MAX_METADATA_ID,
  type MetadataLocation,
  type NewMetadata,
} from '../../../../../worker/playground/apps-script/spreadsheet/developer-metadata-store';

/** The spreadsheet's developer metadata as Google keeps it, under the fakes' structural changes. */

const ADDON = '200000000002';
const WORKER = '100000000001';

function setUp() {
  const fakes = createAppsScriptFakes({ spreadsheet: { sheets: ['Data', 'Other'] } });
  const store = fakes.spreadsheet.metadata;
  const data = fakes.spreadsheet.requireSheet('Data');
  const add = (location: MetadataLocation, spec: Partial<NewMetadata> = {}) =>
    store.create({ key: 'k', value: null, visibility: 'DOCUMENT', project: ADDON, location, ...spec });
  return { fakes, store, data, add };
}

describe('DeveloperMetadataStore', () => {
  it('assigns distinct positive ids, takes a free one asked for, and refuses a taken one', () => {
    const { add } = setUp();
    const ids = Array.from({ length: 50 }, () => add({ type: 'SPREADSHEET' }).id);
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) expect(id >= 1 && id <= MAX_METADATA_ID).toBe(true);
    expect(add({ type: 'SPREADSHEET' }, { id: 7 }).id).toBe(7);
    expect(() => add({ type: 'SPREADSHEET' }, { id: 7 })).toThrow(
      'Developer metadata with ID 7 already exists',
    );
    expect(() => add({ type: 'SPREADSHEET' }, { id: 0 })).toThrow('from 1 to 2147483647');
    expect(() => add({ type: 'SPREADSHEET' }, { key: '' })).toThrow('Developer metadata must have a key.');
  });

  it('shows PROJECT metadata to its own project only, DOCUMENT metadata to every project', () => {
    const { store, add } = setUp();
    add({ type: 'SPREADSHEET' }, { key: 'shared' });
    add({ type: 'SPREADSHEET' }, { key: 'private', visibility: 'PROJECT' });
    expect(store.find(ADDON).map((e) => e.key)).toEqual(['shared', 'private']);
    expect(store.find(WORKER).map((e) => e.key)).toEqual(['shared']);
    expect(store.find(WORKER, { key: 'private' })).toEqual([]);
    expect(store.find(ADDON, { visibility: 'PROJECT' }).map((e) => e.key)).toEqual(['private']);
  });

  it('refuses locations on a missing sheet or outside the grid', () => {
    const { add, data } = setUp();
    expect(() => add({ type: 'SHEET', sheetId: 4242 })).toThrow('No grid with id: 4242');
    expect(() => add({ type: 'ROW', sheetId: data.id, index: 1000 })).toThrow(
      'outside the sheet, which has 1000 rows',
    );
    expect(() => add({ type: 'COLUMN', sheetId: data.id, index: 26 })).toThrow('which has 26 columns');
    expect(add({ type: 'ROW', sheetId: data.id, index: 999 }).location).toEqual({
      type: 'ROW',
      sheetId: data.id,
      index: 999,
    });
  });

  it('moves row and column metadata with rows and columns inserted before them, not after', () => {
    const { store, add, data } = setUp();
    const row5 = add({ type: 'ROW', sheetId: data.id, index: 4 });
    const row2 = add({ type: 'ROW', sheetId: data.id, index: 1 });
    const columnC = add({ type: 'COLUMN', sheetId: data.id, index: 2 });
    data.insertRowsBefore(3, 2); // two rows above row 5, below row 2
    data.insertColumnsAfter(1, 1); // a column between A and B, before C
    const at = (id: number) => store.find(ADDON, { id })[0].location;
    expect(at(row5.id)).toEqual({ type: 'ROW', sheetId: data.id, index: 6 });
    expect(at(row2.id)).toEqual({ type: 'ROW', sheetId: data.id, index: 1 });
    expect(at(columnC.id)).toEqual({ type: 'COLUMN', sheetId: data.id, index: 3 });
  });

  it('keeps metadata on another sheet where it was when this one grows', () => {
    const { fakes, store, add, data } = setUp();
    const other = fakes.spreadsheet.requireSheet('Other');
    const there = add({ type: 'ROW', sheetId: other.id, index: 4 });
    data.insertRowsBefore(1, 3);
    expect(store.find(ADDON, { id: there.id })[0].location).toEqual({
      type: 'ROW',
      sheetId: other.id,
      index: 4,
    });
  });

  it('deletes metadata with its sheet, and with the rows and columns a smaller grid drops', () => {
    const { fakes, store, add, data } = setUp();
    add({ type: 'SPREADSHEET' }, { key: 'book' });
    add({ type: 'SHEET', sheetId: data.id }, { key: 'tab' });
    add({ type: 'ROW', sheetId: data.id, index: 10 }, { key: 'row 11' });
    add({ type: 'ROW', sheetId: data.id, index: 9 }, { key: 'row 10' });
    add({ type: 'COLUMN', sheetId: data.id, index: 5 }, { key: 'column F' });
    data.resize(10, 5);
    expect(store.find(ADDON).map((e) => e.key)).toEqual(['book', 'tab', 'row 10']);
    fakes.spreadsheet.deleteSheet(data);
    expect(store.find(ADDON).map((e) => e.key)).toEqual(['book']);
  });

  it('holds 30,000 characters of keys and values for the spreadsheet and again for each sheet', () => {
    const { fakes, store, add, data } = setUp();
    const other = fakes.spreadsheet.requireSheet('Other');
    add({ type: 'SPREADSHEET' }, { key: 'a'.repeat(10_000), value: 'b'.repeat(19_999) });
    expect(() => add({ type: 'SPREADSHEET' }, { key: 'cc' })).toThrow(
      'Developer metadata on the spreadsheet would hold 30001 characters',
    );
    add({ type: 'SPREADSHEET' }, { key: 'c' });
    // The sheets' allowances are their own, rows and columns counting for their sheet.
    add({ type: 'ROW', sheetId: data.id, index: 0 }, { key: 'r', value: 'x'.repeat(29_999) });
    expect(() => add({ type: 'SHEET', sheetId: data.id }, { key: 'y' })).toThrow(`sheet ${data.id}`);
    add({ type: 'SHEET', sheetId: other.id }, { key: 'o', value: 'x'.repeat(29_997) });
    // Characters, not UTF-16 units: each emoji counts one (as two units they would make 30,002).
    add({ type: 'SHEET', sheetId: other.id }, { key: '😀😀' });
    expect(() => add({ type: 'SHEET', sheetId: other.id }, { key: '😀' })).toThrow('30001 characters');
    expect(store.find(WORKER)).toHaveLength(5);
  });

  it('updates in place, checking the new location and the room it needs, and undoes with restore', () => {
    const { store, add, data } = setUp();
    const entry = add({ type: 'SPREADSHEET' }, { value: 'old' });
    const before = store.snapshot();
    const moved = store.update(entry.id, { value: 'new', location: { type: 'SHEET', sheetId: data.id } });
    expect(moved).toMatchObject({ id: entry.id, value: 'new', location: { type: 'SHEET' }, project: ADDON });
    expect(() => store.update(entry.id, { location: { type: 'SHEET', sheetId: 4242 } })).toThrow('No grid');
    expect(() => store.update(entry.id, { value: 'v'.repeat(30_000) })).toThrow('30,000');
    expect(() => store.update(12345, { value: 'x' })).toThrow('No developer metadata with ID 12345.');
    store.restore(before);
    expect(store.find(ADDON)).toEqual([entry]);
  });
});
