import type { ScheduleRun } from '../../../shared/worker-api/schedules';
import { a1Range } from './a1-range';
import { lastRowOf, type ScheduleSheet, type ScheduleTab } from './schedule-run-sheet';
import { localMinute } from './schedule-run-time';

/** The tab every schedule of a spreadsheet logs its runs to. */
export const HISTORY_TAB = 'Creator Sheets history';
export const HISTORY_HEADER = ['When', 'Schedule', 'Set up by', 'Rows', 'Credits', 'Outcome', 'Message'];
/** Lines kept in the history tab (the newest). */
export const DEFAULT_HISTORY_CAP = 1000;

export interface HistoryLine {
  run: ScheduleRun;
  scheduleName: string;
  createdBy: string;
  timeZone: string;
}

/**
 * Appends one line to the history tab (made, with its header, when absent): one values.append.
 * Past `cap` lines, the newest `cap` are written back from row 2 and the rest cleared (one read
 * and two writes, once in a while rather than every run when the cap is large).
 */
export async function appendHistoryLine(
  sheet: ScheduleSheet,
  tabs: readonly ScheduleTab[],
  line: HistoryLine,
  cap: number = DEFAULT_HISTORY_CAP,
): Promise<void> {
  const width = HISTORY_HEADER.length;
  let values: (string | number)[][] = [];
  if (!tabs.some((tab) => tab.title === HISTORY_TAB)) {
    await sheet.addTab(HISTORY_TAB, width);
    values = [HISTORY_HEADER];
  }
  const { run } = line;
  values.push([
    localMinute(run.at, line.timeZone),
    line.scheduleName,
    line.createdBy,
    run.rows,
    run.credits,
    run.outcome,
    run.message,
  ]);
  const written = lastRowOf(await sheet.append(a1Range(HISTORY_TAB, 1, 1, 1, width), values));
  if (written === null || written - 1 <= cap) return;
  const all = await sheet.read(a1Range(HISTORY_TAB, 2, 1, written - 1, width));
  const kept = all.slice(-cap).map((cells) =>
    Array.from({ length: width }, (_, i) => {
      const cell = cells[i];
      return typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean' ? cell : '';
    }),
  );
  await sheet.update(a1Range(HISTORY_TAB, 2, 1, kept.length, width), kept);
  if (written > kept.length + 1) {
    await sheet.clear(a1Range(HISTORY_TAB, kept.length + 2, 1, written - kept.length - 1, width));
  }
}
