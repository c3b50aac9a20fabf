import type { ScheduleRun } from '../../../../shared/worker-api/schedules';
import { a1Range } from '../../google/a1-range';
import { lastRowOf, type ScheduleSheet, type ScheduleTab } from './schedule-run-sheet';
import { localMinute } from './schedule-run-time';

import {
  HISTORY_HEADER,
  HISTORY_LINES_KEPT,
  HISTORY_TAB,
} from '../../../../shared/worker-api/schedule-runs/schedule-history';

export { HISTORY_HEADER, HISTORY_TAB };
/** Lines kept in the history tab (the newest). */
export const DEFAULT_HISTORY_CAP = HISTORY_LINES_KEPT;

export interface HistoryLine {
  run: ScheduleRun;
  scheduleName: string;
  createdBy: string;
  timeZone: string;
}

/** The tabs the worker made in this spreadsheet (issue 22: it writes only into its own). */
export interface HistoryTabOwnership {
  owned: ReadonlySet<number>;
  /** Records a tab the worker made, or one it recognised as its own history tab. */
  own(sheetId: number): Promise<void>;
}

/** The history tab is someone else's: a tab of that name that the worker did not make. */
export class HistoryTabTaken extends Error {
  override readonly name = 'HistoryTabTaken';
  constructor() {
    super(
      `No history line was written: a tab named "${HISTORY_TAB}" that Creator Sheets did not make is in the way (rename it, and the next run makes its own).`,
    );
  }
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
  ownership: HistoryTabOwnership,
  cap: number = DEFAULT_HISTORY_CAP,
): Promise<void> {
  const width = HISTORY_HEADER.length;
  let values: (string | number)[][] = [];
  const existing = tabs.find((tab) => tab.title === HISTORY_TAB);
  if (existing === undefined) {
    const made = await sheet.addTab(HISTORY_TAB, width);
    await ownership.own(made.sheetId);
    values = [[...HISTORY_HEADER]];
  } else if (!ownership.owned.has(existing.sheetId)) {
    // Made before the worker recorded its tabs, it still starts with the worker's own header.
    const [header = []] = await sheet.read(a1Range(HISTORY_TAB, 1, 1, 1, width));
    if (!HISTORY_HEADER.every((name, i) => header[i] === name)) throw new HistoryTabTaken();
    await ownership.own(existing.sheetId);
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
