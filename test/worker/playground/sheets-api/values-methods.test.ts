import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import { failure, startHarness, SPREADSHEET_ID, type Harness } from './emulator-harness';

const spreadsheetId = SPREADSHEET_ID;

describe('the emulator spreadsheets.values methods, through googleapis', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ sheets: ['Sheet1', 'My tab'] });
  });
  afterEach(async () => {
    await h.close();
  });

  const cells = (a1: string) => h.spreadsheet.getRange(a1).getValues();

  it('writes with values.update into the fake spreadsheet, RAW as given, USER_ENTERED as typed', async () => {
    const raw = await h.sheets.spreadsheets.values.update({
      spreadsheetId,
      range: "'My tab'!B2",
      valueInputOption: 'RAW',
      requestBody: {
        values: [
          ['=1+1', '007', 12],
          [true, null, 'x'],
        ],
      },
    });
    expect(raw.data).toEqual({
      spreadsheetId,
      updatedRange: "'My tab'!B2:D3",
      updatedRows: 2,
      updatedColumns: 3,
      updatedCells: 5,
    });
    expect(cells("'My tab'!B2:D3")).toEqual([
      ['=1+1', '007', 12],
      [true, '', 'x'],
    ]);
    await h.sheets.spreadsheets.values.update({
      spreadsheetId,
      range: 'Sheet1!A1:B1',
      valueInputOption: 'USER_ENTERED',
      requestBody: { values: [['007', '12%']] },
    });
    expect(cells('Sheet1!A1:B1')).toEqual([[7, 0.12]]);
    expect(h.fakes.spreadsheetApp.writes.count('SheetsApi.values.update')).toBe(2);
  });

  it('reads what the fakes wrote with values.get, trimmed and rendered as Google renders', async () => {
    h.spreadsheet.getRange('Sheet1!A1:C3').setValues([
      ['name', 'followers', ''],
      ['@a', 1200.5, ''],
      ['', '', ''],
    ]);
    h.spreadsheet.getRange('Sheet1!B2').setNumberFormat('#,##0.00');
    const formatted = await h.sheets.spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!A1:C3' });
    expect(formatted.data).toEqual({
      range: 'Sheet1!A1:C3',
      majorDimension: 'ROWS',
      values: [
        ['name', 'followers'],
        ['@a', '1,200.50'],
      ],
    });
    const raw = await h.sheets.spreadsheets.values.get({
      spreadsheetId,
      range: 'Sheet1!A:B',
      valueRenderOption: 'UNFORMATTED_VALUE',
    });
    expect(raw.data.range).toBe('Sheet1!A1:B1000');
    expect(raw.data.values).toEqual([
      ['name', 'followers'],
      ['@a', 1200.5],
    ]);
    const empty = await h.sheets.spreadsheets.values.get({ spreadsheetId, range: "'My tab'" });
    expect(empty.data).toEqual({ range: "'My tab'!A1:Z1000", majorDimension: 'ROWS' });
  });

  it('answers several ranges with values.batchGet', async () => {
    h.spreadsheet.getRange('Sheet1!A1:A2').setValues([['a'], ['b']]);
    h.spreadsheet.getRange("'My tab'!C3").setValue('c');
    const answer = await h.sheets.spreadsheets.values.batchGet({
      spreadsheetId,
      ranges: ['Sheet1!A1:A2', "'My tab'!C3"],
    });
    expect(answer.data).toEqual({
      spreadsheetId,
      valueRanges: [
        { range: 'Sheet1!A1:A2', majorDimension: 'ROWS', values: [['a'], ['b']] },
        { range: "'My tab'!C3", majorDimension: 'ROWS', values: [['c']] },
      ],
    });
  });

  it('writes several ranges at once with values.batchUpdate, all or nothing', async () => {
    const answer = await h.sheets.spreadsheets.values.batchUpdate({
      spreadsheetId,
      requestBody: {
        valueInputOption: 'RAW',
        data: [
          { range: 'Sheet1!A1', values: [['a', 'b']] },
          { range: "'My tab'!A1:A2", values: [[1], [2]] },
        ],
      },
    });
    expect(answer.data).toMatchObject({
      spreadsheetId,
      totalUpdatedRows: 3,
      totalUpdatedColumns: 3,
      totalUpdatedCells: 4,
      totalUpdatedSheets: 2,
    });
    expect(cells('Sheet1!A1:B1')).toEqual([['a', 'b']]);
    expect(cells("'My tab'!A1:A2")).toEqual([[1], [2]]);

    const refused = await failure(
      h.sheets.spreadsheets.values.batchUpdate({
        spreadsheetId,
        requestBody: {
          valueInputOption: 'RAW',
          data: [
            { range: 'Sheet1!C1', values: [['written?']] },
            { range: 'Nope!A1', values: [['x']] },
          ],
        },
      }),
    );
    expect(refused.error).toEqual({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: 'Invalid data[1]: Unable to parse range: Nope!A1',
    });
    expect(cells('Sheet1!C1')).toEqual([['']]);
  });

  it('appends below the table values.append finds, and grows the sheet past its end', async () => {
    h.spreadsheet.getRange('Sheet1!B2:C3').setValues([
      ['handle', 'followers'],
      ['@a', 10],
    ]);
    const first = await h.sheets.spreadsheets.values.append({
      spreadsheetId,
      range: 'Sheet1!A:D',
      valueInputOption: 'RAW',
      requestBody: { values: [['@b', 20]] },
    });
    expect(first.data).toEqual({
      spreadsheetId,
      tableRange: 'Sheet1!B2:C3',
      updates: {
        spreadsheetId,
        updatedRange: 'Sheet1!B4:C4',
        updatedRows: 1,
        updatedColumns: 2,
        updatedCells: 2,
      },
    });
    expect(cells('Sheet1!B4:C4')).toEqual([['@b', 20]]);

    const tab = h.spreadsheet.requireSheet('My tab');
    tab.getRange(999, 1, 2, 1).setValues([['x'], ['y']]);
    const grown = await h.sheets.spreadsheets.values.append({
      spreadsheetId,
      range: "'My tab'!A999",
      valueInputOption: 'USER_ENTERED',
      insertDataOption: 'INSERT_ROWS',
      requestBody: { values: [['z1'], ['z2'], ['z3']] },
    });
    expect(grown.data).toMatchObject({ tableRange: "'My tab'!A999:A1000" });
    expect(grown.data.updates?.updatedRange).toBe("'My tab'!A1001:A1003");
    expect(tab.getMaxRows()).toBe(1003);
    expect(tab.getRange('A999:A1003').getValues()).toEqual([['x'], ['y'], ['z1'], ['z2'], ['z3']]);
  });

  it('clears values with values.clear and keeps formats', async () => {
    h.spreadsheet.getRange('Sheet1!A1:B2').setValues([
      [1, 2],
      [3, 4],
    ]);
    h.spreadsheet.getRange('Sheet1!A1').setNumberFormat('0.00');
    const answer = await h.sheets.spreadsheets.values.clear({ spreadsheetId, range: 'Sheet1!A1:B2' });
    expect(answer.data).toEqual({ spreadsheetId, clearedRange: 'Sheet1!A1:B2' });
    expect(cells('Sheet1!A1:B2')).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect(h.spreadsheet.getRange('Sheet1!A1').getNumberFormat()).toBe('0.00');
  });

  it('refuses ranges it cannot read, and writes past the grid or the range', async () => {
    const unparsable = await failure(
      h.sheets.spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!A1:B2:C3' }),
    );
    expect(unparsable).toEqual({
      status: 400,
      error: { code: 400, status: 'INVALID_ARGUMENT', message: 'Unable to parse range: Sheet1!A1:B2:C3' },
    });
    const beyond = await failure(
      h.sheets.spreadsheets.values.update({
        spreadsheetId,
        range: 'Sheet1!A1000',
        valueInputOption: 'RAW',
        requestBody: { values: [['a'], ['b']] },
      }),
    );
    expect(beyond.error.message).toBe(
      'Range (Sheet1!A1000:A1001) exceeds grid limits. Max rows: 1000, max columns: 26',
    );
    const outside = await failure(
      h.sheets.spreadsheets.values.update({
        spreadsheetId,
        range: 'Sheet1!A1:B1',
        valueInputOption: 'RAW',
        requestBody: { values: [['a', 'b', 'c']] },
      }),
    );
    expect(outside.error.message).toBe(
      'Requested writing within range [Sheet1!A1:B1], but tried writing to column [C]',
    );
    const noOption = await failure(
      h.sheets.spreadsheets.values.update({
        spreadsheetId,
        range: 'Sheet1!A1',
        requestBody: { values: [['a']] },
      }),
    );
    expect(noOption.error.message).toBe("'valueInputOption' is required but not specified");
    expect(cells('Sheet1!A1:C1')).toEqual([['', '', '']]);
  });

  it('refuses a cell over 50,000 characters, writing nothing', async () => {
    const refused = await failure(
      h.sheets.spreadsheets.values.update({
        spreadsheetId,
        range: 'Sheet1!A1',
        valueInputOption: 'RAW',
        requestBody: { values: [['fine', 'x'.repeat(50_001)]] },
      }),
    );
    expect(refused.error).toEqual({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: 'Your input contains more than the maximum of 50000 characters in a single cell.',
    });
    expect(cells('Sheet1!A1')).toEqual([['']]);
  });

  it('answers 404 for an unknown spreadsheet, 403 where it is not shared or only readable', async () => {
    const missing = await failure(h.sheets.spreadsheets.values.get({ spreadsheetId: 'nope', range: 'A1' }));
    expect(missing).toEqual({
      status: 404,
      error: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.' },
    });

    const reader = createServiceAccountKey();
    h.emulator.share(spreadsheetId, reader.clientEmail, 'reader');
    const asReader = await h.client(reader);
    h.spreadsheet.getRange('Sheet1!A1').setValue('visible');
    const read = await asReader.spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!A1' });
    expect(read.data.values).toEqual([['visible']]);
    const write = await failure(
      asReader.spreadsheets.values.update({
        spreadsheetId,
        range: 'Sheet1!A1',
        valueInputOption: 'RAW',
        requestBody: { values: [['changed']] },
      }),
    );
    expect(write.error).toEqual({
      code: 403,
      status: 'PERMISSION_DENIED',
      message: 'The caller does not have permission',
    });
    expect(cells('Sheet1!A1')).toEqual([['visible']]);

    h.emulator.unshare(spreadsheetId, reader.clientEmail);
    expect((await failure(asReader.spreadsheets.get({ spreadsheetId }))).status).toBe(403);
  });
});
