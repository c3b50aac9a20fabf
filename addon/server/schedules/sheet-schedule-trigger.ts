import type { ScheduleView } from '../../bridge-contract/schedules-api';
import { withDocumentLock } from '../apps-script/document-lock';
import { listDocumentSchedules } from './schedules';
import { SHEET_RUNNER_HANDLER, triggerDocumentProperty } from './sheet-runner-choice';
import { RUN_BUDGET_MS, runSheetSchedule, runUnderWay, type RunEnd } from './sheet-schedule-run';

/**
 * What this user's hourly trigger does in this document (issue 26): lists the document's
 * schedules from the worker, and runs those the add-on runs for this user that are due, or whose
 * run a firing before had to stop, one after the other within Apps Script's run time. With none
 * left (all deleted, or handed to the worker) the trigger deletes itself.
 */
export function runDueSheetSchedules(triggerId: string | null): { id: string; end: RunEnd }[] {
  const deadline = Date.now() + RUN_BUDGET_MS;
  const me = Session.getEffectiveUser().getEmail().toLowerCase();
  const schedules = (listDocumentSchedules() ?? []).filter(
    (schedule) => schedule.runner === 'add-on' && schedule.createdBy.toLowerCase() === me,
  );
  if (schedules.length === 0) {
    removeSheetTrigger(triggerId);
    return [];
  }
  // One run at a time per document: a "Run now" from the sidebar may be writing the same tab.
  return withDocumentLock(
    () => {
      const ends: { id: string; end: RunEnd }[] = [];
      for (const schedule of schedules.filter(isDue)) {
        if (Date.now() >= deadline) break;
        ends.push({ id: schedule.id, end: runSheetSchedule(schedule, deadline) });
      }
      return ends;
    },
    () => [],
  );
}

function isDue(schedule: ScheduleView): boolean {
  if (schedule.status !== 'active') return false;
  if (runUnderWay(schedule.id)) return true;
  return schedule.nextRunAt !== null && schedule.nextRunAt <= Date.now();
}

/** This user's trigger of this document, and what it kept about it. */
function removeSheetTrigger(triggerId: string | null): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  for (const trigger of ScriptApp.getUserTriggers(spreadsheet)) {
    if (trigger.getHandlerFunction() !== SHEET_RUNNER_HANDLER) continue;
    ScriptApp.deleteTrigger(trigger);
    PropertiesService.getUserProperties().deleteProperty(triggerDocumentProperty(trigger.getUniqueId()));
  }
  if (triggerId !== null)
    PropertiesService.getUserProperties().deleteProperty(triggerDocumentProperty(triggerId));
}
