import { summaryTabTitle } from '../../../shared/worker-api/schedule-runs/schedule-run-layout';
import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The table's summary tab, "<tab> (Creator Sheets)", as the worker's runner keeps it
 * (shared/worker-api/schedule-run-layout.ts): a wide table's stamp in A1, a snapshot's chart block
 * from J3. Made right of the table's tab when absent.
 */
export function openSummaryTab(sheet: Sheet, schedule: ScheduleAnswer): Sheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const title = summaryTabTitle(schedule.output.sheetName);
  // insertSheet's index is 0-based and getIndex 1-based: this puts it right after the table's tab.
  return spreadsheet.getSheetByName(title) ?? spreadsheet.insertSheet(title, sheet.getIndex());
}
