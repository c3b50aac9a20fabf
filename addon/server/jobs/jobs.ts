import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import { EMAIL_COLUMNS, EMAIL_RESULT_COLUMNS } from '../../../shared/rows/email-rows';
import { selectReportColumns } from '../../../shared/rows/report-rows';
import { SEARCH_COLUMNS } from '../../../shared/rows/search-rows';
import { isFinalJobStatus } from '../../../shared/worker-api/job-status';
import type {
  JobDeliveryRequest,
  JobDeliveryState,
  JobStartedAnswer,
  StartJobRequest,
} from '../../../shared/worker-api/jobs';
import type {
  BulkEstimate,
  BulkStart,
  ColumnSource,
  JobKindName,
  JobView,
  ReportsOptions,
  SearchForm,
} from '../../bridge-contract/sidebar-api';
import { BULK_TAB_NAMES } from '../../bridge-contract/bulk-tab-names';
import { estimateEmailColumn, requireCostConfirmation } from './bulk-estimates';
import { estimateHandlesWithCache } from './cached-estimates';
import { plainValues, readColumnSource, type ColumnInput } from '../sheet/column-source';
import { spreadsheetTimeZone } from '../sheet/sheet-dates';
import { digestOf } from '../apps-script/content-digest';
import { withDocumentLock } from '../apps-script/document-lock';
import {
  besideDestination,
  destinationSheet,
  occupiedCells,
  prepareDestination,
  requireOverwriteConsent,
  writeRowsBlock,
  type Destination,
} from './job-destination';
import { deleteJobRecord, listJobRecords, readJobRecord, saveJobRecord, type JobRecord } from './job-records';
import { toJobView, writeFinishedRows, type JobWriterDeps } from './job-writer';
import { noteJobEnded, noteJobStarted } from './job-run-history';
import { estimateSearchForm, searchJobInput, searchTabOutput } from './search-form-body';
import { planTabOutput } from '../sheet/tab-output-plan';
import {
  asRecord,
  numberAt,
  readJobDelivery,
  readJobProgress,
  readJobRows,
  stringAt,
  type WorkerJobProgress,
} from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { sentenceOf, WorkerCallError } from '../worker-client/worker-failure';
import { readConnection } from '../worker-client/worker-key';

/**
 * Sidebar jobs (DESIGN "A sidebar job"): start one on the worker, keep where its rows go in
 * document properties (job-records.ts), and write finished rows on each poll (job-writer.ts).
 */

/** Jobs listed when the sidebar opens; older ones still resume when polled by id. */
const MAX_LISTED_JOBS = 20;

function workerProgress(id: string): WorkerJobProgress {
  return readJobProgress(callRoute(WORKER_ROUTES.job, { params: { id } }));
}

function requireSheet(record: JobRecord): GoogleAppsScript.Spreadsheet.Sheet {
  const sheet = destinationSheet(record.destination);
  if (sheet === null) {
    throw new Error(
      `The tab "${record.destination.sheetName}" that this job writes into is gone: cancel the job, or undo the deletion.`,
    );
  }
  return sheet;
}

const writerDeps: JobWriterDeps = {
  progress: workerProgress,
  rows: (id, after, limit) =>
    readJobRows(callRoute(WORKER_ROUTES.jobRows, { params: { id }, query: { after, limit } })),
  prepare(record, progress) {
    const columns = progress.columns;
    const destination: Destination = {
      ...record.destination,
      width: columns.length > 0 ? columns.length : record.destination.width,
    };
    prepareDestination(requireSheet(record), destination, columns);
    return { ...record, destination, prepared: true };
  },
  write: (record, after, rows, columns) =>
    writeRowsBlock(requireSheet(record), record.destination, after, rows, columns),
  requestDelivery,
  save: saveJobRecord,
  now: () => Date.now(),
};

/**
 * Asks the worker to write the job's rows itself. Anything but a clear "server" leaves the writing
 * to the polls, as before: an older worker without the route, one without a service account, a
 * sheet not shared with it, or a failed call.
 */
function requestDelivery(record: JobRecord): JobDeliveryState {
  const body: JobDeliveryRequest = {
    spreadsheetId: SpreadsheetApp.getActiveSpreadsheet().getId(),
    sheetName: record.destination.sheetName,
    firstRow: record.destination.firstDataRow,
    firstColumn: record.destination.firstColumn,
  };
  try {
    const answer = asRecord<JobDeliveryState>(
      callRoute(WORKER_ROUTES.jobDelivery, { params: { id: record.id }, body }),
      'the delivery',
    );
    return readJobDelivery(answer) ?? { mode: 'sidebar', rowsWritten: 0 };
  } catch (error) {
    return { mode: 'sidebar', rowsWritten: 0, reason: sentenceOf(error) };
  }
}

function readRecord(jobId: string): JobRecord {
  const record = readJobRecord(jobId);
  if (record === null) throw new Error(`No job "${jobId}" is writing into this spreadsheet.`);
  return record;
}

/** The view without writing anything (a finished job, or another poll holding the lock). */
function viewOnly(record: JobRecord): JobView {
  const progress = workerProgress(record.id);
  return toJobView({
    record,
    progress,
    finished: record.finishedAt !== null,
    stoppedEarly: record.finishedAt === null && isFinalJobStatus(progress.status),
    blocks: 0,
  });
}

/** Writes the job's finished rows (bounded work; the next poll continues) and reports progress. */
export function pollJobRows(jobId: string): JobView {
  const record = readRecord(jobId);
  if (record.finishedAt !== null) return viewOnly(record);
  // Two polls at once (google.script.run runs them in parallel) would write the same blocks.
  return withDocumentLock(
    () => {
      const outcome = writeFinishedRows(readRecord(jobId), writerDeps);
      // Once per job: a finished record is answered by viewOnly from then on.
      if (outcome.finished) noteJobEnded(outcome.record, outcome.progress);
      return toJobView(outcome);
    },
    () => viewOnly(record),
  );
}

/** Cancels on the worker (rows already finished stay and are written), then polls once. */
export function cancelJobRun(jobId: string): JobView {
  try {
    callRoute(WORKER_ROUTES.cancelJob, { params: { id: jobId } });
  } catch (error) {
    // 409: the job had already ended; writing what it left is all there is to do.
    if (!(error instanceof WorkerCallError && error.status === 409)) throw error;
  }
  const record = readJobRecord(jobId);
  if (record !== null && record.finishedAt === null && destinationSheet(record.destination) === null) {
    // Its tab was deleted: there is nowhere left to write, so the job is over for this document.
    const finished = { ...record, finishedAt: Date.now() };
    saveJobRecord(finished);
    const view = viewOnly(finished);
    noteJobEnded(finished, { ...workerProgress(jobId), status: 'cancelled' });
    return view;
  }
  return pollJobRows(jobId);
}

/** This user's jobs that are still writing into this document, for the sidebar to resume. */
export function listActiveJobViews(): JobView[] {
  const owner = readConnection()?.email ?? null;
  const views: JobView[] = [];
  const records = listJobRecords().filter(
    (record) => record.finishedAt === null && (record.owner === null || record.owner === owner),
  );
  for (const record of records.slice(-MAX_LISTED_JOBS)) {
    try {
      views.push(viewOnly(record));
    } catch (error) {
      // The worker forgot the job (purged, or another worker): nothing left to resume.
      if (error instanceof WorkerCallError && error.status === 404) deleteJobRecord(record.id);
      else throw error;
    }
  }
  return views;
}

/**
 * Starts a job once: a repeated start of the same input (a double click, a retried call) answers
 * the job already writing it, and the idempotency key makes the worker do the same for a start
 * whose answer was lost. `plan` runs before anything is sent (it checks the target, and may
 * refuse); the destination it answers is made once the worker has accepted the job.
 */
export function startJob(
  kind: JobKindName,
  input: unknown,
  sourceKey: string,
  plan: () => (total: number) => Destination,
): JobView {
  const id = withDocumentLock(
    () => {
      const same = listJobRecords().filter(
        (record) => record.kind === kind && record.sourceKey === sourceKey,
      );
      const running = same.find((record) => record.finishedAt === null);
      if (running !== undefined) return running.id;
      const makeDestination = plan();
      const spreadsheetId = SpreadsheetApp.getActiveSpreadsheet().getId();
      const minute = Math.floor(Date.now() / 60000);
      // Counting the earlier runs lets a start right after a cancel make a new job, not find the old.
      const idempotencyKey = `cs-${digestOf([spreadsheetId, kind, sourceKey, minute, same.length].join('|'))}`;
      const body: StartJobRequest = { kind, input, idempotencyKey };
      const answer = asRecord<JobStartedAnswer>(callRoute(WORKER_ROUTES.startJob, { body }), 'the new job');
      const record: JobRecord = {
        id: stringAt(answer, 'id'),
        kind,
        owner: readConnection()?.email ?? null,
        destination: makeDestination(numberAt(answer, 'total')),
        rowsWritten: 0,
        prepared: false,
        delivery: 'ask',
        deliveryNote: null,
        sourceKey,
        startedAt: new Date().toISOString(),
        finishedAt: null,
      };
      saveJobRecord(record);
      noteJobStarted(record);
      return record.id;
    },
    () => {
      throw new Error('Another start or poll of this spreadsheet is running: try again in a few seconds.');
    },
  );
  return pollJobRows(id);
}

/** Identifies a start: the kind, the input's place and content, and the target. */
function columnSourceKey(input: ColumnInput, start: BulkStart, extra: unknown, timeZone: string): string {
  const target =
    start.target.kind === 'beside'
      ? 'beside'
      : `newTab:${start.target.name ?? ''}${start.target.mode === undefined || start.target.mode === 'new' ? '' : `:${start.target.mode}`}`;
  const place = [input.sheet.getSheetId(), input.column, input.firstDataRow, input.values.length].join(':');
  return `${place}|${target}|${digestOf(JSON.stringify([plainValues(input.values, timeZone), extra]))}`;
}

/** Plans the destination for a column's results, refusing data it would overwrite unasked. */
function columnDestination(
  input: ColumnInput,
  start: BulkStart,
  header: readonly string[],
  defaultTabName: string,
  what: string,
): () => (total: number) => Destination {
  return () => {
    if (start.target.kind === 'beside') {
      const destination = besideDestination(input, header.length);
      requireOverwriteConsent(input.sheet, destination, start.confirmedOverwrite);
      return () => destination;
    }
    // A named tab replaced or added to (issue 15); never the tab the input is read from.
    return planTabOutput({
      output: { name: start.target.name ?? '', mode: start.target.mode ?? 'new' },
      fallbackName: defaultTabName,
      width: header.length,
      header,
      what,
      inputSheetId: input.sheet.getSheetId(),
    });
  };
}

/** The estimate, with what a "beside" target would overwrite. */
function withBesideCheck(estimate: BulkEstimate, input: ColumnInput, width: number): BulkEstimate {
  const occupied = occupiedCells(input.sheet, besideDestination(input, width));
  // The input named where it is used (issue 25): a Check says which cells it read.
  return { ...estimate, input: input.label, besideOccupied: occupied.cells, besideRange: occupied.label };
}

function requireRows(input: ColumnInput, rows: number, what: string): void {
  if (rows === 0) throw new Error(`${input.label} holds no ${what}: nothing to do.`);
}

export function estimateEmailSource(source: ColumnSource): BulkEstimate {
  const input = readColumnSource(source, 'emails');
  return withBesideCheck(estimateEmailColumn(input.values), input, EMAIL_RESULT_COLUMNS.length);
}

export function startEmailEnrichment(start: BulkStart): JobView {
  const input = readColumnSource(start.source, 'emails');
  const estimate = estimateEmailColumn(input.values);
  requireRows(input, estimate.rows, 'addresses');
  requireCostConfirmation(estimate.maxCredits, start.confirmedCost);
  // Beside the addresses, the rows start after them: the address is not written again beside itself.
  const beside = start.target.kind === 'beside';
  const destination = columnDestination(
    input,
    start,
    (beside ? EMAIL_RESULT_COLUMNS : EMAIL_COLUMNS).map((col) => col.label),
    BULK_TAB_NAMES.enrichment,
    'this enrichment',
  );
  const timeZone = spreadsheetTimeZone();
  return startJob(
    'email-enrichment',
    { emails: plainValues(input.values, timeZone), ...(beside ? { withInput: false } : {}) },
    columnSourceKey(input, start, null, timeZone),
    destination,
  );
}

function reportColumnLabels(options: ReportsOptions): string[] {
  const selection = selectReportColumns(options.fields);
  if (!selection.ok) throw new Error(selection.error);
  return selection.columns.map((col) => col.label);
}

export function estimateReportSource(source: ColumnSource, options: ReportsOptions): BulkEstimate {
  const width = reportColumnLabels(options).length;
  const input = readColumnSource(source, 'handles');
  return withBesideCheck(estimateHandlesWithCache(input.values, options.platform), input, width);
}

export function startBulkReports(start: BulkStart, options: ReportsOptions): JobView {
  const header = reportColumnLabels(options);
  const input = readColumnSource(start.source, 'handles');
  // Priced as Check priced it: cached reports are free, so a column the cache holds asks nothing.
  const estimate = estimateHandlesWithCache(input.values, options.platform);
  requireRows(input, estimate.rows, 'handles');
  requireCostConfirmation(estimate.maxCredits, start.confirmedCost);
  const destination = columnDestination(input, start, header, BULK_TAB_NAMES.reports, 'these reports');
  // Read once: the job's report dates are days on this calendar, and the key follows the zone too.
  const timeZone = spreadsheetTimeZone();
  const jobInput = {
    handles: plainValues(input.values, timeZone),
    platform: options.platform,
    ...(options.fields.length === 0 ? {} : { fields: options.fields }),
    timeZone,
  };
  return startJob(
    'bulk-reports',
    jobInput,
    columnSourceKey(input, start, [options.platform, options.fields], timeZone),
    destination,
  );
}

export { estimateSearchForm };

/**
 * A search over `pages` pages into the tab named after the search: a new one, or that tab replaced
 * or added to (issue 15), checked before the job starts.
 */
export function startSearchJob(form: SearchForm, confirmedCost: boolean): JobView {
  const input = searchJobInput(form);
  requireCostConfirmation(estimateSearchForm(form).maxCredits, confirmedCost);
  const output = searchTabOutput(form, input.platform);
  const sourceKey = `search|${output.name}|${output.mode}|${digestOf(JSON.stringify(input))}`;
  return startJob('search-pages', input, sourceKey, () =>
    planTabOutput({
      output,
      fallbackName: output.name,
      width: SEARCH_COLUMNS.length,
      header: SEARCH_COLUMNS.map((col) => col.label),
      what: 'this search',
    }),
  );
}
