import type {
  ScheduleAlertSettingsAnswer,
  ScheduleAnswer,
  ScheduleEstimateAnswer,
  ScheduleListAnswer,
  ScheduleRequest,
} from '../../../shared/worker-api/schedules';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import { parsePlatform } from '../../../shared/handles';
import { MAX_EMAIL_INPUTS, MAX_REPORT_INPUTS } from '../../../shared/worker-api/request-limits';
import type {
  ScheduleAlertsView,
  ScheduleCheck,
  ScheduleForm,
  ScheduleStart,
  ScheduleView,
} from '../../bridge-contract/schedules-api';
import type { BulkEstimate } from '../../bridge-contract/sidebar-api';
import { estimateAiSearch } from '../../bridge-contract/ai-search-plan';
import { selectReportColumns } from '../../../shared/rows/report-rows';
import { aiSearchJobInput } from '../ai-search/ai-search-job';
import { estimateEmailColumn, estimateHandleColumn } from '../jobs/bulk-estimates';
import { estimateHandlesWithCache } from '../jobs/cached-estimates';
import { estimateSearchForm, searchJobInput } from '../jobs/search-form-body';
import type { CellValue } from '../sheet/sheet-values';
import { readFormulaAllowance } from '../formulas/formula-allowance';
import { creditsText, formatCount } from '../sheet/number-text';
import { parseSheetPlace } from '../sheet/sheet-place';
import { spreadsheetTimeZone } from '../sheet/sheet-dates';
import { asRecord } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { WorkerCallError } from '../worker-client/worker-failure';
import { readWorkerKey } from '../worker-client/worker-key';
import { orphanedReason } from '../../../shared/worker-api/schedule-runs/schedule-orphan';
import {
  chooseRunner,
  choiceLine,
  ensureSheetTrigger,
  keepRunnerReason,
  runnerLine,
} from './sheet-runner-choice';
import { RUN_BUDGET_MS, runSheetSchedule } from './sheet-schedule-run';
import { withDocumentLock } from '../apps-script/document-lock';

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

export function asScheduleList(value: unknown): ScheduleView[] {
  const record = asRecord<ScheduleListAnswer>(value, 'the schedules');
  return Array.isArray(record.schedules) ? record.schedules.map(asSchedule) : [];
}

export function listDocumentSchedules(): ScheduleView[] | null {
  if (readWorkerKey() === null) return null;
  const schedules = asScheduleList(callRoute(WORKER_ROUTES.documentSchedules, { params: documentParams() }));
  // A schedule the add-on runs for this user (copied or handed to them) needs their own trigger.
  const me = Session.getEffectiveUser().getEmail().toLowerCase();
  if (schedules.some((schedule) => schedule.runner === 'add-on' && schedule.createdBy.toLowerCase() === me)) {
    ensureSheetTrigger();
  }
  return schedules.map(withRunnerLine);
}

/** The schedule with the sidebar's line of who runs it and why (issue 26). */
export function withRunnerLine(schedule: ScheduleView): ScheduleView {
  const me = Session.getEffectiveUser().getEmail();
  // Someone else's schedule whose trigger stopped may be taken over (issue 26); the worker decides.
  const orphaned = orphanedReason(schedule, Date.now());
  const theirs = orphaned !== null && schedule.createdBy.toLowerCase() !== me.toLowerCase();
  return { ...schedule, runnerLine: runnerLine(schedule, me), ...(theirs ? { takeOver: orphaned } : {}) };
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
  const output = parseSheetPlace(form.output, active, 'The output');
  const searchKind = form.kind === 'search' || form.kind === 'ai-search';
  // A saved search has no input column: the place stands in for it, and is never read as one.
  const input = searchKind ? output : parseSheetPlace(form.input, active, 'The input');
  if (!searchKind && spreadsheet.getSheetByName(input.sheetName) === null) {
    throw new Error(`There is no tab "${input.sheetName}" for the input`);
  }
  const fields = form.fields
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');
  const named =
    form.name.trim() === '' ? (form.savedSearch ?? `${output.sheetName} (${form.kind})`) : form.name.trim();
  return {
    name: named,
    kind: form.kind,
    input,
    ...(searchKind || form.platform.trim() === '' ? {} : { platform: form.platform.trim() }),
    ...(searchKind || fields.length === 0 ? {} : { fields }),
    output,
    mode: form.mode,
    cadence: form.cadence,
    timeZone: spreadsheetTimeZone(),
    ...searchOf(form),
    ...(form.monthlyBudget === undefined || form.monthlyBudget === null
      ? {}
      : { monthlyBudget: form.monthlyBudget }),
    ...(form.kind === 'reports' && form.freshnessDays !== undefined
      ? { freshnessDays: form.freshnessDays }
      : {}),
  };
}

/** A saved search or AI search as the worker keeps it with the schedule (issue 25). */
function searchOf(form: ScheduleForm): Pick<ScheduleRequest, 'search' | 'aiSearch' | 'savedSearch'> {
  const saved = form.savedSearch === undefined ? {} : { savedSearch: form.savedSearch };
  if (form.kind === 'search') {
    if (form.search === undefined) throw new Error('Choose the saved search to run');
    const { platform, filter, sort, pages } = searchJobInput(form.search);
    return { search: { platform, filter: { ...filter }, sort: { ...sort }, pages }, ...saved };
  }
  if (form.kind === 'ai-search') {
    if (form.aiSearch === undefined) throw new Error('Choose the saved AI search to run');
    if (form.aiSearch.mode === 'image' && form.aiSearch.image?.kind !== 'url') {
      throw new Error(
        'An uploaded image cannot be scheduled: save the AI search with an image link (a cell holding it), then schedule that.',
      );
    }
    const { base64Image: _upload, imageType: _type, filters, ...rest } = aiSearchJobInput(form.aiSearch);
    return { aiSearch: { ...rest, ...(filters === undefined ? {} : { filters: { ...filters } }) }, ...saved };
  }
  return {};
}

/** What a saved search's run costs at most, as a bulk run's estimate reads. */
function searchEstimate(form: ScheduleForm): BulkEstimate | null {
  const most = (results: number, maxCredits: number, summary: string): BulkEstimate => ({
    rows: results,
    blanks: 0,
    invalid: 0,
    unique: results,
    maxCredits,
    needsConfirmation: maxCredits > 1,
    summary,
  });
  if (form.kind === 'search' && form.search !== undefined) {
    const estimate = estimateSearchForm(form.search);
    return most(estimate.maxResults, estimate.maxCredits, estimate.summary);
  }
  if (form.kind === 'ai-search' && form.aiSearch !== undefined) {
    const { mode, pageSize, pages } = form.aiSearch;
    const estimate = estimateAiSearch(mode, pageSize, pages);
    return most(estimate.maxResults, estimate.maxCredits, estimate.summary);
  }
  return null;
}

/**
 * What the first run will cost: the columns checked first (an unknown one is said here, with its
 * closest name, not by a run that fails), then the input column as the worker will read it (from
 * the first input cell down to the tab's last row), counted as a bulk run counts it and priced
 * against what the worker's cache holds (issue 25), against what the sheet's formulas may still
 * spend today. Changes nothing.
 */
export function checkDocumentSchedule(form: ScheduleForm): ScheduleCheck {
  return { ...firstRunCheck(form), runnerLine: choiceLine(chooseRunner(form.runner)) };
}

function firstRunCheck(form: ScheduleForm): ScheduleCheck {
  const request = parsedRequest(form);
  const searched = searchEstimate(form);
  if (searched !== null) return withAllowance(searched, SEARCH_LATER_RUNS);
  if (request.kind === 'reports') {
    const columns = selectReportColumns(request.fields ?? null);
    if (!columns.ok) throw new Error(columns.error);
  }
  const values = inputColumn(request);
  const max = request.kind === 'reports' ? MAX_REPORT_INPUTS : MAX_EMAIL_INPUTS;
  if (values.length > max) {
    throw new Error(
      `The input column holds ${formatCount(values.length)} rows; a scheduled report takes at most ${formatCount(max)}: split it, or run a job from the sidebar`,
    );
  }
  const runs = request.kind === 'reports' ? runsEstimate(request, values) : null;
  const platform = parsePlatform(request.platform) ?? 'instagram';
  // The worker's count of the runs stands for the cache's; an older worker's own estimate else.
  const estimate =
    request.kind !== 'reports'
      ? estimateEmailColumn(values)
      : runs === null
        ? estimateHandlesWithCache(values, platform)
        : estimateHandleColumn(values, platform, { cached: runs.fresh, credits: runs.firstRunCredits });
  return withAllowance(
    estimate,
    runs === null ? `First run: ${estimate.summary} ${INPUT_LATER_RUNS}` : runs.summary,
    runs,
  );
}

const INPUT_LATER_RUNS = "Later runs fetch only what the worker's cache lacks.";
const SEARCH_LATER_RUNS =
  'Each later run costs as much again, unless the worker fetched the same pages within the last day.';

/**
 * The estimate against what the sheet's formulas may still spend today, and who may approve more;
 * `costs` says what the runs cost (the worker's sentence for a scheduled report's runs).
 */
function withAllowance(
  estimate: BulkEstimate,
  costs: string,
  runs: ScheduleEstimateAnswer | null = null,
): ScheduleCheck {
  const firstRun = runs === null ? estimate.maxCredits : runs.firstRunCredits;
  const allowance = readFormulaAllowance();
  const allowanceLeft = allowance?.left ?? null;
  const toApprove = allowanceLeft === null ? 0 : Math.max(0, Math.ceil(firstRun - allowanceLeft));
  const mayApprove = allowance?.mayChange ?? false;
  const connectedBy = allowance?.connectedBy ?? null;
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

function inputColumn(request: ScheduleRequest): CellValue[] {
  const { sheetName, row, column } = request.input;
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName);
  const last = sheet === null ? 0 : sheet.getLastRow();
  if (sheet === null || last < row) return [];
  const values = sheet
    .getRange(row, column, last - row + 1, 1)
    .getValues()
    .map((cells) => cells[0] as CellValue);
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
  const request = scheduleRequestOf(form);
  // Where the worker may not write, the add-on runs it from this user's trigger (issue 26).
  const choice = chooseRunner(form.runner);
  if (choice.runner === 'add-on') ensureSheetTrigger();
  const body: ScheduleRequest = choice.runner === 'add-on' ? { ...request, runner: 'add-on' } : request;
  const made = asSchedule(callRoute(WORKER_ROUTES.createSchedule, { params: documentParams(), body }));
  keepRunnerReason(made.id, choice.reason);
  if (start === undefined) return withRunnerLine(made);
  if (start.approveCredits > 0) {
    // For this first run only: the asks of formulas waiting meanwhile stay for their own approval.
    callRoute(WORKER_ROUTES.approveFormulas, {
      params: documentParams(),
      body: { credits: start.approveCredits, asks: [] },
    });
  }
  return start.runNow ? runDocumentScheduleNow(made.id) : withRunnerLine(made);
}

export function setDocumentScheduleStatus(id: string, status: 'active' | 'paused'): ScheduleView {
  return asSchedule(callRoute(WORKER_ROUTES.setScheduleStatus, { params: { id }, body: { status } }));
}

export function deleteDocumentSchedule(id: string): ScheduleView[] {
  callRoute(WORKER_ROUTES.deleteSchedule, { params: { id } });
  return listDocumentSchedules() ?? [];
}

/**
 * Runs a schedule now: the worker's starts in the worker (202); one the add-on runs is made due,
 * then run here at once, as this user, within this call's run time (a long one goes on next hour).
 */
export function runDocumentScheduleNow(id: string): ScheduleView {
  const due = asSchedule(callRoute(WORKER_ROUTES.runSchedule, { params: { id } }));
  if (due.runner !== 'add-on') return withRunnerLine(due);
  const ran = withDocumentLock(
    () => runSheetSchedule(due, Date.now() + RUN_BUDGET_MS),
    () => null,
  );
  if (ran === null) throw new Error('This schedule is running now from this sheet: wait for its run to end.');
  const after = (listDocumentSchedules() ?? []).find((schedule) => schedule.id === id);
  return after ?? withRunnerLine(due);
}

/**
 * Saves the edited schedule (the output tab is made when it is new). A form that names a runner
 * hands the schedule to it (issue 26): to this sheet, with this user's trigger; to the worker,
 * which then wants proof that it may write here. A form that names none keeps the runner.
 */
export function updateDocumentSchedule(id: string, form: ScheduleForm): ScheduleView {
  const request = scheduleRequestOf(form);
  if (form.runner === undefined) {
    return withRunnerLine(
      asSchedule(callRoute(WORKER_ROUTES.updateSchedule, { params: { id }, body: request })),
    );
  }
  const choice = chooseRunner(form.runner);
  if (choice.runner === 'add-on') ensureSheetTrigger();
  const body: ScheduleRequest = { ...request, runner: choice.runner };
  const saved = asSchedule(callRoute(WORKER_ROUTES.updateSchedule, { params: { id }, body }));
  keepRunnerReason(id, choice.reason);
  return withRunnerLine(saved);
}

/**
 * Takes over a schedule whose owner's trigger stopped (issue 26: they left, or lost edit access):
 * the worker checks that it is orphaned and that this user may (they connected the formulas, or
 * proved edit access), records it for every editor and tells the owner; it runs from this user's
 * trigger from now on.
 */
export function takeOverDocumentSchedule(id: string): ScheduleView {
  const taken = asSchedule(callRoute(WORKER_ROUTES.takeOverSchedule, { params: { id } }));
  ensureSheetTrigger();
  return withRunnerLine(taken);
}

/** "Weekly report (copy)", or "(copy 2)" and on when taken: a tab of its own for the copy. */
function copyTabName(tab: string): string {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  for (let n = 1; ; n++) {
    const name = `${tab} (copy${n === 1 ? '' : ` ${n}`})`.slice(0, 100);
    if (spreadsheet.getSheetByName(name) === null) return name;
  }
}

/** A copy set up by this user, writing into a new tab beside the original's (made here: the worker makes none). */
export function duplicateDocumentSchedule(id: string, outputTab: string): ScheduleView[] {
  const schedules = listDocumentSchedules() ?? [];
  const original = schedules.find((schedule) => schedule.id === id);
  if (original === undefined) throw new Error('This schedule is no longer there: the list is reloaded.');
  const tab = copyTabName(outputTab);
  SpreadsheetApp.getActiveSpreadsheet().insertSheet(tab);
  callRoute(WORKER_ROUTES.duplicateSchedule, {
    params: { id },
    body: { output: { ...original.output, sheetName: tab } },
  });
  return listDocumentSchedules() ?? [];
}

export function handOverDocumentSchedule(id: string, to: string): ScheduleView {
  const address = to.trim();
  if (!/^[^@\s]+@[^@\s]+$/.test(address)) throw new Error(`"${address}" is not an e-mail address`);
  return asSchedule(callRoute(WORKER_ROUTES.handOverSchedule, { params: { id }, body: { to: address } }));
}

function asAlertSettings(value: unknown): ScheduleAlertsView {
  const record = asRecord<ScheduleAlertSettingsAnswer>(value, 'the schedule alerts');
  const hook = asRecord<NonNullable<ScheduleAlertSettingsAnswer['webhook']>>(
    record.webhook ?? {},
    'the webhook',
  );
  const webhook =
    typeof hook.hint === 'string'
      ? { hint: hook.hint, setBy: String(hook.setBy ?? ''), setAt: Number(hook.setAt ?? 0) }
      : null;
  return { webhook, email: record.email === true, mayChange: record.mayChange === true };
}

export function readScheduleAlerts(): ScheduleAlertsView | null {
  if (readWorkerKey() === null) return null;
  return asAlertSettings(callRoute(WORKER_ROUTES.scheduleAlertSettings, { params: documentParams() }));
}

export function writeScheduleAlertWebhook(url: string | null): ScheduleAlertsView {
  const webhookUrl = url === null || url.trim() === '' ? null : url.trim();
  return asAlertSettings(
    callRoute(WORKER_ROUTES.setScheduleAlertSettings, { params: documentParams(), body: { webhookUrl } }),
  );
}
