import { columnLetters, parseA1, type GridArea } from './a1-range-reader';
import { DEFAULT_NUMBER_FORMAT, enterValue, type CellValue } from './cell-contents';
import {
  addMetadata,
  FakeDeveloperMetadata,
  FakeDeveloperMetadataFinder,
  type AppsScriptEnum,
} from './developer-metadata';
import type { MetadataVisibility } from './developer-metadata-store';
import { FakeRange } from './range';
import { SheetCharts, type FakeEmbeddedChart, type FakeEmbeddedChartBuilder } from './embedded-charts';
import type { FakeRuntime } from '../runtime/runtime';
import type { FakeSpreadsheet } from './spreadsheet';
import type { WriteLog } from './write-log';

/** What one cell holds. Formatting beyond the number format is recorded, never rendered. */
export interface Cell {
  value: CellValue;
  /** '' when the cell holds no formula. */
  formula: string;
  format: string;
  fontWeight: 'bold' | 'normal';
  background: string;
  note: string;
  /** Set on cells filled by another cell's formula result (an array that spilled). */
  spilledFrom: string | null;
}

const EMPTY_CELL: Readonly<Cell> = Object.freeze({
  value: '',
  formula: '',
  format: DEFAULT_NUMBER_FORMAT,
  fontWeight: 'normal',
  background: '#ffffff',
  note: '',
  spilledFrom: null,
});

/** A new tab's grid in Sheets: 1,000 rows by 26 columns. */
export const NEW_SHEET_ROWS = 1000;
export const NEW_SHEET_COLUMNS = 26;
/** Sheets' ceiling for a whole spreadsheet. */
const SPREADSHEET_MAX_CELLS = 10_000_000;

const OUTSIDE_THE_SHEET = 'The coordinates of the range are outside the dimensions of the sheet.';

/**
 * Evaluates a formula written into a cell: the test's stand-in for Sheets' calculation engine
 * (see formula-evaluator.ts). Returns what the cell shows; a 2-D array spills down and right.
 */
export type FormulaEvaluator = (formula: string, cell: FakeRange) => unknown;

/** Keeps what a formula cell's hover says while it shows `shows` (Sheets' text for its error). */
export type FormulaNoter = (cell: string, formula: string, shows: string, message: string) => void;

/** What every sheet of a spreadsheet shares. */
export interface SheetContext {
  runtime: FakeRuntime;
  writes: WriteLog;
  evaluator: () => FormulaEvaluator | null;
  /** Where a spill that cannot land says why (the playground's hover); none by default. */
  noter: () => FormulaNoter | null;
  cellCount: () => number;
  /** The spreadsheet's time zone: dates typed into cells are its wall-clock times. */
  timeZone: () => string;
  /** Who runs the script now (Session's active user): a viewer may not write metadata. */
  activeUser: () => string;
  /** The script's Cloud project, whose PROJECT-visible developer metadata it sees. */
  scriptProject: string;
}

/** A tab: a grid of cells that grows only when asked (insertRows*, insertColumns*, appendRow). */
export class FakeSheet {
  private rows: (Cell | undefined)[][] = [];
  private maxRows: number;
  private maxColumns: number;
  private frozenRows = 0;
  private frozenColumns = 0;
  private readonly charts: SheetCharts;

  constructor(
    private readonly context: SheetContext,
    private readonly parent: FakeSpreadsheet,
    private name: string,
    private readonly sheetId: number,
    rows = NEW_SHEET_ROWS,
    columns = NEW_SHEET_COLUMNS,
  ) {
    this.maxRows = rows;
    this.maxColumns = columns;
    this.charts = new SheetCharts(this, () => parent.claimChartId());
  }

  get runtime(): FakeRuntime {
    return this.context.runtime;
  }

  /** The spreadsheet's zone, in which this sheet's dates are read and shown. */
  get timeZone(): string {
    return this.context.timeZone();
  }

  getName(): string {
    this.runtime.enter('Sheet.getName');
    return this.name;
  }

  setName(name: string): FakeSheet {
    this.write('Sheet.setName');
    this.parent.checkNewSheetName(name, this);
    this.name = name;
    return this;
  }

  getSheetId(): number {
    this.runtime.enter('Sheet.getSheetId');
    return this.sheetId;
  }

  getIndex(): number {
    this.runtime.enter('Sheet.getIndex');
    return this.parent.indexOf(this) + 1;
  }

  getParent(): FakeSpreadsheet {
    this.runtime.enter('Sheet.getParent');
    return this.parent;
  }

  activate(): FakeSheet {
    this.write('Sheet.activate');
    this.parent.select(this, null);
    return this;
  }

  /** getRange("B2:D10" | "A:A" | "C5") or getRange(row, column, numRows = 1, numColumns = 1). */
  getRange(a1OrRow: string | number, column?: number, numRows?: number, numColumns?: number): FakeRange {
    this.runtime.enter('Sheet.getRange');
    return this.range(this.area(a1OrRow, column, numRows, numColumns));
  }

  getDataRange(): FakeRange {
    this.runtime.enter('Sheet.getDataRange');
    return this.range(this.gridArea(1, 1, Math.max(1, this.lastRow()), Math.max(1, this.lastColumn())));
  }

  /** The last row holding a value or a formula; 0 on an empty sheet. */
  getLastRow(): number {
    this.runtime.enter('Sheet.getLastRow');
    return this.lastRow();
  }

  getLastColumn(): number {
    this.runtime.enter('Sheet.getLastColumn');
    return this.lastColumn();
  }

  getMaxRows(): number {
    this.runtime.enter('Sheet.getMaxRows');
    return this.maxRows;
  }

  getMaxColumns(): number {
    this.runtime.enter('Sheet.getMaxColumns');
    return this.maxColumns;
  }

  getFrozenRows(): number {
    this.runtime.enter('Sheet.getFrozenRows');
    return this.frozenRows;
  }

  setFrozenRows(rows: number): void {
    this.write('Sheet.setFrozenRows');
    this.frozenRows = this.count(rows, 0, this.maxRows, 'rows');
  }

  getFrozenColumns(): number {
    this.runtime.enter('Sheet.getFrozenColumns');
    return this.frozenColumns;
  }

  setFrozenColumns(columns: number): void {
    this.write('Sheet.setFrozenColumns');
    this.frozenColumns = this.count(columns, 0, this.maxColumns, 'columns');
  }

  insertColumnsAfter(afterPosition: number, howMany: number): FakeSheet {
    this.write('Sheet.insertColumnsAfter');
    this.insertColumns(this.count(afterPosition, 1, this.maxColumns, 'column'), howMany);
    return this;
  }

  insertColumnsBefore(beforePosition: number, howMany: number): FakeSheet {
    this.write('Sheet.insertColumnsBefore');
    this.insertColumns(this.count(beforePosition, 1, this.maxColumns, 'column') - 1, howMany);
    return this;
  }

  insertRowsAfter(afterPosition: number, howMany: number): FakeSheet {
    this.write('Sheet.insertRowsAfter');
    this.insertRows(this.count(afterPosition, 1, this.maxRows, 'row'), howMany);
    return this;
  }

  insertRowsBefore(beforePosition: number, howMany: number): FakeSheet {
    this.write('Sheet.insertRowsBefore');
    this.insertRows(this.count(beforePosition, 1, this.maxRows, 'row') - 1, howMany);
    return this;
  }

  /** Writes one row below the last row with content, growing the sheet if it is full. */
  appendRow(rowContents: unknown[]): FakeSheet {
    this.write('Sheet.appendRow');
    if (!Array.isArray(rowContents) || rowContents.length === 0) {
      throw new Error(
        "The parameters (String) don't match the method signature for SpreadsheetApp.Sheet.appendRow.",
      );
    }
    const row = this.lastRow() + 1;
    if (row > this.maxRows) this.insertRows(this.maxRows, 1);
    if (rowContents.length > this.maxColumns)
      this.insertColumns(this.maxColumns, rowContents.length - this.maxColumns);
    const area = this.gridArea(row, 1, 1, rowContents.length);
    this.context.writes.record({
      call: 'Sheet.appendRow',
      sheet: this.name,
      a1: this.range(area).a1(),
      rows: 1,
      columns: rowContents.length,
    });
    rowContents.forEach((input, i) => this.enter(row, i + 1, input));
    return this;
  }

  /** Sheets sizes columns to fit; the fake has nothing to size. */
  autoResizeColumns(startColumn: number, numColumns: number): FakeSheet {
    this.write('Sheet.autoResizeColumns');
    this.gridArea(1, startColumn, 1, numColumns);
    return this;
  }

  autoResizeColumn(columnPosition: number): FakeSheet {
    return this.autoResizeColumns(columnPosition, 1);
  }

  setColumnWidth(columnPosition: number, width: number): FakeSheet {
    this.write('Sheet.setColumnWidth');
    this.gridArea(1, columnPosition, 1, 1);
    this.count(width, 0, 10_000, 'pixels');
    return this;
  }

  /** Metadata on this sheet; (key), (key, value), (key, visibility) or all three. */
  addDeveloperMetadata(
    key: string,
    valueOrVisibility?: string | AppsScriptEnum<MetadataVisibility>,
    visibility?: AppsScriptEnum<MetadataVisibility>,
  ): FakeSheet {
    const host = this.parent.metadataHost;
    host.enterWrite('Sheet.addDeveloperMetadata');
    addMetadata(host, 'SpreadsheetApp.Sheet.addDeveloperMetadata', { type: 'SHEET', sheetId: this.sheetId }, [
      key,
      valueOrVisibility,
      visibility,
    ]);
    return this;
  }

  /** The metadata on this sheet itself (not its rows or columns) the script may see. */
  getDeveloperMetadata(): FakeDeveloperMetadata[] {
    this.runtime.enter('Sheet.getDeveloperMetadata');
    const host = this.parent.metadataHost;
    return host.metadata
      .find(host.scriptProject, { location: { at: { type: 'SHEET', sheetId: this.sheetId }, exact: true } })
      .map((entry) => new FakeDeveloperMetadata(host, entry.id));
  }

  /** Finds metadata on this sheet, its rows and its columns. */
  createDeveloperMetadataFinder(): FakeDeveloperMetadataFinder {
    this.runtime.enter('Sheet.createDeveloperMetadataFinder');
    return new FakeDeveloperMetadataFinder(this.parent.metadataHost, {
      location: { at: { type: 'SHEET', sheetId: this.sheetId }, exact: false },
    });
  }

  /** Charts (embedded-charts.ts has Google's rules). */
  newChart(): FakeEmbeddedChartBuilder {
    return this.charts.newChart();
  }

  insertChart(chart: FakeEmbeddedChart): void {
    this.charts.insert(chart);
  }

  updateChart(chart: FakeEmbeddedChart): void {
    this.charts.update(chart);
  }

  removeChart(chart: FakeEmbeddedChart): void {
    this.charts.remove(chart);
  }

  getCharts(): FakeEmbeddedChart[] {
    return this.charts.list();
  }

  clear(): FakeSheet {
    this.write('Sheet.clear');
    this.rows = [];
    return this;
  }

  clearContents(): FakeSheet {
    this.write('Sheet.clearContents');
    this.forEachCell((cell) => {
      cell.value = '';
      cell.formula = '';
      cell.spilledFrom = null;
    });
    return this;
  }

  // ---- for FakeRange, FakeSpreadsheet and tests: no run-mode checks below this line ----

  /** The sheet's name without counting as a service call. */
  get title(): string {
    return this.name;
  }

  /** getSheetId without counting a service call. */
  get id(): number {
    return this.sheetId;
  }

  /** The ids of this sheet's charts, without counting a service call. */
  get chartIds(): number[] {
    return this.charts.ids();
  }

  get size(): { rows: number; columns: number } {
    return { rows: this.maxRows, columns: this.maxColumns };
  }

  /** Refuses writes in a custom function (Sheets: read only there) and counts the call. */
  write(call: string): void {
    this.runtime.enter(call, ['custom-function', 'auth-none']);
  }

  get writes(): WriteLog {
    return this.context.writes;
  }

  cell(row: number, column: number): Readonly<Cell> {
    return this.rows[row - 1]?.[column - 1] ?? EMPTY_CELL;
  }

  /** Changes a cell in place (created on first write). */
  update(row: number, column: number, change: Partial<Cell>): void {
    const cells = (this.rows[row - 1] ??= []);
    const cell = (cells[column - 1] ??= { ...EMPTY_CELL });
    Object.assign(cell, change);
  }

  /**
   * Writes `input` as a script would (parsing strings like typed text), evaluating formulas. A
   * `numberFormat` of '@' (plain text) keeps strings as they are: the Sheets API's RAW input.
   */
  enter(row: number, column: number, input: unknown, numberFormat = this.cell(row, column).format): void {
    const entered = enterValue(input, numberFormat, this.timeZone);
    this.clearSpillOf(row, column);
    this.update(row, column, { value: entered.value, formula: entered.formula, spilledFrom: null });
    if (entered.formula !== '') this.evaluate(row, column);
  }

  setFormulaText(row: number, column: number, formula: string): void {
    this.clearSpillOf(row, column);
    this.update(row, column, { value: '', formula, spilledFrom: null });
    if (formula !== '') this.evaluate(row, column);
  }

  /** Runs the test's evaluator on a formula cell and spills an array result, as Sheets does. */
  evaluate(row: number, column: number): void {
    const evaluator = this.context.evaluator();
    const formula = this.cell(row, column).formula;
    if (evaluator === null || formula === '') return;
    this.clearSpillOf(row, column);
    const result = evaluator(formula, this.range(this.gridArea(row, column, 1, 1)));
    const grid = Array.isArray(result)
      ? result.map((line: unknown) => (Array.isArray(line) ? (line as unknown[]) : [line]))
      : [[result]];
    const blocked = this.spillBlocked(row, column, grid);
    if (blocked !== null) {
      this.update(row, column, { value: '#REF!' });
      this.context.noter()?.(`${this.title}!${columnLetters(column)}${row}`, formula, '#REF!', blocked);
      return;
    }
    const owner = `${row},${column}`;
    grid.forEach((line, r) =>
      line.forEach((input, c) => {
        const entered = enterValue(input === null ? '' : input, DEFAULT_NUMBER_FORMAT, this.timeZone);
        if (r === 0 && c === 0) this.update(row, column, { value: entered.value });
        else this.update(row + r, column + c, { value: entered.value, spilledFrom: owner });
      }),
    );
  }

  /**
   * Why an array cannot spill from (row, column), in Sheets' words on hover (issue 25: a `#REF!`
   * explained, as Sheets does), or null when it can: the first cell in its way, row by row, or
   * the rows or columns the tab lacks.
   */
  private spillBlocked(row: number, column: number, grid: readonly (readonly unknown[])[]): string | null {
    const height = grid.length;
    const width = Math.max(1, ...grid.map((line) => line.length));
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < (grid[r]?.length ?? 0); c++) {
        if ((r === 0 && c === 0) || row + r > this.maxRows || column + c > this.maxColumns) continue;
        const other = this.cell(row + r, column + c);
        if (other.value !== '' || other.formula !== '') {
          return `Array result was not expanded because it would overwrite data in ${columnLetters(column + c)}${row + r}.`;
        }
      }
    }
    if (row + height - 1 > this.maxRows) {
      return `Result was not automatically expanded, please insert more rows (${row + height - 1 - this.maxRows}).`;
    }
    if (column + width - 1 > this.maxColumns) {
      return `Result was not automatically expanded, please insert more columns (${column + width - 1 - this.maxColumns}).`;
    }
    return null;
  }

  /** Every cell holding a formula, top to bottom. */
  formulaCells(): { row: number; column: number; formula: string }[] {
    const found: { row: number; column: number; formula: string }[] = [];
    this.rows.forEach((cells, r) =>
      cells?.forEach((cell, c) => {
        if (cell !== undefined && cell.formula !== '')
          found.push({ row: r + 1, column: c + 1, formula: cell.formula });
      }),
    );
    return found;
  }

  private clearSpillOf(row: number, column: number): void {
    // Only a formula cell owns a spill; skipping the rest keeps big writes linear.
    if (this.cell(row, column).formula === '') return;
    const owner = `${row},${column}`;
    this.forEachCell((cell) => {
      if (cell.spilledFrom === owner) {
        cell.value = '';
        cell.spilledFrom = null;
      }
    });
  }

  lastRow(): number {
    for (let r = this.rows.length; r >= 1; r--) {
      if (this.rows[r - 1]?.some((cell) => cell !== undefined && (cell.value !== '' || cell.formula !== '')))
        return r;
    }
    return 0;
  }

  lastColumn(): number {
    let last = 0;
    for (const cells of this.rows) {
      if (cells === undefined) continue;
      for (let c = cells.length; c > last; c--) {
        const cell = cells[c - 1];
        if (cell !== undefined && (cell.value !== '' || cell.formula !== '')) {
          last = c;
          break;
        }
      }
    }
    return last;
  }

  /**
   * Sets the grid's size, as the Sheets API's gridProperties do: growing is held to the
   * spreadsheet's cell limit, shrinking drops the cells beyond the new edges.
   */
  resize(rows: number, columns: number): void {
    this.count(rows, 1, SPREADSHEET_MAX_CELLS, 'rows');
    this.count(columns, 1, SPREADSHEET_MAX_CELLS, 'columns');
    this.grow(rows * columns - this.maxRows * this.maxColumns);
    this.rows.length = Math.min(this.rows.length, rows);
    for (const cells of this.rows) if (cells !== undefined && cells.length > columns) cells.length = columns;
    this.maxRows = rows;
    this.maxColumns = columns;
    this.parent.metadata.gridResized(this.sheetId, rows, columns);
  }

  /** A range of this sheet without counting a service call (for Range.offset and the like). */
  range(area: GridArea): FakeRange {
    return new FakeRange(this, area);
  }

  /** The area named by getRange's arguments, refused as Apps Script refuses it. */
  area(a1OrRow: string | number, column?: number, numRows?: number, numColumns?: number): GridArea {
    if (typeof a1OrRow === 'string' && column === undefined) {
      const area = parseA1(a1OrRow, this.maxRows, this.maxColumns);
      return this.gridArea(area.row, area.column, area.numRows, area.numColumns, area);
    }
    if (typeof a1OrRow !== 'number' || typeof column !== 'number') {
      throw new Error("The parameters don't match the method signature for SpreadsheetApp.Sheet.getRange.");
    }
    return this.gridArea(a1OrRow, column, numRows ?? 1, numColumns ?? 1);
  }

  /** Checks a numeric area against the grid. */
  gridArea(
    row: number,
    column: number,
    numRows: number,
    numColumns: number,
    open: Pick<GridArea, 'openRows' | 'openColumns'> = { openRows: false, openColumns: false },
  ): GridArea {
    for (const [name, value] of [
      ['row', row],
      ['column', column],
      ['numRows', numRows],
      ['numColumns', numColumns],
    ] as const) {
      if (!Number.isInteger(value)) throw new Error(`Cannot convert ${String(value)} to int (${name}).`);
    }
    if (row < 1) throw new Error('The starting row of the range is too small.');
    if (column < 1) throw new Error('The starting column of the range is too small.');
    if (numRows < 1) throw new Error('The number of rows in the range must be at least 1.');
    if (numColumns < 1) throw new Error('The number of columns in the range must be at least 1.');
    if (row + numRows - 1 > this.maxRows || column + numColumns - 1 > this.maxColumns) {
      throw new Error(OUTSIDE_THE_SHEET);
    }
    return { row, column, numRows, numColumns, ...open };
  }

  private insertRows(after: number, howMany: number): void {
    this.count(howMany, 1, SPREADSHEET_MAX_CELLS, 'rows');
    this.grow(howMany * this.maxColumns);
    if (after < this.rows.length) this.rows.splice(after, 0, ...Array.from({ length: howMany }, () => []));
    this.maxRows += howMany;
    this.shiftSpillOwners((r, c) => (r > after ? [r + howMany, c] : [r, c]));
    this.parent.metadata.dimensionInserted(this.sheetId, 'ROWS', after, howMany);
  }

  private insertColumns(after: number, howMany: number): void {
    this.count(howMany, 1, SPREADSHEET_MAX_CELLS, 'columns');
    this.grow(howMany * this.maxRows);
    for (const cells of this.rows) {
      if (cells !== undefined && after < cells.length)
        cells.splice(after, 0, ...new Array<undefined>(howMany));
    }
    this.maxColumns += howMany;
    this.shiftSpillOwners((r, c) => (c > after ? [r, c + howMany] : [r, c]));
    this.parent.metadata.dimensionInserted(this.sheetId, 'COLUMNS', after, howMany);
  }

  private grow(cells: number): void {
    if (this.context.cellCount() + cells > SPREADSHEET_MAX_CELLS) {
      throw new Error(
        `This action would increase the number of cells in the workbook above the limit of ${SPREADSHEET_MAX_CELLS.toLocaleString('en-US')} cells.`,
      );
    }
  }

  private shiftSpillOwners(move: (row: number, column: number) => [number, number]): void {
    this.forEachCell((cell) => {
      if (cell.spilledFrom === null) return;
      const [r, c] = cell.spilledFrom.split(',').map(Number);
      cell.spilledFrom = move(r, c).join(',');
    });
  }

  private forEachCell(visit: (cell: Cell) => void): void {
    for (const cells of this.rows) cells?.forEach((cell) => cell !== undefined && visit(cell));
  }

  private count(value: number, min: number, max: number, what: string): number {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(
        `Invalid argument: ${what} must be a whole number from ${min} to ${max}, got ${String(value)}`,
      );
    }
    return value;
  }
}
