import type { MetadataLocation } from '../apps-script/spreadsheet/developer-metadata-store';
import type { FakeSheet } from '../apps-script/spreadsheet/sheet';
import type { FakeSpreadsheet } from '../apps-script/spreadsheet/spreadsheet';
import type { ChartStore } from './charts';
import { metadataResource } from './metadata-json';

/**
 * The Spreadsheet resource of spreadsheets.get (https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets#Spreadsheet),
 * the parts the fakes hold: properties (title, locale, time zone), the developer metadata on the
 * spreadsheet and on each sheet that the caller's project may see, and each sheet's properties and
 * charts. Google leaves out fields at their defaults (a frozen count of 0, an empty list).
 * `fields` masks are accepted and not applied: an answer with more fields reads the same to a
 * tolerant client.
 */
export interface ResourceSource {
  spreadsheetId: string;
  spreadsheet: FakeSpreadsheet;
  charts: ChartStore;
  /** The caller's Cloud project: PROJECT-visible metadata of other projects is left out. */
  project: string;
}

export function spreadsheetResource(source: ResourceSource): Record<string, unknown> {
  const { spreadsheetId, spreadsheet, charts } = source;
  const allCharts = charts.list(spreadsheetId);
  const metadataOn = (at: MetadataLocation) => {
    const found = spreadsheet.metadata.find(source.project, { location: { at, exact: true } });
    return found.length === 0 ? {} : { developerMetadata: found.map(metadataResource) };
  };
  return {
    spreadsheetId,
    properties: {
      title: spreadsheet.getName(),
      locale: 'en_US',
      autoRecalc: 'ON_CHANGE',
      timeZone: spreadsheet.timeZone,
    },
    sheets: spreadsheet.sheetNames.map((name, index) => {
      const sheet = spreadsheet.requireSheet(name);
      const sheetCharts = allCharts
        .filter((chart) => chart.sheetId === sheet.id)
        .map(({ chartId, spec, position }) => ({ chartId, spec, position }));
      return {
        properties: sheetProperties(sheet, index),
        ...(sheetCharts.length === 0 ? {} : { charts: sheetCharts }),
        ...metadataOn({ type: 'SHEET', sheetId: sheet.id }),
      };
    }),
    ...metadataOn({ type: 'SPREADSHEET' }),
    spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit`,
  };
}

export function sheetProperties(sheet: FakeSheet, index: number): Record<string, unknown> {
  const frozenRowCount = sheet.getFrozenRows();
  const frozenColumnCount = sheet.getFrozenColumns();
  return {
    sheetId: sheet.id,
    title: sheet.title,
    index,
    sheetType: 'GRID',
    gridProperties: {
      rowCount: sheet.size.rows,
      columnCount: sheet.size.columns,
      ...(frozenRowCount === 0 ? {} : { frozenRowCount }),
      ...(frozenColumnCount === 0 ? {} : { frozenColumnCount }),
    },
  };
}
