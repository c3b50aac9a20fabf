import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';
import { NO_EDIT_ACCESS } from '../../../../../worker/playground/apps-script/spreadsheet/spreadsheet';

/** SpreadsheetApp's developer metadata, called as the add-on calls it (through the script's globals). */

function setUp() {
  const fakes = createAppsScriptFakes({
    spreadsheet: { sheets: ['Data'] },
    session: { activeUserEmail: 'ana@team.com' },
  });
  const app = fakes.spreadsheetApp;
  const { DOCUMENT, PROJECT } = app.DeveloperMetadataVisibility;
  return { fakes, app, book: app.getActiveSpreadsheet(), DOCUMENT, PROJECT };
}

describe('developer metadata in the Apps Script fakes', () => {
  it('adds spreadsheet metadata by each overload, DOCUMENT unless told otherwise', () => {
    const { book, DOCUMENT, PROJECT } = setUp();
    book.addDeveloperMetadata('tag');
    book.addDeveloperMetadata('challenge', 'c-1');
    book.addDeveloperMetadata('secret', PROJECT);
    book.addDeveloperMetadata('proof', 'p-1', DOCUMENT);
    const found = book
      .getDeveloperMetadata()
      .map((m) => [m.getKey(), m.getValue(), String(m.getVisibility())]);
    expect(found).toEqual([
      ['tag', null, 'DOCUMENT'],
      ['challenge', 'c-1', 'DOCUMENT'],
      ['secret', null, 'PROJECT'],
      ['proof', 'p-1', 'DOCUMENT'],
    ]);
    expect(book.getDeveloperMetadata()[2].getVisibility()).toBe(PROJECT);
    expect(() => book.addDeveloperMetadata(42 as unknown as string)).toThrow(
      "The parameters don't match the method signature for SpreadsheetApp.Spreadsheet.addDeveloperMetadata.",
    );
    expect(() => book.addDeveloperMetadata('k', 'v', 'DOCUMENT' as unknown as typeof DOCUMENT)).toThrow(
      "don't match the method signature",
    );
  });

  it('finds by key, value, visibility, id and location type across the spreadsheet', () => {
    const { fakes, book, app, PROJECT } = setUp();
    const data = fakes.spreadsheet.requireSheet('Data');
    book.addDeveloperMetadata('challenge', 'c-1');
    book.addDeveloperMetadata('challenge', 'c-2', PROJECT);
    data.addDeveloperMetadata('challenge', 'on the tab');
    const finder = () => book.createDeveloperMetadataFinder().withKey('challenge');
    expect(
      finder()
        .find()
        .map((m) => m.getValue()),
    ).toEqual(['c-1', 'c-2', 'on the tab']);
    expect(
      finder()
        .withValue('c-2')
        .find()
        .map((m) => m.getValue()),
    ).toEqual(['c-2']);
    expect(finder().withVisibility(PROJECT).find()).toHaveLength(1);
    const onSheet = finder().withLocationType(app.DeveloperMetadataLocationType.SHEET).find();
    expect(onSheet.map((m) => m.getLocation().getSheet()?.getName())).toEqual(['Data']);
    const id = onSheet[0].getId();
    expect(book.createDeveloperMetadataFinder().withId(id).find()[0].getValue()).toBe('on the tab');
    expect(data.getDeveloperMetadata().map((m) => m.getValue())).toEqual(['on the tab']);
    expect(
      data
        .createDeveloperMetadataFinder()
        .find()
        .map((m) => m.getValue()),
    ).toEqual(['on the tab']);
    expect(book.getDeveloperMetadata()[0].getLocation().getSpreadsheet()).toBe(book);
  });

  it('hides PROJECT metadata of another Cloud project, as the service account’s would be', () => {
    const { fakes, book } = setUp();
    fakes.spreadsheet.metadata.create({
      key: 'worker-only',
      value: null,
      visibility: 'PROJECT',
      project: '100000000001',
      location: { type: 'SPREADSHEET' },
    });
    book.addDeveloperMetadata('everyone', 'x');
    expect(
      book
        .createDeveloperMetadataFinder()
        .find()
        .map((m) => m.getKey()),
    ).toEqual(['everyone']);
  });

  it('changes and removes metadata; a removed one is gone for every handle', () => {
    const { book } = setUp();
    book.addDeveloperMetadata('challenge', 'c-1');
    const [handle] = book.getDeveloperMetadata();
    expect(handle.setValue('c-2').getValue()).toBe('c-2');
    expect(book.getDeveloperMetadata()[0].setKey('answer').getKey()).toBe('answer');
    expect(handle.getKey()).toBe('answer');
    handle.remove();
    expect(book.getDeveloperMetadata()).toEqual([]);
    expect(() => handle.getValue()).toThrow(/no longer exists/);
  });

  it('gives the row a metadata entry sits on, as the row moves', () => {
    const { fakes } = setUp();
    const data = fakes.spreadsheet.requireSheet('Data');
    fakes.spreadsheet.metadata.create({
      key: 'written-by',
      value: 'worker',
      visibility: 'DOCUMENT',
      project: '100000000001',
      location: { type: 'ROW', sheetId: data.id, index: 4 },
    });
    data.insertRowsBefore(1, 2);
    const [found] = data.createDeveloperMetadataFinder().withKey('written-by').find();
    expect(found.getLocation().getRow()?.getA1Notation()).toBe('7:7');
    expect(found.getLocation().getColumn()).toBeNull();
    expect(String(found.getLocation().getLocationType())).toBe('ROW');
  });

  it('lets a custom function read metadata but not write it', () => {
    const { fakes, book } = setUp();
    book.addDeveloperMetadata('challenge', 'c-1');
    const read = fakes.runtime.run('custom-function', () => book.getDeveloperMetadata()[0].getValue());
    expect(read).toBe('c-1');
    for (const write of [
      () => book.addDeveloperMetadata('k'),
      () => book.getDeveloperMetadata()[0].setValue('x'),
      () => book.getDeveloperMetadata()[0].remove(),
      () => book.getSheets()[0].addDeveloperMetadata('k'),
    ]) {
      expect(() => fakes.runtime.run('custom-function', write)).toThrow(
        /You do not have permission to call .*(custom functions run without authorization)/,
      );
    }
    expect(book.getDeveloperMetadata().map((m) => m.getValue())).toEqual(['c-1']);
  });

  it('refuses a user who may only view the spreadsheet, who may still read', () => {
    const { fakes, book } = setUp();
    book.addDeveloperMetadata('challenge', 'c-1');
    fakes.spreadsheet.setAccess('Ana@team.com', 'view');
    expect(() => fakes.runtime.run('full', () => book.addDeveloperMetadata('proof', 'p'))).toThrow(
      NO_EDIT_ACCESS,
    );
    expect(() => book.getDeveloperMetadata()[0].remove()).toThrow(NO_EDIT_ACCESS);
    expect(() => book.getSheets()[0].addDeveloperMetadata('k')).toThrow(NO_EDIT_ACCESS);
    expect(book.getDeveloperMetadata().map((m) => m.getValue())).toEqual(['c-1']);
    // Another editor of the same spreadsheet may.
    fakes.session.actAs('bob@team.com');
    book.addDeveloperMetadata('proof', 'p');
    expect(book.getDeveloperMetadata()).toHaveLength(2);
  });

  it('counts each metadata call in the run, as every service call is', () => {
    const { fakes, book } = setUp();
    fakes.runtime.run('full', () => {
      book.addDeveloperMetadata('k', 'v');
      book.createDeveloperMetadataFinder().withKey('k').find();
      expect(fakes.runtime.execution?.calls.get('Spreadsheet.addDeveloperMetadata')).toBe(1);
      expect(fakes.runtime.execution?.calls.get('DeveloperMetadataFinder.find')).toBe(1);
    });
  });
});
