import type { ScheduleAnswer } from '../schedules';
import { GROWTH_CHART_SERIES } from '../../rows/growth-table';

/**
 * Where a run puts what goes with its table (issue 25): the "Last refreshed" stamp and the growth
 * chart sit where a reader of the table looks, beside its top left, and move with it.
 *
 * - A table that fits the first screen (its last column at most WIDE_TABLE_LAST_COLUMN, J, with
 *   the stamp beside it) keeps the stamp right of its header, and a snapshot's chart floats right
 *   of the table just below the stamp.
 * - A wider table would push both out of sight (the stamp in W1, the chart at column AK): they go
 *   on a tab of their own beside it, "<tab> (Creator Sheets)", stamp in A1 and the chart below.
 *
 * A snapshot chart draws a block of its data (dates down, creators across), kept on that tab too,
 * right of where its chart would float, so the table's own tab holds only the table and its stamp.
 * Computed from the table's place and width alone, so a table moved, widened or narrowed takes
 * its stamp and chart along on its next run. Pure.
 */

/** Columns A to J: what a laptop shows of a tab at Sheets' default widths with the sidebar open. */
export const WIDE_TABLE_LAST_COLUMN = 10;
/** The summary tab is named after the table's tab with this after it. */
export const SUMMARY_TAB_SUFFIX = ' (Creator Sheets)';
/** Sheets refuses longer tab titles. */
const MAX_TAB_TITLE = 100;
/** On the summary tab: the chart block's header row and column (J3, right of a chart at A3). */
const BLOCK_ROW = 3;
const BLOCK_COLUMN = 10;
/** A chart floating on the summary tab: from A3, below the stamp. */
const SUMMARY_CHART_ROW = 3;

/** A cell on the table's own tab (`summary: false`) or on its summary tab; 1-based. */
export interface LayoutCell {
  summary: boolean;
  row: number;
  column: number;
}

export interface RunLayout {
  /** The table passes WIDE_TABLE_LAST_COLUMN: stamp and chart go on the summary tab. */
  wide: boolean;
  /** Columns of the table's tab the run writes, from the output column: its table, and the stamp beside a narrow one. */
  band: number;
  stamp: LayoutCell;
  /** The summary tab's title when the run writes on one (a wide table's stamp, a chart's data); null: none. */
  summaryTab: string | null;
  /** A snapshot with a metric to draw: where its chart floats, and its data block (on the summary tab). */
  chart: { anchor: LayoutCell; block: { row: number; column: number; columns: number } } | null;
}

/**
 * The layout of a run of `schedule` whose table has `tableWidth` columns (its header, Date and
 * change columns included); `charted` when the table has a growth chart to draw.
 */
export function runLayout(schedule: ScheduleAnswer, tableWidth: number, charted: boolean): RunLayout {
  const { sheetName, row, column } = schedule.output;
  const wide = column + tableWidth > WIDE_TABLE_LAST_COLUMN;
  const stamp: LayoutCell = wide
    ? { summary: true, row: 1, column: 1 }
    : { summary: false, row, column: column + tableWidth };
  const chart = charted
    ? {
        anchor: wide
          ? { summary: true, row: SUMMARY_CHART_ROW, column: 1 }
          : { summary: false, row: row + 1, column: column + tableWidth },
        block: { row: BLOCK_ROW, column: BLOCK_COLUMN, columns: 1 + GROWTH_CHART_SERIES },
      }
    : null;
  return {
    wide,
    band: wide ? tableWidth : tableWidth + 1,
    stamp,
    summaryTab: wide || charted ? summaryTabTitle(sheetName) : null,
    chart,
  };
}

/** "Weekly report (Creator Sheets)", the table's tab's title cut to fit Sheets' 100 characters. */
export function summaryTabTitle(sheetName: string): string {
  return `${sheetName.slice(0, MAX_TAB_TITLE - SUMMARY_TAB_SUFFIX.length)}${SUMMARY_TAB_SUFFIX}`;
}

/** A1 of the summary tab beside a narrow table (a wide one's stamp goes there instead). */
export function summaryTabLabel(scheduleName: string, sheetName: string): string {
  return `Data of the growth chart of "${scheduleName}" on the tab "${sheetName}": Creator Sheets rewrites it each run.`;
}
