import { NEW_SHEET_COLUMNS, NEW_SHEET_ROWS, type FakeSheet } from '../apps-script/spreadsheet/sheet';
import type { FakeSpreadsheet } from '../apps-script/spreadsheet/spreadsheet';
import type { ChartStore } from './charts';
import { GoogleApiError, invalidArgument } from './google-errors';
import { repeatCell } from './cell-formats';
import { checkGrowth } from './spreadsheet-cell-limit';
import {
  createDeveloperMetadata,
  deleteDeveloperMetadata,
  updateDeveloperMetadata,
} from './metadata-requests';
import { object, text, whole, type Fields } from './request-fields';
import { sheetProperties, spreadsheetResource } from './spreadsheet-resource';

/**
 * spreadsheets.batchUpdate (https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets/batchUpdate):
 * requests applied in order, one reply per request ("{}" for kinds that have none), a refusal
 * answered as 400 "Invalid requests[i].<kind>: …". The kinds the worker uses are modelled:
 * addSheet, updateSheetProperties (title, rowCount, columnCount, frozen counts), deleteSheet,
 * appendDimension, insertDimension, repeatCell (number formats: cell-formats.ts), addChart,
 * updateChartSpec, updateEmbeddedObjectPosition (a chart's anchor, on any sheet),
 * deleteEmbeddedObject and the developer metadata kinds (metadata-requests.ts); any other is
 * refused by name. Each request is checked whole before it changes anything; Google also
 * undoes the earlier requests of a batch when a later one fails, which the emulator does not.
 */
export interface BatchTarget {
  spreadsheetId: string;
  spreadsheet: FakeSpreadsheet;
  charts: ChartStore;
  /** The caller's Cloud project: whose PROJECT-visible developer metadata it sees and creates. */
  project: string;
}

type Handler = (target: BatchTarget, request: Fields) => Fields;

const HANDLERS: Readonly<Record<string, Handler>> = {
  addSheet,
  updateSheetProperties,
  deleteSheet,
  appendDimension,
  insertDimension,
  repeatCell,
  addChart,
  updateChartSpec,
  updateEmbeddedObjectPosition,
  deleteEmbeddedObject,
  createDeveloperMetadata,
  updateDeveloperMetadata,
  deleteDeveloperMetadata,
};

export function batchUpdate(target: BatchTarget, body: unknown): Fields {
  const request = object(body, 'body');
  const requests = request.requests ?? [];
  if (!Array.isArray(requests)) throw invalidArgument("Invalid value at 'requests': expected a list");
  const replies = requests.map((item: unknown, i) => {
    const kinds = typeof item === 'object' && item !== null ? Object.keys(item) : [];
    if (kinds.length !== 1) {
      throw invalidArgument(
        `Invalid requests[${i}]: exactly one kind of request must be set, got ${kinds.length}`,
      );
    }
    const kind = kinds[0];
    const handler = Object.prototype.hasOwnProperty.call(HANDLERS, kind) ? HANDLERS[kind] : undefined;
    if (handler === undefined) {
      throw invalidArgument(
        `Invalid requests[${i}].${kind}: the Sheets API emulator does not model this request`,
      );
    }
    try {
      return handler(target, object((item as Fields)[kind], kind));
    } catch (error) {
      // The fakes throw Apps Script's sentences (a taken name, the last sheet); Google says the same.
      const message = error instanceof Error ? error.message : String(error);
      const status = error instanceof GoogleApiError ? error.status : 'INVALID_ARGUMENT';
      throw new GoogleApiError(status, `Invalid requests[${i}].${kind}: ${message}`);
    }
  });
  return {
    spreadsheetId: target.spreadsheetId,
    replies,
    ...(request.includeSpreadsheetInResponse === true
      ? { updatedSpreadsheet: spreadsheetResource(target) }
      : {}),
  };
}

function addSheet(target: BatchTarget, request: Fields): Fields {
  const { spreadsheet } = target;
  const properties = object(request.properties, 'properties');
  const grid = object(properties.gridProperties, 'properties.gridProperties');
  const count = spreadsheet.sheetNames.length;
  const title =
    properties.title === undefined ? defaultTitle(spreadsheet) : text(properties.title, 'properties.title');
  const index =
    properties.index === undefined ? count : whole(properties.index, 'properties.index', 0, count);
  const rows = grid.rowCount === undefined ? NEW_SHEET_ROWS : whole(grid.rowCount, 'rowCount', 1);
  const columns =
    grid.columnCount === undefined ? NEW_SHEET_COLUMNS : whole(grid.columnCount, 'columnCount', 1);
  const sheetId =
    properties.sheetId === undefined ? undefined : whole(properties.sheetId, 'properties.sheetId', 0);
  spreadsheet.checkNewSheetName(title, null);
  checkGrowth(spreadsheet, rows * columns);
  const sheet = spreadsheet.addSheetAt(title, index, { sheetId, rows, columns });
  setFrozen(sheet, grid);
  return { addSheet: { properties: sheetProperties(sheet, spreadsheet.indexOf(sheet)) } };
}

function updateSheetProperties(target: BatchTarget, request: Fields): Fields {
  const { spreadsheet } = target;
  const properties = object(request.properties, 'properties');
  const sheet = sheetWithId(spreadsheet, properties.sheetId);
  const fields = fieldMask(request.fields, properties);
  const grid = object(properties.gridProperties, 'properties.gridProperties');
  const unknown = fields.filter((field) => !UPDATABLE_SHEET_FIELDS.includes(field));
  if (unknown.length > 0)
    throw invalidArgument(`the Sheets API emulator does not model updating ${unknown.join(', ')}`);
  const wants = (field: string) => fields.includes(field);
  const title = wants('title') ? text(properties.title, 'properties.title') : null;
  if (title !== null) spreadsheet.checkNewSheetName(title, sheet);
  const rows = wants('gridProperties.rowCount') ? whole(grid.rowCount, 'rowCount', 1) : sheet.size.rows;
  const columns = wants('gridProperties.columnCount')
    ? whole(grid.columnCount, 'columnCount', 1)
    : sheet.size.columns;
  checkGrowth(spreadsheet, rows * columns - sheet.size.rows * sheet.size.columns);
  if (title !== null) sheet.setName(title);
  if (rows !== sheet.size.rows || columns !== sheet.size.columns) sheet.resize(rows, columns);
  setFrozen(sheet, {
    ...(wants('gridProperties.frozenRowCount') ? { frozenRowCount: grid.frozenRowCount ?? 0 } : {}),
    ...(wants('gridProperties.frozenColumnCount') ? { frozenColumnCount: grid.frozenColumnCount ?? 0 } : {}),
  });
  return {};
}

const UPDATABLE_SHEET_FIELDS = [
  'sheetId',
  'title',
  'gridProperties.rowCount',
  'gridProperties.columnCount',
  'gridProperties.frozenRowCount',
  'gridProperties.frozenColumnCount',
];

function deleteSheet(target: BatchTarget, request: Fields): Fields {
  const sheet = sheetWithId(target.spreadsheet, request.sheetId);
  target.spreadsheet.deleteSheet(sheet);
  target.charts.remove(target.spreadsheetId, (chart) => chart.sheetId !== sheet.id);
  return {};
}

function appendDimension(target: BatchTarget, request: Fields): Fields {
  const sheet = sheetWithId(target.spreadsheet, request.sheetId);
  const dimension = dimensionOf(request.dimension);
  const length = whole(request.length, 'length', 1);
  grow(
    target.spreadsheet,
    sheet,
    dimension,
    dimension === 'ROWS' ? sheet.size.rows : sheet.size.columns,
    length,
  );
  return {};
}

function insertDimension(target: BatchTarget, request: Fields): Fields {
  const range = object(request.range, 'range');
  const sheet = sheetWithId(target.spreadsheet, range.sheetId);
  const dimension = dimensionOf(range.dimension);
  const size = dimension === 'ROWS' ? sheet.size.rows : sheet.size.columns;
  const start = whole(range.startIndex, 'range.startIndex', 0, size);
  const end = whole(range.endIndex, 'range.endIndex', start + 1);
  grow(target.spreadsheet, sheet, dimension, start, end - start);
  return {};
}

function addChart(target: BatchTarget, request: Fields): Fields {
  const chart = object(request.chart, 'chart');
  const spec = object(chart.spec, 'chart.spec');
  const position = object(chart.position, 'chart.position');
  if (Object.keys(spec).length === 0) throw invalidArgument('chart.spec is required');
  if (position.newSheet === true)
    throw invalidArgument('the Sheets API emulator does not model charts on a new sheet');
  const anchor = object(object(position.overlayPosition, 'overlayPosition').anchorCell, 'anchorCell');
  const sheet = sheetWithId(target.spreadsheet, position.sheetId ?? anchor.sheetId);
  checkGridIds(target.spreadsheet, spec);
  const wanted = chart.chartId === undefined ? undefined : whole(chart.chartId, 'chart.chartId', 0);
  const chartId = target.charts.claimId(target.spreadsheetId, wanted);
  if (chartId === null) throw invalidArgument(`An object with id ${String(wanted)} already exists.`);
  target.charts.add(target.spreadsheetId, { chartId, sheetId: sheet.id, spec, position });
  return { addChart: { chart: { chartId, spec, position } } };
}

function updateChartSpec(target: BatchTarget, request: Fields): Fields {
  const chartId = whole(request.chartId, 'chartId', 0);
  const spec = object(request.spec, 'spec');
  if (target.charts.find(target.spreadsheetId, chartId) === null)
    throw invalidArgument(`No chart with id: ${chartId}`);
  checkGridIds(target.spreadsheet, spec);
  target.charts.updateSpec(target.spreadsheetId, chartId, spec);
  return {};
}

/**
 * A chart's new anchor (overlayPosition.anchorCell), on its sheet or another: the chart moves to
 * the anchor's sheet. A new sheet of its own is not modelled. `fields` must name what changes.
 */
function updateEmbeddedObjectPosition(target: BatchTarget, request: Fields): Fields {
  const objectId = whole(request.objectId, 'objectId', 0);
  const chart = target.charts.find(target.spreadsheetId, objectId);
  if (chart === null) throw invalidArgument(`No object with id: ${objectId}`);
  const position = object(request.newPosition, 'newPosition');
  if (position.newSheet === true)
    throw invalidArgument('the Sheets API emulator does not model moving a chart to a new sheet');
  const overlay = object(position.overlayPosition, 'newPosition.overlayPosition');
  const anchor = object(overlay.anchorCell, 'newPosition.overlayPosition.anchorCell');
  if (typeof request.fields !== 'string' || request.fields.trim() === '')
    throw invalidArgument('At least one field must be specified in fields.');
  const sheet = sheetWithId(target.spreadsheet, position.sheetId ?? anchor.sheetId);
  const cell = {
    sheetId: sheet.id,
    rowIndex: whole(anchor.rowIndex ?? 0, 'anchorCell.rowIndex', 0, sheet.size.rows - 1),
    columnIndex: whole(anchor.columnIndex ?? 0, 'anchorCell.columnIndex', 0, sheet.size.columns - 1),
  };
  const was = object(chart.position.overlayPosition, 'overlayPosition');
  target.charts.move(target.spreadsheetId, objectId, sheet.id, {
    overlayPosition: { ...was, ...overlay, anchorCell: cell },
  });
  return {};
}

function deleteEmbeddedObject(target: BatchTarget, request: Fields): Fields {
  const objectId = whole(request.objectId, 'objectId', 0);
  if (target.charts.find(target.spreadsheetId, objectId) === null)
    throw invalidArgument(`No object with id: ${objectId}`);
  target.charts.remove(target.spreadsheetId, (chart) => chart.chartId !== objectId);
  return {};
}

// ---- helpers ----

function grow(
  spreadsheet: FakeSpreadsheet,
  sheet: FakeSheet,
  dimension: 'ROWS' | 'COLUMNS',
  at: number,
  howMany: number,
): void {
  const { rows, columns } = sheet.size;
  checkGrowth(spreadsheet, howMany * (dimension === 'ROWS' ? columns : rows));
  if (dimension === 'ROWS') {
    if (at === 0) sheet.insertRowsBefore(1, howMany);
    else sheet.insertRowsAfter(at, howMany);
  } else if (at === 0) sheet.insertColumnsBefore(1, howMany);
  else sheet.insertColumnsAfter(at, howMany);
}

function setFrozen(sheet: FakeSheet, grid: Fields): void {
  if (grid.frozenRowCount !== undefined) sheet.setFrozenRows(whole(grid.frozenRowCount, 'frozenRowCount', 0));
  if (grid.frozenColumnCount !== undefined)
    sheet.setFrozenColumns(whole(grid.frozenColumnCount, 'frozenColumnCount', 0));
}

/** Google's message for an id that names no sheet. */
function sheetWithId(spreadsheet: FakeSpreadsheet, id: unknown): FakeSheet {
  const sheetId = id === undefined ? 0 : whole(id, 'sheetId', 0);
  const sheet = spreadsheet.sheetById(sheetId);
  if (sheet === null) throw invalidArgument(`No grid with id: ${sheetId}`);
  return sheet;
}

/** Every GridRange in a chart spec must name an existing sheet. */
function checkGridIds(spreadsheet: FakeSpreadsheet, value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach((item) => checkGridIds(spreadsheet, item));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === 'sheetId') sheetWithId(spreadsheet, item);
    else checkGridIds(spreadsheet, item);
  }
}

/** `fields` is required ("*" for every field given); Google refuses an update that names none. */
function fieldMask(fields: unknown, properties: Fields): string[] {
  if (typeof fields !== 'string' || fields.trim() === '') {
    throw invalidArgument('At least one field must be specified in fields.');
  }
  if (fields.trim() === '*') return flatten(properties);
  return fields.split(',').flatMap((field) => {
    const name = field.trim();
    return name === 'gridProperties' ? flatten({ gridProperties: properties.gridProperties ?? {} }) : [name];
  });
}

function flatten(value: Fields, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, item]) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? flatten(item as Fields, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function defaultTitle(spreadsheet: FakeSpreadsheet): string {
  for (let n = spreadsheet.sheetNames.length + 1; ; n++)
    if (spreadsheet.sheet(`Sheet${n}`) === null) return `Sheet${n}`;
}

function dimensionOf(value: unknown): 'ROWS' | 'COLUMNS' {
  if (value === 'ROWS' || value === 'COLUMNS') return value;
  throw invalidArgument(`Invalid value at 'dimension' (${String(value)})`);
}
