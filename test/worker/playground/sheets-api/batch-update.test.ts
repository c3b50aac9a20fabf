import { failure, startHarness, SPREADSHEET_ID, type Harness } from './emulator-harness';

const spreadsheetId = SPREADSHEET_ID;

describe('the emulator spreadsheets.get and spreadsheets.batchUpdate, through googleapis', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('describes the fake spreadsheet as spreadsheets.get does', async () => {
    const answer = await h.sheets.spreadsheets.get({ spreadsheetId, fields: 'properties,sheets.properties' });
    expect(answer.data).toMatchObject({
      spreadsheetId,
      properties: { title: 'Creators', timeZone: 'Europe/Berlin' },
      sheets: [
        {
          properties: {
            sheetId: 0,
            title: 'Sheet1',
            index: 0,
            gridProperties: { rowCount: 1000, columnCount: 26 },
          },
        },
      ],
    });
  });

  it('adds, renames, resizes, grows and deletes sheets, answering replies as Google does', async () => {
    const added = await h.sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: {
        requests: [
          { addSheet: { properties: { title: 'Report', gridProperties: { rowCount: 10, columnCount: 3 } } } },
          { appendDimension: { sheetId: 0, dimension: 'ROWS', length: 5 } },
        ],
      },
    });
    const properties = added.data.replies?.[0].addSheet?.properties;
    expect(properties).toMatchObject({
      title: 'Report',
      index: 1,
      gridProperties: { rowCount: 10, columnCount: 3 },
    });
    expect(added.data.replies?.[1]).toEqual({});
    expect(h.spreadsheet.sheetNames).toEqual(['Sheet1', 'Report']);
    expect(h.spreadsheet.activeSheet.title).toBe('Sheet1');
    expect(h.spreadsheet.requireSheet('Sheet1').getMaxRows()).toBe(1005);
    const sheetId = properties?.sheetId ?? -1;

    h.spreadsheet
      .requireSheet('Report')
      .getRange('A1:A2')
      .setValues([['first'], ['second']]);
    await h.sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: {
        requests: [
          {
            updateSheetProperties: {
              properties: {
                sheetId,
                title: 'Weekly report',
                gridProperties: { rowCount: 20, frozenRowCount: 1 },
              },
              fields: 'title,gridProperties.rowCount,gridProperties.frozenRowCount',
            },
          },
          { insertDimension: { range: { sheetId, dimension: 'ROWS', startIndex: 1, endIndex: 3 } } },
        ],
      },
    });
    const report = h.spreadsheet.requireSheet('Weekly report');
    expect(report.getMaxRows()).toBe(22);
    expect(report.getFrozenRows()).toBe(1);
    expect(report.getRange('A1:A4').getValues()).toEqual([['first'], [''], [''], ['second']]);

    const taken = await failure(
      h.sheets.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: { requests: [{ addSheet: { properties: { title: 'sheet1' } } }] },
      }),
    );
    expect(taken.error.message).toBe(
      'Invalid requests[0].addSheet: A sheet with the name "sheet1" already exists. Please enter another name.',
    );

    await h.sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: { requests: [{ deleteSheet: { sheetId } }] },
    });
    expect(h.spreadsheet.sheetNames).toEqual(['Sheet1']);
    const last = await failure(
      h.sheets.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: { requests: [{ deleteSheet: { sheetId: 0 } }] },
      }),
    );
    expect(last.error.message).toBe(
      "Invalid requests[0].deleteSheet: You can't remove all the sheets in a document.",
    );
    const unknown = await failure(
      h.sheets.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: { requests: [{ deleteSheet: { sheetId: 42 } }] },
      }),
    );
    expect(unknown.error.message).toBe('Invalid requests[0].deleteSheet: No grid with id: 42');
  });

  it('keeps charts as specs: addChart, updateChartSpec, and spreadsheets.get lists them', async () => {
    const spec = {
      title: 'Followers',
      basicChart: {
        chartType: 'LINE',
        domains: [
          {
            domain: {
              sourceRange: {
                sources: [
                  { sheetId: 0, startRowIndex: 0, endRowIndex: 10, startColumnIndex: 0, endColumnIndex: 1 },
                ],
              },
            },
          },
        ],
        series: [
          {
            series: {
              sourceRange: {
                sources: [
                  { sheetId: 0, startRowIndex: 0, endRowIndex: 10, startColumnIndex: 1, endColumnIndex: 2 },
                ],
              },
            },
          },
        ],
      },
    };
    const position = { overlayPosition: { anchorCell: { sheetId: 0, rowIndex: 1, columnIndex: 4 } } };
    const added = await h.sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: { requests: [{ addChart: { chart: { spec, position } } }] },
    });
    const chartId = added.data.replies?.[0].addChart?.chart?.chartId;
    expect(typeof chartId).toBe('number');
    await h.sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: { requests: [{ updateChartSpec: { chartId, spec: { ...spec, title: 'Growth' } } }] },
    });
    expect(h.emulator.charts(spreadsheetId)).toEqual([
      { chartId, sheetId: 0, spec: { ...spec, title: 'Growth' }, position },
    ]);
    const listed = await h.sheets.spreadsheets.get({ spreadsheetId });
    expect(listed.data.sheets?.[0].charts).toEqual([
      { chartId, spec: { ...spec, title: 'Growth' }, position },
    ]);

    const missing = await failure(
      h.sheets.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: { requests: [{ updateChartSpec: { chartId: 7, spec } }] },
      }),
    );
    expect(missing.error.message).toBe('Invalid requests[0].updateChartSpec: No chart with id: 7');
  });

  it('sets number formats with repeatCell, as getNumberFormats and the shown values read them', async () => {
    const sheet = h.spreadsheet.requireSheet('Sheet1');
    sheet.getRange('A1:C2').setNumberFormat('@');
    await h.sheets.spreadsheets.values.update({
      spreadsheetId,
      range: 'Sheet1!A1:C1',
      valueInputOption: 'RAW',
      requestBody: { values: [[45011, 0.041594454, 46327.375]] },
    });
    const range = (start: number, end: number) => ({
      sheetId: 0,
      startRowIndex: 0,
      endRowIndex: 2,
      startColumnIndex: start,
      endColumnIndex: end,
    });
    const numberFormat = (type: string, pattern: string) => ({
      userEnteredFormat: { numberFormat: { type, pattern } },
    });
    const fields = 'userEnteredFormat.numberFormat';
    await h.sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: {
        requests: [
          { repeatCell: { range: range(0, 1), cell: numberFormat('NUMBER', '#,##0'), fields } },
          { repeatCell: { range: range(1, 2), cell: numberFormat('PERCENT', '0.00%'), fields } },
          { repeatCell: { range: range(2, 3), cell: numberFormat('DATE_TIME', 'yyyy-mm-dd hh:mm'), fields } },
        ],
      },
    });
    expect(sheet.getRange('A1:C2').getNumberFormats()).toEqual([
      ['#,##0', '0.00%', 'yyyy-mm-dd hh:mm'],
      ['#,##0', '0.00%', 'yyyy-mm-dd hh:mm'],
    ]);
    expect(sheet.getRange('A1:C1').getDisplayValues()).toEqual([['45,011', '4.16%', '2026-11-01 09:00']]);
    // The values stay what was written.
    expect(sheet.getRange('A1:C1').getValues()).toEqual([[45011, 0.041594454, 46327.375]]);

    const past = await failure(
      h.sheets.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: {
          requests: [
            {
              repeatCell: {
                range: { ...range(0, 1), endRowIndex: 1001 },
                cell: numberFormat('TEXT', '@'),
                fields,
              },
            },
          ],
        },
      }),
    );
    expect(past.error.message).toBe(
      'Invalid requests[0].repeatCell: Range exceeds grid limits. Max rows: 1000, max columns: 26',
    );
    const bold = await failure(
      h.sheets.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: {
          requests: [
            {
              repeatCell: {
                range: range(0, 1),
                cell: { userEnteredFormat: { textFormat: { bold: true } } },
                fields: 'userEnteredFormat.textFormat',
              },
            },
          ],
        },
      }),
    );
    expect(bold.error.message).toBe(
      'Invalid requests[0].repeatCell: the Sheets API emulator does not model setting userEnteredFormat.textFormat',
    );
  });

  it('moves a chart to another anchor, on its sheet or another, with updateEmbeddedObjectPosition', async () => {
    await h.sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: { requests: [{ addSheet: { properties: { sheetId: 42, title: 'Summary' } } }] },
    });
    const added = await h.sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: {
        requests: [
          {
            addChart: {
              chart: {
                spec: { title: 'Followers' },
                position: { overlayPosition: { anchorCell: { sheetId: 0, rowIndex: 0, columnIndex: 36 } } },
              },
            },
          },
        ],
      },
    });
    const chartId = added.data.replies?.[0].addChart?.chart?.chartId ?? -1;
    await h.sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: {
        requests: [
          {
            updateEmbeddedObjectPosition: {
              objectId: chartId,
              newPosition: { overlayPosition: { anchorCell: { sheetId: 42, rowIndex: 2, columnIndex: 0 } } },
              fields: '*',
            },
          },
        ],
      },
    });
    expect(h.emulator.charts(spreadsheetId)).toMatchObject([
      {
        chartId,
        sheetId: 42,
        position: { overlayPosition: { anchorCell: { sheetId: 42, rowIndex: 2, columnIndex: 0 } } },
      },
    ]);
    const missing = await failure(
      h.sheets.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: {
          requests: [{ updateEmbeddedObjectPosition: { objectId: 7, newPosition: {}, fields: '*' } }],
        },
      }),
    );
    expect(missing.error.message).toBe(
      'Invalid requests[0].updateEmbeddedObjectPosition: No object with id: 7',
    );
  });

  it('refuses growth past 10,000,000 cells, changing nothing', async () => {
    const refused = await failure(
      h.sheets.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: {
          requests: [
            {
              updateSheetProperties: {
                properties: { sheetId: 0, gridProperties: { rowCount: 400_000, columnCount: 26 } },
                fields: 'gridProperties.rowCount,gridProperties.columnCount',
              },
            },
          ],
        },
      }),
    );
    expect(refused.error).toEqual({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message:
        'Invalid requests[0].updateSheetProperties: This action would increase the number of cells in the workbook above the limit of 10000000 cells.',
    });
    expect(h.spreadsheet.requireSheet('Sheet1').getMaxRows()).toBe(1000);

    const appended = await failure(
      h.sheets.spreadsheets.values.append({
        spreadsheetId,
        range: 'Sheet1!A1',
        valueInputOption: 'RAW',
        requestBody: { values: [Array.from({ length: 12_000 }, () => 'x')] },
      }),
    );
    expect(appended.error.message).toMatch(/above the limit of 10000000 cells/);
    expect(h.spreadsheet.requireSheet('Sheet1').getMaxColumns()).toBe(26);
  });

  it('refuses request kinds it does not model, by name', async () => {
    const refused = await failure(
      h.sheets.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: { requests: [{ mergeCells: { mergeType: 'MERGE_ALL' } }] },
      }),
    );
    expect(refused.error.message).toBe(
      'Invalid requests[0].mergeCells: the Sheets API emulator does not model this request',
    );
  });
});
