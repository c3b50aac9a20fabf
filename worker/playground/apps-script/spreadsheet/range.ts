import { formatA1, type GridArea } from './a1-range-reader';
import { DEFAULT_NUMBER_FORMAT, displayValue, isDate, type CellValue } from './cell-contents';
import type { Cell, FakeSheet } from './sheet';

/**
 * A rectangle of a sheet. Reads return Sheets-like values ('' for empty, never null); writes hold
 * to Sheets' rules: 2-D arrays of exactly the range's size, strings read as typed text, nothing
 * written from a custom function. Every write is logged (see write-log.ts).
 */
export class FakeRange {
  constructor(
    private readonly sheet: FakeSheet,
    private readonly area: GridArea,
  ) {}

  getSheet(): FakeSheet {
    this.enter('Range.getSheet');
    return this.sheet;
  }

  getA1Notation(): string {
    this.enter('Range.getA1Notation');
    return this.a1();
  }

  getRow(): number {
    this.enter('Range.getRow');
    return this.area.row;
  }

  getColumn(): number {
    this.enter('Range.getColumn');
    return this.area.column;
  }

  getLastRow(): number {
    this.enter('Range.getLastRow');
    return this.area.row + this.area.numRows - 1;
  }

  getLastColumn(): number {
    this.enter('Range.getLastColumn');
    return this.area.column + this.area.numColumns - 1;
  }

  getNumRows(): number {
    this.enter('Range.getNumRows');
    return this.area.numRows;
  }

  getNumColumns(): number {
    this.enter('Range.getNumColumns');
    return this.area.numColumns;
  }

  getValues(): CellValue[][] {
    this.enter('Range.getValues');
    return this.read((cell) => (isDate(cell.value) ? new Date(cell.value.getTime()) : cell.value));
  }

  getValue(): CellValue {
    this.enter('Range.getValue');
    const value = this.topLeft().value;
    return isDate(value) ? new Date(value.getTime()) : value;
  }

  getDisplayValues(): string[][] {
    this.enter('Range.getDisplayValues');
    return this.read((cell) => displayValue(cell.value, cell.format, this.sheet.timeZone));
  }

  getDisplayValue(): string {
    this.enter('Range.getDisplayValue');
    const cell = this.topLeft();
    return displayValue(cell.value, cell.format, this.sheet.timeZone);
  }

  setValues(values: unknown[][]): FakeRange {
    this.write('Range.setValues');
    this.checkGrid(values, 'setValues');
    this.log('Range.setValues');
    this.forEachCell((row, column, r, c) => this.sheet.enter(row, column, values[r][c]));
    return this;
  }

  /** Sets every cell of the range to the same value. */
  setValue(value: unknown): FakeRange {
    this.write('Range.setValue');
    this.log('Range.setValue');
    this.forEachCell((row, column) => this.sheet.enter(row, column, value));
    return this;
  }

  getFormulas(): string[][] {
    this.enter('Range.getFormulas');
    return this.read((cell) => cell.formula);
  }

  getFormula(): string {
    this.enter('Range.getFormula');
    return this.topLeft().formula;
  }

  /** Puts the same formula text in every cell (the fake does not shift relative references). */
  setFormula(formula: string): FakeRange {
    this.write('Range.setFormula');
    if (typeof formula !== 'string') throw new Error('Invalid argument: formula');
    this.log('Range.setFormula');
    this.forEachCell((row, column) => this.sheet.setFormulaText(row, column, formula));
    return this;
  }

  setFormulas(formulas: string[][]): FakeRange {
    this.write('Range.setFormulas');
    this.checkGrid(formulas, 'setFormulas');
    this.log('Range.setFormulas');
    this.forEachCell((row, column, r, c) => {
      const formula = formulas[r][c];
      if (typeof formula !== 'string') throw new Error('Invalid argument: formulas');
      this.sheet.setFormulaText(row, column, formula);
    });
    return this;
  }

  getNumberFormats(): string[][] {
    this.enter('Range.getNumberFormats');
    return this.read((cell) => cell.format);
  }

  getNumberFormat(): string {
    this.enter('Range.getNumberFormat');
    return this.topLeft().format;
  }

  setNumberFormat(numberFormat: string): FakeRange {
    this.write('Range.setNumberFormat');
    if (typeof numberFormat !== 'string') throw new Error('Invalid argument: numberFormat');
    this.forEachCell((row, column) => this.sheet.update(row, column, { format: numberFormat }));
    this.log('Range.setNumberFormat');
    return this;
  }

  setNumberFormats(numberFormats: string[][]): FakeRange {
    this.write('Range.setNumberFormats');
    this.checkGrid(numberFormats, 'setNumberFormats');
    this.forEachCell((row, column, r, c) => {
      const format = numberFormats[r][c];
      if (typeof format !== 'string') throw new Error('Invalid argument: numberFormats');
      this.sheet.update(row, column, { format });
    });
    this.log('Range.setNumberFormats');
    return this;
  }

  getFontWeights(): string[][] {
    this.enter('Range.getFontWeights');
    return this.read((cell) => cell.fontWeight);
  }

  getFontWeight(): string {
    this.enter('Range.getFontWeight');
    return this.topLeft().fontWeight;
  }

  setFontWeight(fontWeight: 'bold' | 'normal' | null): FakeRange {
    this.write('Range.setFontWeight');
    if (fontWeight !== null && fontWeight !== 'bold' && fontWeight !== 'normal') {
      throw new Error(
        `Invalid argument: fontWeight must be "bold", "normal" or null, got ${String(fontWeight)}`,
      );
    }
    this.forEachCell((row, column) => this.sheet.update(row, column, { fontWeight: fontWeight ?? 'normal' }));
    return this;
  }

  getBackground(): string {
    this.enter('Range.getBackground');
    return this.topLeft().background;
  }

  setBackground(color: string | null): FakeRange {
    this.write('Range.setBackground');
    this.forEachCell((row, column) => this.sheet.update(row, column, { background: color ?? '#ffffff' }));
    return this;
  }

  getNote(): string {
    this.enter('Range.getNote');
    return this.topLeft().note;
  }

  setNote(note: string | null): FakeRange {
    this.write('Range.setNote');
    this.forEachCell((row, column) => this.sheet.update(row, column, { note: note ?? '' }));
    return this;
  }

  /** True when no cell holds a value or a formula (formats do not count). */
  isBlank(): boolean {
    this.enter('Range.isBlank');
    let blank = true;
    this.forEachCell((row, column) => {
      const cell = this.sheet.cell(row, column);
      if (cell.value !== '' || cell.formula !== '') blank = false;
    });
    return blank;
  }

  /** Clears values and formulas, keeps formats. */
  clearContent(): FakeRange {
    this.write('Range.clearContent');
    this.log('Range.clearContent');
    this.forEachCell((row, column) => this.sheet.enter(row, column, ''));
    return this;
  }

  /** Clears values, formulas and formats. */
  clear(): FakeRange {
    this.write('Range.clear');
    this.log('Range.clear');
    this.forEachCell((row, column) => {
      this.sheet.enter(row, column, '');
      this.sheet.update(row, column, {
        format: DEFAULT_NUMBER_FORMAT,
        fontWeight: 'normal',
        background: '#ffffff',
        note: '',
      });
    });
    return this;
  }

  /** The range moved by the offsets, with this size or the one given. */
  offset(rowOffset: number, columnOffset: number, numRows?: number, numColumns?: number): FakeRange {
    this.enter('Range.offset');
    return this.sheet.range(
      this.sheet.gridArea(
        this.area.row + rowOffset,
        this.area.column + columnOffset,
        numRows ?? this.area.numRows,
        numColumns ?? this.area.numColumns,
      ),
    );
  }

  /** Selects the range (and its sheet), as a click would. */
  activate(): FakeRange {
    this.write('Range.activate');
    this.sheet.getParent().select(this.sheet, this);
    return this;
  }

  // ---- for the other fakes and tests: no run-mode checks ----

  get sheetName(): string {
    return this.sheet.title;
  }

  get owner(): FakeSheet {
    return this.sheet;
  }

  get bounds(): Readonly<GridArea> {
    return this.area;
  }

  a1(): string {
    return formatA1(this.area);
  }

  /** The values, without counting a service call (for evaluators and assertions). */
  peekValues(): CellValue[][] {
    return this.read((cell) => cell.value);
  }

  private enter(call: string): void {
    this.sheet.runtime.enter(call);
  }

  private write(call: string): void {
    this.sheet.write(call);
  }

  private log(call: string): void {
    this.sheet.writes.record({
      call,
      sheet: this.sheet.title,
      a1: this.a1(),
      rows: this.area.numRows,
      columns: this.area.numColumns,
    });
  }

  private topLeft(): Readonly<Cell> {
    return this.sheet.cell(this.area.row, this.area.column);
  }

  private read<T>(pick: (cell: Readonly<Cell>) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < this.area.numRows; r++) {
      const line: T[] = [];
      for (let c = 0; c < this.area.numColumns; c++) {
        line.push(pick(this.sheet.cell(this.area.row + r, this.area.column + c)));
      }
      out.push(line);
    }
    return out;
  }

  private forEachCell(visit: (row: number, column: number, r: number, c: number) => void): void {
    for (let r = 0; r < this.area.numRows; r++) {
      for (let c = 0; c < this.area.numColumns; c++) visit(this.area.row + r, this.area.column + c, r, c);
    }
  }

  /** Sheets' rule for every 2-D write: an array of rows, exactly as many and as wide as the range. */
  private checkGrid(grid: unknown, method: string): asserts grid is unknown[][] {
    if (!Array.isArray(grid) || !grid.every((line) => Array.isArray(line))) {
      throw new Error(
        `The parameters (${describe(grid)}) don't match the method signature for SpreadsheetApp.Range.${method}.`,
      );
    }
    if (grid.length !== this.area.numRows) {
      throw new Error(
        `The number of rows in the data does not match the number of rows in the range. The data has ${grid.length} but the range has ${this.area.numRows}.`,
      );
    }
    for (const line of grid as unknown[][]) {
      if (line.length !== this.area.numColumns) {
        throw new Error(
          `The number of columns in the data does not match the number of columns in the range. The data has ${line.length} but the range has ${this.area.numColumns}.`,
        );
      }
    }
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'number[]';
  if (value === null) return 'null';
  return typeof value === 'string' ? 'String' : typeof value === 'number' ? 'number' : typeof value;
}
