import type { Column } from '../../../../shared/rows/columns';
import { writeTableToNewTab } from '../../../../addon/server/sheet/table-tab';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

const COLUMNS: Column[] = [
  { id: 'name', label: 'Name', format: 'text' },
  { id: 'followers', label: 'Followers', format: 'integer' },
];

describe('writeTableToNewTab', () => {
  let globals: ServerGlobals;
  beforeEach(() => {
    globals = installServerGlobals({ spreadsheet: { sheets: ['Overlap'] } });
  });
  afterEach(() => globals.restore());

  it('writes header and rows into a new uniquely named tab, text kept as text, in blocks of 500', () => {
    const rows = Array.from({ length: 1201 }, (_, i) => [i === 0 ? '=1+1' : `creator ${i}`, i]);
    const written = writeTableToNewTab('Overlap', COLUMNS, rows, { kind: 'overlap', credits: 1 });
    expect(written).toEqual({
      sheetName: 'Overlap (2)',
      destination: "'Overlap (2)'!A2",
      rows: 1201,
      mode: 'new',
    });
    const sheet = globals.fakes.spreadsheetApp.getActiveSpreadsheet().getSheetByName('Overlap (2)');
    expect(sheet?.getRange('A1:B2').getValues()).toEqual([
      ['Name', 'Followers'],
      ['=1+1', 0],
    ]);
    expect(sheet?.getRange('A1202:B1202').getValues()).toEqual([['creator 1200', 1200]]);
    expect(sheet?.getFrozenRows()).toBe(1);
    // Header, then three blocks of rows: 500 + 500 + 201.
    expect(globals.fakes.spreadsheetApp.writes.count('Range.setValues')).toBe(4);
  });

  it('makes an empty table a header-only tab', () => {
    const written = writeTableToNewTab('Empty', COLUMNS, [], { kind: 'dictionary', credits: 0 });
    expect(written.rows).toBe(0);
    const sheet = globals.fakes.spreadsheetApp.getActiveSpreadsheet().getSheetByName('Empty');
    expect(sheet?.getRange('A1:B1').getValues()).toEqual([['Name', 'Followers']]);
  });
});
