import { triggerDocumentProperty } from './sheet-runner-choice';
import { runDueSheetSchedules } from './sheet-schedule-trigger';

/**
 * The handler of the add-on's hourly time-driven trigger (issue 26): runs this document's due
 * schedules that the add-on runs, as the person who set them up. Every function here becomes a
 * top-level Apps Script function, so this file holds that one only.
 */
export function runSheetSchedules(event?: { triggerUid?: string }): void {
  const triggerId = typeof event?.triggerUid === 'string' ? event.triggerUid : null;
  // A time-driven run may have no active spreadsheet: the trigger's own is opened then.
  const documentId =
    triggerId === null
      ? null
      : PropertiesService.getUserProperties().getProperty(triggerDocumentProperty(triggerId));
  if (SpreadsheetApp.getActiveSpreadsheet() === null && documentId !== null) {
    SpreadsheetApp.setActiveSpreadsheet(SpreadsheetApp.openById(documentId));
  }
  runDueSheetSchedules(triggerId);
}
