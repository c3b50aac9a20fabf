import type { ScheduleToRun } from '../../../../../worker/src/schedules/run/schedule-run';
import { SHEET_ID } from '../../jobs/delivery/server-delivery-fixture';

export const SCHEDULE_OWNER = 'owner@example.com';

/**
 * A daily `replace` schedule of Instagram reports reading `tab`'s column A from row 2 and writing
 * the table at C1 of the same tab, billed to the delivery world's document.
 */
export function scheduleToRun(tab: string, over: Partial<ScheduleToRun> = {}): ScheduleToRun {
  return {
    id: `sch_${tab}`,
    documentId: SHEET_ID,
    name: `Creators of ${tab}`,
    kind: 'reports',
    input: { sheetName: tab, row: 2, column: 1 },
    platform: 'instagram',
    output: { sheetName: tab, row: 1, column: 3 },
    mode: 'replace',
    cadence: { every: 'day', hour: 9 },
    timeZone: 'Europe/Berlin',
    createdBy: SCHEDULE_OWNER,
    createdAt: 0,
    status: 'active',
    pausedReason: null,
    failuresInARow: 0,
    lastRun: null,
    nextRunAt: null,
    billTo: { email: SCHEDULE_OWNER, documentId: SHEET_ID },
    ...over,
  };
}
