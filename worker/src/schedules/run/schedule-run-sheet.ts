import type { sheets_v4 } from '@googleapis/sheets';
import { gridGrowth } from './grid-growth';
import { pacedCall, type PacedCallScope } from '../../google/paced-sheets-call';

/**
 * An embedded chart as a run sees it: its id and alt text (growth-chart.ts finds its own by them),
 * its whole spec (a run changes only its data ranges, keeping what the user styled), and anchor.
 */
export interface ScheduleChart {
  chartId: number;
  altText: string;
  spec: sheets_v4.Schema$ChartSpec;
  /** The cell its top left floats over, 1-based; null when it is not floating over a cell. */
  anchor: { sheetId: number; row: number; column: number } | null;
}

/** A tab of the spreadsheet as a run needs it: its id, place among the tabs, and grid size. */
export interface ScheduleTab {
  sheetId: number;
  title: string;
  /** Its place in the tab strip, from 0. */
  index: number;
  rows: number;
  columns: number;
  charts: ScheduleChart[];
}

/** A cell as the run writes it (RAW) or reads it (UNFORMATTED_VALUE). */
export type SheetValue = string | number | boolean | null;

/**
 * The Sheets API calls of one schedule run, on one spreadsheet: each waits its turn on the
 * worker's pacer and is made with googleapis' retries off (`retry: false`), so a refusal arrives
 * as `DeliveryRefused` in words (paced-sheets-call.ts). Nothing here logs.
 */
export interface ScheduleSheet {
  /** Every tab's id, title and grid size (one read). */
  tabs(): Promise<ScheduleTab[]>;
  /** Values of a range, rows of cells (trailing empty rows and cells trimmed, as Google does). */
  read(range: string): Promise<unknown[][]>;
  /** Several ranges, each read down its columns (one values.batchGet): one list of cells per range. */
  readColumns(ranges: string[]): Promise<unknown[][]>;
  /** Several ranges as rows of cells (one values.batchGet), one per range, trimmed as `read`. */
  readRows(ranges: string[]): Promise<unknown[][][]>;
  update(range: string, values: SheetValue[][]): Promise<void>;
  /** Several ranges in one write call. */
  updateMany(data: { range: string; values: SheetValue[][] }[]): Promise<void>;
  /** values.append below the table at `range`; answers the A1 range written (Google's updatedRange). */
  append(range: string, values: SheetValue[][]): Promise<string | null>;
  clear(range: string): Promise<void>;
  /** A new tab at the end; its id. */
  addTab(title: string, columns: number): Promise<ScheduleTab>;
  /** spreadsheets.batchUpdate with these requests (one write); Google's replies, one per request. */
  batch(requests: sheets_v4.Schema$Request[]): Promise<sheets_v4.Schema$Response[]>;
  /** Grows the tab (one write) so that rows 1..`lastRow` and columns 1..`lastColumn` exist. */
  grow(tab: ScheduleTab, lastRow: number, lastColumn: number): Promise<ScheduleTab>;
}

export function scheduleSheet(
  scope: PacedCallScope,
  sheets: sheets_v4.Sheets,
  spreadsheetId: string,
): ScheduleSheet {
  const write = <T>(call: () => Promise<T>) => pacedCall(scope, 'write', spreadsheetId, call);
  const read = <T>(call: () => Promise<T>) => pacedCall(scope, 'read', spreadsheetId, call);
  /** One values.batchGet: per range, its cells by `dimension` (trailing blanks trimmed by Google). */
  const batchGet = async (ranges: string[], majorDimension: 'ROWS' | 'COLUMNS'): Promise<unknown[][][]> => {
    const answer = await read(() =>
      sheets.spreadsheets.values.batchGet(
        { spreadsheetId, ranges, majorDimension, valueRenderOption: 'UNFORMATTED_VALUE' },
        { retry: false },
      ),
    );
    const byRange = answer.data.valueRanges ?? [];
    return ranges.map((_, i) => (byRange[i]?.values ?? []) as unknown[][]);
  };
  const batch = async (requests: sheets_v4.Schema$Request[]) => {
    const answer = await write(() =>
      sheets.spreadsheets.batchUpdate({ spreadsheetId, requestBody: { requests } }, { retry: false }),
    );
    return answer.data.replies ?? [];
  };
  return {
    async tabs() {
      const answer = await read(() =>
        sheets.spreadsheets.get(
          {
            spreadsheetId,
            fields:
              'sheets(properties(sheetId,title,index,gridProperties(rowCount,columnCount)),charts(chartId,spec,position.overlayPosition.anchorCell))',
          },
          { retry: false },
        ),
      );
      return (answer.data.sheets ?? []).flatMap((sheet) => {
        const properties = sheet.properties;
        if (properties?.sheetId === undefined || properties.sheetId === null) return [];
        return [
          {
            sheetId: properties.sheetId,
            title: properties.title ?? '',
            index: properties.index ?? 0,
            rows: properties.gridProperties?.rowCount ?? 0,
            columns: properties.gridProperties?.columnCount ?? 0,
            charts: (sheet.charts ?? []).flatMap((chart) =>
              typeof chart.chartId === 'number'
                ? [
                    {
                      chartId: chart.chartId,
                      altText: chart.spec?.altText ?? '',
                      spec: chart.spec ?? {},
                      anchor: anchorOf(chart),
                    },
                  ]
                : [],
            ),
          },
        ];
      });
    },
    async read(range) {
      const answer = await read(() =>
        sheets.spreadsheets.values.get(
          { spreadsheetId, range, majorDimension: 'ROWS', valueRenderOption: 'UNFORMATTED_VALUE' },
          { retry: false },
        ),
      );
      return (answer.data.values ?? []) as unknown[][];
    },
    async readColumns(ranges) {
      return (await batchGet(ranges, 'COLUMNS')).map((values) => values[0] ?? []);
    },
    readRows: (ranges) => batchGet(ranges, 'ROWS'),
    batch,
    async update(range, values) {
      await write(() =>
        sheets.spreadsheets.values.update(
          {
            spreadsheetId,
            range,
            valueInputOption: 'RAW',
            includeValuesInResponse: false,
            requestBody: { range, majorDimension: 'ROWS', values },
          },
          { retry: false },
        ),
      );
    },
    async updateMany(data) {
      if (data.length === 0) return;
      await write(() =>
        sheets.spreadsheets.values.batchUpdate(
          {
            spreadsheetId,
            requestBody: {
              valueInputOption: 'RAW',
              includeValuesInResponse: false,
              data: data.map(({ range, values }) => ({ range, majorDimension: 'ROWS', values })),
            },
          },
          { retry: false },
        ),
      );
    },
    async append(range, values) {
      const answer = await write(() =>
        sheets.spreadsheets.values.append(
          {
            spreadsheetId,
            range,
            valueInputOption: 'RAW',
            insertDataOption: 'OVERWRITE',
            includeValuesInResponse: false,
            requestBody: { range, majorDimension: 'ROWS', values },
          },
          { retry: false },
        ),
      );
      return answer.data.updates?.updatedRange ?? null;
    },
    async clear(range) {
      await write(() =>
        sheets.spreadsheets.values.clear({ spreadsheetId, range, requestBody: {} }, { retry: false }),
      );
    },
    async addTab(title, columns) {
      const [reply] = await batch([
        { addSheet: { properties: { title, gridProperties: { rowCount: 1000, columnCount: columns } } } },
      ]);
      const properties = reply?.addSheet?.properties;
      return {
        sheetId: properties?.sheetId ?? 0,
        title,
        index: properties?.index ?? 0,
        rows: properties?.gridProperties?.rowCount ?? 1000,
        columns: properties?.gridProperties?.columnCount ?? columns,
        charts: [],
      };
    },
    async grow(tab, lastRow, lastColumn) {
      const requests = gridGrowth(tab, lastRow, lastColumn);
      if (requests.length === 0) return tab;
      await batch(requests);
      return { ...tab, rows: Math.max(tab.rows, lastRow), columns: Math.max(tab.columns, lastColumn) };
    },
  };
}

function anchorOf(chart: sheets_v4.Schema$EmbeddedChart): ScheduleChart['anchor'] {
  const cell = chart.position?.overlayPosition?.anchorCell;
  if (cell?.sheetId === undefined || cell.sheetId === null) return null;
  return { sheetId: cell.sheetId, row: (cell.rowIndex ?? 0) + 1, column: (cell.columnIndex ?? 0) + 1 };
}

/** The last row number of an A1 range such as `'Tab'!A12:G14` (14); null when unreadable. */
export function lastRowOf(range: string | null): number | null {
  if (range === null) return null;
  const match = /(\d+)$/.exec(range);
  return match === null ? null : Number(match[1]);
}

/** An empty cell as Google answers it (absent, null) or as a person leaves it (spaces). */
export function isBlankCell(cell: unknown): boolean {
  return cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '');
}
