import type { ScheduleAnswer } from '../../../../shared/worker-api/schedules';
import { a1Range } from '../../google/a1-range';
import { DEFAULT_SHEETS_RETRY, type PacedCallScope } from '../../google/paced-sheets-call';
import type { ScheduleRunDeps } from './schedule-run';
import { inside, plannedLayout } from './schedule-run-ownership';
import { isBlankCell, scheduleSheet, type ScheduleSheet, type ScheduleTab } from './schedule-run-sheet';
import { createSheetsPacer, DEFAULT_SHEETS_PACE } from '../../google/sheets-pacer';

/** Where a banner went, or why it did not, in words (never a cell's content). */
export interface BannerOutcome {
  ok: boolean;
  note: string;
}

/**
 * The banner cell of a failed or paused schedule (issue 25): the cell its "Last refreshed" stamp
 * takes (schedule-run-layout.ts: right of a narrow table's header, A1 of the tab beside a wide
 * one), so the place people look at says the table is stale; the
 * next good run stamps over it. Owned output (schedule-run-ownership.ts) holds here too: the cell
 * is written only when this schedule owns it (its last good run wrote it) or it is empty, and an
 * empty one is then recorded as the schedule's, so its next run does not find a stranger there.
 * One read of the tabs, at most one of the cell and one write; never throws.
 */
export async function writeAlertBanner(
  deps: ScheduleRunDeps,
  schedule: ScheduleAnswer,
  text: string,
  signal?: AbortSignal,
): Promise<BannerOutcome> {
  if (deps.sheetAccess === null) return { ok: false, note: 'The worker has no Google service account.' };
  try {
    const { sheets } = await deps.sheetAccess.api();
    const scope: PacedCallScope = {
      pacer: deps.sheetsPacer ?? createSheetsPacer(deps.clock, deps.sleep, DEFAULT_SHEETS_PACE),
      sleep: deps.sleep,
      random: Math.random,
      retry: DEFAULT_SHEETS_RETRY,
      signal: signal ?? new AbortController().signal,
    };
    const sheet = scheduleSheet(scope, sheets, schedule.documentId);
    const tabs = await sheet.tabs();
    const { summaryTab, stamp } = plannedLayout(schedule);
    if (stamp.summary && summaryTab !== null) {
      return await summaryBanner(deps, sheet, schedule, tabs, summaryTab, text);
    }
    const { sheetName, row } = schedule.output;
    const tab = tabs.find((candidate) => candidate.title === sheetName);
    if (tab === undefined) return { ok: false, note: `The tab "${sheetName}" is no longer there.` };
    const column = stamp.column;
    const range = a1Range(sheetName, row, column, 1, 1);
    // 'Tab'!E1 rather than 'Tab'!E1:E1, as people name one cell.
    const cell = range.replace(/:[A-Z]+\d+$/, '');
    const owned = await deps.store.sheetOwnership.extentOf(schedule.id);
    const mine = owned?.sheetId === tab.sheetId && inside(owned, row, column);
    if (!mine) {
      const inGrid = row <= tab.rows && column <= tab.columns;
      const [cells = []] = inGrid ? await sheet.read(range) : [];
      // Another's cell, or one beside an extent it cannot grow into: left alone, and said so.
      if (!isBlankCell(cells[0]) || owned !== null) {
        return {
          ok: false,
          note: `${cell} holds what this schedule did not write, so no banner went there.`,
        };
      }
      await sheet.grow(tab, row, column);
      await deps.store.sheetOwnership.setExtent(schedule.id, {
        sheetId: tab.sheetId,
        row,
        column,
        rows: 1,
        columns: 1,
      });
    }
    await sheet.update(range, [[text]]);
    return { ok: true, note: `Written in ${cell}.` };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, note: `Google refused the banner: ${(error as Error).message}` };
  }
}

/**
 * A wide table's banner: A1 of its summary tab, where its stamp is, and only on a tab the worker
 * made (a first run that failed made none: the sidebar, e-mail and chat still say it).
 */
async function summaryBanner(
  deps: ScheduleRunDeps,
  sheet: ScheduleSheet,
  schedule: ScheduleAnswer,
  tabs: readonly ScheduleTab[],
  title: string,
  text: string,
): Promise<BannerOutcome> {
  const tab = tabs.find((candidate) => candidate.title === title);
  if (tab === undefined) return { ok: false, note: `No tab "${title}" yet for the banner.` };
  const ours = await deps.store.sheetOwnership.tabsOf(schedule.documentId);
  if (!ours.has(tab.sheetId)) {
    return { ok: false, note: `"${title}" is a tab Creator Sheets did not make, so no banner went there.` };
  }
  await sheet.update(a1Range(title, 1, 1, 1, 1), [[text]]);
  return { ok: true, note: `Written in '${title}'!A1.` };
}
