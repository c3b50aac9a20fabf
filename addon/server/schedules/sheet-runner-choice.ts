import type { ScheduleAnswer, ScheduleRunner } from '../../../shared/worker-api/schedules';
import { OUTSIDE_SHARING_REFUSED_PROPERTY, readDeliveryStatus } from './delivery-status';

/**
 * Who runs a new schedule (issue 26): the worker, as its service account, where it may write the
 * sheet; else the add-on, from an installable time-driven trigger of this document, as the person
 * who set it up. A team may also choose the add-on on purpose (its own Google quota, nothing
 * shared outside the domain).
 */

/** The handler of the add-on's one time-driven trigger per user and document. */
export const SHEET_RUNNER_HANDLER = 'runSheetSchedules';
/** Document property per schedule: why the add-on runs it, as the sidebar says it. */
const RUNNER_REASON_PREFIX = 'creatorSheets.runnerReason.';

export interface RunnerChoice {
  runner: ScheduleRunner;
  /** Why the add-on runs it, in the words of the sidebar's line; null for the worker. */
  reason: string | null;
}

/**
 * The runner for a schedule about to be saved: `asked` when the form says, else the worker where
 * the sheet is shared with it (or the worker cannot say: as before issue 26), the add-on where it
 * is not, or where the worker has no service account.
 */
export function chooseRunner(asked: ScheduleRunner | undefined): RunnerChoice {
  if (asked === 'add-on') return { runner: 'add-on', reason: 'you chose to run it from this sheet' };
  if (asked === 'worker') return { runner: 'worker', reason: null };
  let status: ReturnType<typeof readDeliveryStatus>;
  try {
    status = readDeliveryStatus();
  } catch {
    return { runner: 'worker', reason: null };
  }
  if (status === null) return { runner: 'worker', reason: null };
  if (status.serviceAccount === null) {
    return { runner: 'add-on', reason: 'the worker may not write here (it has no Google service account)' };
  }
  if (status.shared !== false) return { runner: 'worker', reason: null };
  const refused = PropertiesService.getDocumentProperties()?.getProperty(OUTSIDE_SHARING_REFUSED_PROPERTY);
  return {
    runner: 'add-on',
    reason:
      refused === 'true'
        ? 'the worker may not write here (outside sharing refused)'
        : 'the worker may not write here (this sheet is not shared with it)',
  };
}

export function keepRunnerReason(scheduleId: string, reason: string | null): void {
  const properties = PropertiesService.getDocumentProperties();
  if (properties === null) return;
  if (reason === null) properties.deleteProperty(RUNNER_REASON_PREFIX + scheduleId);
  else properties.setProperty(RUNNER_REASON_PREFIX + scheduleId, reason);
}

/** The sidebar's line of who runs a schedule and why, for this user. */
export function runnerLine(
  schedule: Pick<ScheduleAnswer, 'id' | 'runner' | 'createdBy'>,
  me: string,
): string {
  if (schedule.runner !== 'add-on') return choiceLine({ runner: 'worker', reason: null });
  const reason =
    PropertiesService.getDocumentProperties()?.getProperty(RUNNER_REASON_PREFIX + schedule.id) ??
    'the worker may not write here';
  const who = schedule.createdBy.toLowerCase() === me.toLowerCase() ? 'you' : schedule.createdBy;
  return choiceLine({ runner: 'add-on', reason }, who);
}

/** The line of a choice, before the schedule is saved (the form's check) or after. */
export function choiceLine(choice: RunnerChoice, who = 'you'): string {
  if (choice.runner !== 'add-on') return 'Runs in the worker, as its service account.';
  return `Runs from this sheet as ${who}: ${choice.reason ?? 'the worker may not write here'}.`;
}

/**
 * This user's one time-driven trigger in this document (add-ons may have one per type, per user,
 * per document; hourly at most): made when absent, its document kept in user properties, since a
 * time-driven run has no active spreadsheet to go by.
 */
export function ensureSheetTrigger(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const existing = ScriptApp.getUserTriggers(spreadsheet).filter(
    (trigger) => trigger.getHandlerFunction() === SHEET_RUNNER_HANDLER,
  );
  if (existing.length > 0) return;
  const trigger = ScriptApp.newTrigger(SHEET_RUNNER_HANDLER).timeBased().everyHours(1).create();
  PropertiesService.getUserProperties().setProperty(
    triggerDocumentProperty(trigger.getUniqueId()),
    spreadsheet.getId(),
  );
}

export function triggerDocumentProperty(triggerId: string): string {
  return `creatorSheets.triggerDocument.${triggerId}`;
}
