import type { ScheduleAnswer, ScheduleListAnswer, ScheduleRequest } from '../../shared/worker-api/schedules';
import { WORKER_ROUTES } from '../../shared/worker-api/routes';
import type { ScheduleForm, ScheduleView } from '../shared/schedules-api';
import { parseSheetPlace } from './sheet-place';
import { spreadsheetTimeZone } from './sheet-dates';
import { asRecord } from './worker-answers';
import { callRoute } from './worker-client';
import { readWorkerKey } from './worker-key';

/**
 * The document's scheduled reports (issue 14), through the sidebar user's own key. The answers are
 * the worker's own shapes (shared/worker-api/schedules.ts), checked for their list and id only:
 * the sidebar shows what it gets and a field an older worker lacks shows as empty.
 */

function documentParams(): { documentId: string } {
  return { documentId: SpreadsheetApp.getActiveSpreadsheet().getId() };
}

function asSchedule(value: unknown): ScheduleView {
  const record = asRecord<ScheduleAnswer>(value, 'the schedule');
  if (typeof record.id !== 'string') throw new Error("The worker's answer lacks the schedule's id");
  return record as ScheduleView;
}

function asList(value: unknown): ScheduleView[] {
  const record = asRecord<ScheduleListAnswer>(value, 'the schedules');
  return Array.isArray(record.schedules) ? record.schedules.map(asSchedule) : [];
}

export function listDocumentSchedules(): ScheduleView[] | null {
  if (readWorkerKey() === null) return null;
  return asList(callRoute(WORKER_ROUTES.documentSchedules, { params: documentParams() }));
}

/**
 * The form as the worker takes it: places parsed, the spreadsheet's time zone added, and the
 * output tab made when it does not exist yet (the worker writes into tabs, it does not make them).
 */
export function scheduleRequestOf(form: ScheduleForm): ScheduleRequest {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const active = spreadsheet.getActiveSheet().getName();
  const input = parseSheetPlace(form.input, active, 'The input');
  const output = parseSheetPlace(form.output, active, 'The output');
  if (spreadsheet.getSheetByName(input.sheetName) === null) {
    throw new Error(`There is no tab "${input.sheetName}" for the input`);
  }
  if (spreadsheet.getSheetByName(output.sheetName) === null) spreadsheet.insertSheet(output.sheetName);
  const fields = form.fields
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');
  return {
    name: form.name.trim() === '' ? `${output.sheetName} (${form.kind})` : form.name.trim(),
    kind: form.kind,
    input,
    ...(form.platform.trim() === '' ? {} : { platform: form.platform.trim() }),
    ...(fields.length === 0 ? {} : { fields }),
    output,
    mode: form.mode,
    cadence: form.cadence,
    timeZone: spreadsheetTimeZone(),
  };
}

export function createDocumentSchedule(form: ScheduleForm): ScheduleView {
  const body = scheduleRequestOf(form);
  return asSchedule(callRoute(WORKER_ROUTES.createSchedule, { params: documentParams(), body }));
}

export function setDocumentScheduleStatus(id: string, status: 'active' | 'paused'): ScheduleView {
  return asSchedule(callRoute(WORKER_ROUTES.setScheduleStatus, { params: { id }, body: { status } }));
}

export function deleteDocumentSchedule(id: string): ScheduleView[] {
  callRoute(WORKER_ROUTES.deleteSchedule, { params: { id } });
  return listDocumentSchedules() ?? [];
}

export function runDocumentScheduleNow(id: string): ScheduleView {
  return asSchedule(callRoute(WORKER_ROUTES.runSchedule, { params: { id } }));
}
