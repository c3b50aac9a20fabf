import type { Cell, Row } from '../../../shared/rows/columns';
import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';
import type { ScheduleTable } from './schedule-run-fetch';
import { DeliveryRefused } from './paced-sheets-call';
import { updateGrowthChart, type SnapshotTable } from './schedule-run-chart';
import { a1Range } from './a1-range';
import type { OutputClaim } from './schedule-run-ownership';
import { isBlankCell, type ScheduleSheet, type ScheduleTab, type SheetValue } from './schedule-run-sheet';
import { refreshedStamp, runDate } from './schedule-run-time';

/** What the output step needs besides the sheet: the run's table and its inputs, in input order. */
export interface OutputInput {
  schedule: ScheduleAnswer;
  tab: ScheduleTab;
  table: ScheduleTable;
  /** The input cells, one per row of `table.rows`. */
  inputs: unknown[];
  /** Data rows the last run wrote (replace clears what this one leaves below). */
  previousRows: number;
  /** When the run started (ms). */
  at: number;
  /** The place as the run read it before fetching, its cells all its own (schedule-run-ownership.ts). */
  claim: OutputClaim;
}

/** What the output step wrote: data rows, and a sentence about the growth chart (snapshots). */
export interface OutputWritten {
  rows: number;
  chartNote: string | null;
  /** The table's data rows below its header once written: what the schedule now owns. */
  tableRows: number;
}

/**
 * Writes the run's table at the schedule's output place by its mode, and stamps "Last refreshed"
 * in the cell right of the header's last column, in as few write calls as it can (the stamp rides
 * with the header).
 *
 * - replace: header and rows with one values.update, then values.clear of the rows the last run
 *   wrote below the new end.
 * - append-snapshot: the header (with "Date" first) only over an empty header row, then one
 *   values.append of the non-blank rows, each with the run's date first; then the growth chart
 *   (schedule-run-chart.ts).
 * - merge: the existing table is read (header row, keys in its first column); rows whose key is
 *   there are rewritten in place, new keys go below the table, in one values.batchUpdate; rows
 *   whose key left the input stay. Reports carry the input cell as first column ("Input"): a
 *   creator's handle column cannot key a row (an error row has the message there), the cell can.
 */
export async function writeScheduleOutput(sheet: ScheduleSheet, input: OutputInput): Promise<OutputWritten> {
  switch (input.schedule.mode) {
    case 'replace': {
      const rows = await replace(sheet, input);
      return { rows, chartNote: null, tableRows: rows };
    }
    case 'append-snapshot': {
      const { rows, tab, header, tableRows } = await appendSnapshot(sheet, input);
      return {
        rows,
        tableRows,
        chartNote: await chartOrWhyNot(sheet, { schedule: input.schedule, tab, header }),
      };
    }
    case 'merge':
      return merge(sheet, input);
  }
}

/**
 * The snapshot is written: a refusal of the chart's calls (Google's, in words) is told in the run's
 * message rather than failing a run whose rows landed, which the next run would append again.
 */
async function chartOrWhyNot(sheet: ScheduleSheet, table: SnapshotTable): Promise<string | null> {
  try {
    return await updateGrowthChart(sheet, table);
  } catch (error) {
    if (!(error instanceof DeliveryRefused)) throw error;
    return `The growth chart was not updated: ${error.message}`;
  }
}

async function replace(sheet: ScheduleSheet, input: OutputInput): Promise<number> {
  const { schedule, table, previousRows } = input;
  const { sheetName, row, column } = schedule.output;
  const width = table.header.length;
  const lastRow = row + table.rows.length;
  const tab = await sheet.grow(input.tab, lastRow, column + width);
  const values = [
    [...table.header.map(toValue), refreshedStamp(input.at, schedule.timeZone)],
    ...table.rows.map((cells) => padded(cells, width)),
  ];
  await sheet.update(a1Range(sheetName, row, column, values.length, width + 1), values);
  // The last run's rows below the new end (the input lost some), as far as the tab still reaches.
  const leftoverTo = Math.min(row + previousRows, tab.rows);
  if (leftoverTo > lastRow) {
    await sheet.clear(a1Range(sheetName, lastRow + 1, column, leftoverTo - lastRow, width));
  }
  return table.rows.length;
}

async function appendSnapshot(
  sheet: ScheduleSheet,
  input: OutputInput,
): Promise<{ rows: number; tab: ScheduleTab; header: string[]; tableRows: number }> {
  const { schedule, table, claim } = input;
  const { sheetName, row, column } = schedule.output;
  const header = ['Date', ...table.header.map((cell) => String(toValue(cell)))];
  const width = header.length;
  // The claim read the band to the tab's end: the table ends at its last row with anything in it.
  const tableRows = Math.max(claim.existing.length - 1, 0);
  const date = runDate(input.at, schedule.timeZone);
  const rows = table.rows
    .filter((_, i) => !isBlankCell(input.inputs[i]))
    .map((cells) => [date, ...padded(cells, width - 1)]);
  const tab = await sheet.grow(input.tab, row + tableRows + rows.length, column + width);
  const stamp = refreshedStamp(input.at, schedule.timeZone);
  const data: { range: string; values: SheetValue[][] }[] = [
    isBlankRow((claim.existing[0] ?? []).slice(0, width))
      ? { range: a1Range(sheetName, row, column, 1, width + 1), values: [[...header, stamp]] }
      : { range: a1Range(sheetName, row, column + width, 1, 1), values: [[stamp]] },
  ];
  // Right below the table's last row: into cells the claim found empty, in the same write call.
  if (rows.length > 0)
    data.push({ range: a1Range(sheetName, row + 1 + tableRows, column, rows.length, width), values: rows });
  await sheet.updateMany(data);
  return { rows: rows.length, tab, header, tableRows: tableRows + rows.length };
}

async function merge(sheet: ScheduleSheet, input: OutputInput): Promise<OutputWritten> {
  const { schedule, table, claim } = input;
  const { sheetName, row, column } = schedule.output;
  // E-mail rows start with the address as given; report rows get the input cell put first.
  const keyed = schedule.kind === 'reports';
  const header = keyed ? ['Input', ...table.header.map(toValue)] : table.header.map(toValue);
  const width = header.length;
  const rows: SheetValue[][] = [];
  table.rows.forEach((cells, i) => {
    const cell = input.inputs[i];
    if (isBlankCell(cell)) return;
    rows.push(keyed ? [toValue(cell as Cell), ...padded(cells, width - 1)] : padded(cells, width));
  });

  const existing = claim.existing.map((cells) => cells.slice(0, width));
  while (existing.length > 0 && isBlankRow(existing[existing.length - 1])) existing.pop();
  const stamp = refreshedStamp(input.at, schedule.timeZone);
  const data: { range: string; values: SheetValue[][] }[] = [];
  if (isBlankRow(existing[0] ?? [])) {
    data.push({ range: a1Range(sheetName, row, column, 1, width + 1), values: [[...header, stamp]] });
  } else {
    data.push({ range: a1Range(sheetName, row, column + width, 1, 1), values: [[stamp]] });
  }
  const rowOfKey = new Map<string, number>();
  existing.slice(1).forEach((cells, i) => {
    const key = keyOf(cells[0]);
    if (key !== '' && !rowOfKey.has(key)) rowOfKey.set(key, row + 1 + i);
  });
  const tableEnd = row + Math.max(existing.length, 1) - 1;
  const added: SheetValue[][] = [];
  const updated = new Set<number>();
  for (const cells of rows) {
    const key = keyOf(cells[0]);
    let at = rowOfKey.get(key);
    if (at === undefined) {
      at = tableEnd + 1 + added.length;
      rowOfKey.set(key, at);
      added.push(cells);
      continue;
    }
    if (at > tableEnd) {
      added[at - tableEnd - 1] = cells; // The same new key twice: its last row stands.
      continue;
    }
    updated.add(at);
    data.push({ range: a1Range(sheetName, at, column, 1, width), values: [cells] });
  }
  if (added.length > 0) {
    data.push({ range: a1Range(sheetName, tableEnd + 1, column, added.length, width), values: added });
  }
  await sheet.grow(input.tab, tableEnd + added.length, column + width);
  await sheet.updateMany(data);
  return { rows: updated.size + added.length, chartNote: null, tableRows: tableEnd + added.length - row };
}

function toValue(cell: Cell | undefined): SheetValue {
  // '' rather than null: a RAW update skips null cells, and the old value would stay.
  return cell ?? '';
}

function padded(cells: Row, width: number): SheetValue[] {
  return Array.from({ length: width }, (_, i) => toValue(cells[i]));
}

function isBlankRow(cells: unknown[]): boolean {
  return cells.every(isBlankCell);
}

function keyOf(cell: unknown): string {
  return isBlankCell(cell) ? '' : String(cell).trim().toLowerCase();
}
