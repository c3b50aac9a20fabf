import type {
  ScheduleAnswer,
  ScheduleEstimateAnswer,
  ScheduleListAnswer,
  ScheduleRequest,
} from '../../shared/worker-api/schedules';
import { WORKER_ROUTES } from '../../shared/worker-api/routes';
import { parsePlatform } from '../../shared/handles';
import { MAX_EMAIL_INPUTS, MAX_REPORT_INPUTS } from '../../shared/worker-api/request-limits';
import type { ScheduleCheck, ScheduleForm, ScheduleStart, ScheduleView } from '../shared/schedules-api';
import { estimateEmailColumn, estimateHandleColumn } from './bulk-estimates';
import { readFormulaAllowance } from './formula-allowance';
import { creditsText, formatCount } from './number-text';
import { parseSheetPlace } from './sheet-place';
import { spreadsheetTimeZone } from './sheet-dates';
import { asRecord } from './worker-answers';
import { callRoute } from './worker-client';
import { WorkerCallError } from './worker-failure';
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
  const request = parsedRequest(form);
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  if (spreadsheet.getSheetByName(request.output.sheetName) === null) {
    spreadsheet.insertSheet(request.output.sheetName);
  }
  return request;
}

/** The form parsed, changing nothing: a missing input tab is refused, the output's is not made. */
function parsedRequest(form: ScheduleForm): ScheduleRequest {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const active = spreadsheet.getActiveSheet().getName();
  const input = parseSheetPlace(form.input, active, 'The input');
  const output = parseSheetPlace(form.output, active, 'The output');
  if (spreadsheet.getSheetByName(input.sheetName) === null) {
    throw new Error(`There is no tab "${input.sheetName}" for the input`);
  }
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
    ...(form.kind === 'reports' && form.freshnessDays !== undefined
      ? { freshnessDays: form.freshnessDays }
      : {}),
  };
}

/**
 * What the first run will cost: the input column as the worker will read it (from the first input
 * cell down to the tab's last row), counted as a bulk run counts it, against what the sheet's
 * formulas may still spend today. Changes nothing.
 */
export function checkDocumentSchedule(form: ScheduleForm): ScheduleCheck {
  const request = parsedRequest(form);
  const values = inputColumn(request);
  const max = request.kind === 'reports' ? MAX_REPORT_INPUTS : MAX_EMAIL_INPUTS;
  if (values.length > max) {
    throw new Error(
      `The input column holds ${formatCount(values.length)} rows; a scheduled report takes at most ${formatCount(max)}: split it, or run a job from the sidebar`,
    );
  }
  const estimate =
    request.kind === 'reports'
      ? estimateHandleColumn(values, parsePlatform(request.platform) ?? 'instagram')
      : estimateEmailColumn(values);
  const runs = runsEstimate(request, values);
  const firstRun = runs === null ? estimate.maxCredits : runs.firstRunCredits;
  const allowance = readFormulaAllowance();
  const allowanceLeft = allowance?.left ?? null;
  const toApprove = allowanceLeft === null ? 0 : Math.max(0, Math.ceil(firstRun - allowanceLeft));
  const mayApprove = allowance?.mayChange ?? false;
  const connectedBy = allowance?.connectedBy ?? null;
  const costs =
    runs === null
      ? `First run: ${estimate.summary} Later runs fetch only what the worker's cache lacks.`
      : runs.summary;
  return {
    estimate,
    allowanceLeft,
    toApprove,
    mayApprove,
    connectedBy,
    summary: firstRunSummary(costs, allowanceLeft, toApprove, mayApprove, connectedBy),
    ...(runs === null ? {} : { runs }),
  };
}

/**
 * The worker's estimate of a scheduled report's runs, counting what its cache holds fresh enough
 * (reports only). Its columns are checked there first: an unknown one is the worker's sentence. A
 * worker without the route (an older one) leaves the add-on's own count.
 */
function runsEstimate(request: ScheduleRequest, inputs: unknown[]): ScheduleEstimateAnswer | null {
  if (request.kind !== 'reports') return null;
  try {
    return asRecord<ScheduleEstimateAnswer>(
      callRoute(WORKER_ROUTES.estimateSchedule, { body: { schedule: request, inputs } }),
      'the estimate',
    ) as ScheduleEstimateAnswer;
  } catch (error) {
    if (error instanceof WorkerCallError && error.status === 400) throw error;
    return null;
  }
}

function inputColumn(request: ScheduleRequest): unknown[] {
  const { sheetName, row, column } = request.input;
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName);
  const last = sheet === null ? 0 : sheet.getLastRow();
  if (sheet === null || last < row) return [];
  const values = sheet
    .getRange(row, column, last - row + 1, 1)
    .getValues()
    .map((cells) => cells[0] as unknown);
  while (values.length > 0 && String(values[values.length - 1]).trim() === '') values.pop();
  return values;
}

function firstRunSummary(
  first: string,
  left: number | null,
  toApprove: number,
  mayApprove: boolean,
  connectedBy: string | null,
): string {
  if (toApprove === 0) return first;
  const leftText = `this sheet's formulas may spend ${creditsText(left ?? 0)} more today without asking`;
  if (mayApprove)
    return `${first} That is more than ${leftText}: confirming approves up to ${creditsText(toApprove)} more for it.`;
  const who = connectedBy === null ? 'whoever connects the formulas' : connectedBy;
  return `${first} That is more than ${leftText}: only ${who} or an admin may approve it (Settings > Formula allowance); until then the run waits and says so in its history.`;
}

/**
 * Makes the schedule; with `start`, approves the first run's credits (today's allowance, so the
 * run comes at once rather than at its first time, which may be another day) and starts it.
 */
export function createDocumentSchedule(form: ScheduleForm, start?: ScheduleStart): ScheduleView {
  const body = scheduleRequestOf(form);
  const made = asSchedule(callRoute(WORKER_ROUTES.createSchedule, { params: documentParams(), body }));
  if (start === undefined) return made;
  if (start.approveCredits > 0) {
    callRoute(WORKER_ROUTES.approveFormulas, {
      params: documentParams(),
      body: { credits: start.approveCredits },
    });
  }
  return start.runNow ? runDocumentScheduleNow(made.id) : made;
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
