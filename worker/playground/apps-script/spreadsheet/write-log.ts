/**
 * Every write a script made to the spreadsheet, in order: what tests count to hold the add-on to
 * "one setValues per block" (each call to Sheets is slow and quota-bound, a cell at a time is not
 * an option for 10,000 rows).
 */
export interface WriteRecord {
  /** "Range.setValues", "Range.setValue", "Range.setFormula", "Sheet.appendRow", ... */
  call: string;
  sheet: string;
  /** The range written, e.g. "C2:F501". */
  a1: string;
  rows: number;
  columns: number;
  cells: number;
}

export class WriteLog {
  readonly records: WriteRecord[] = [];

  record(entry: Omit<WriteRecord, 'cells'>): void {
    this.records.push({ ...entry, cells: entry.rows * entry.columns });
  }

  /** The writes made with that call ("Range.setValues"), optionally to one sheet only. */
  of(call: string, sheet?: string): WriteRecord[] {
    return this.records.filter((r) => r.call === call && (sheet === undefined || r.sheet === sheet));
  }

  count(call: string, sheet?: string): number {
    return this.of(call, sheet).length;
  }

  /** Cells written by every write, whatever the call. */
  get cells(): number {
    return this.records.reduce((sum, r) => sum + r.cells, 0);
  }

  clear(): void {
    this.records.length = 0;
  }
}
