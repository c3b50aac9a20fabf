import {
  alertBannerText,
  FAILURES_BEFORE_PAUSE,
} from '../../../shared/worker-api/schedule-runs/schedule-alert-banner-text';
import type { ScheduleAnswer, ScheduleRun } from '../../../shared/worker-api/schedules';
import { localMinute, stampCellOf } from './sheet-schedule-output';

/**
 * The banner of a failed add-on run (issue 26), as the worker's runner leaves it
 * (worker/src/schedules/run/schedule-alert-banner.ts): the alert's words in the cell the table's
 * "Last refreshed" stamp takes (right of a narrow table's header, A1 of a wide one's summary tab:
 * where the last good run stamped), so the place people look at says the table is stale. The next
 * good run's stamp writes over it. A cell holding anything but a stamp or a banner is someone's
 * and is left alone, as the worker leaves a cell its schedule does not own; a schedule that never
 * ran well has no stamp cell yet, so no banner (its history line and the sidebar say it).
 */

const OURS = /^(Last refreshed |⚠ )/;

/** Writes the banner of `run`, a failure of `schedule`; never throws. */
export function writeFailureBanner(schedule: ScheduleAnswer, run: Omit<ScheduleRun, 'credits'>): boolean {
  try {
    const place = stampCellOf(schedule.id);
    const sheet =
      place === null ? null : SpreadsheetApp.getActiveSpreadsheet().getSheetByName(place.sheetName);
    if (place === null || sheet === null) return false;
    const cell = sheet.getRange(place.row, place.column);
    const standing = String(cell.getValue() ?? '');
    if (standing.trim() !== '' && !OURS.test(standing)) return false;
    cell.setValue(bannerText(schedule, run));
    return true;
  } catch {
    // The banner is a courtesy: a failed run is told by its history line and the sidebar anyway.
    return false;
  }
}

function bannerText(schedule: ScheduleAnswer, run: Omit<ScheduleRun, 'credits'>): string {
  const zone = schedule.timeZone;
  const pauses = schedule.status === 'active' && schedule.failuresInARow + 1 >= FAILURES_BEFORE_PAUSE;
  const good =
    (schedule.runs ?? []).find((earlier) => earlier.outcome === 'ok') ??
    (schedule.lastRun?.outcome === 'ok' ? schedule.lastRun : undefined);
  return alertBannerText(
    pauses ? 'paused' : 'failed',
    `${localMinute(run.at, zone)} (${zone})`,
    run.message,
    good === undefined ? null : localMinute(good.at, zone),
  );
}
