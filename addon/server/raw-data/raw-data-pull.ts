import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import { rawColumns } from '../../../shared/rows/raw-rows';
import type { AccountAnswer } from '../../../shared/worker-api/account';
import { isJobStatus } from '../../../shared/worker-api/job-status';
import type { RawAnswer, RawFeedUsageAnswer, RawRequest } from '../../../shared/worker-api/raw';
import type {
  RawAllowance,
  RawFeedUsage,
  RawLimit,
  RawPullRequest,
  RawPullStart,
  RawUsage,
} from '../../bridge-contract/raw-data-api';
import { estimateRawPull, requireUnitsConfirmation } from '../../bridge-contract/raw-data-estimate';
import { rawOperation } from '../../bridge-contract/raw-data-operations';
import {
  checkRawPull,
  operationOf,
  rawFeedJobInput,
  rawTabName,
} from '../../bridge-contract/raw-data-request';
import { digestOf } from '../apps-script/content-digest';
import { spreadsheetTimeZone } from '../sheet/sheet-dates';
import { startJob } from '../jobs/jobs';
import { writeTableToTab } from '../sheet/table-tab';
import { planTabOutput } from '../sheet/tab-output-plan';
import { tabWriteModeOf } from '../../bridge-contract/tab-output';
import {
  asRecord,
  numberAt,
  optionalNumberAt,
  optionalRecordAt,
  optionalStringAt,
  readTableAnswer,
  stringAt,
  type Unread,
} from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { WorkerCallError } from '../worker-client/worker-failure';

/**
 * Raw data into a new tab. A paged operation runs as a `raw-feed` job (one batch per page, with
 * progress, cancel and resume, written by the shared job writer); a one-request operation is one
 * `POST /api/raw` whose rows go straight into the tab, since a job would add nothing but waiting.
 * Either way what was spent is exact: the worker's `rawUnits` for one request, the job's ledger
 * rows for a feed (`GET /api/raw/jobs/:id`).
 */

/** `GET /api/account`: the API account's `billing.rawRequests`. */
export function readRawAllowance(): RawAllowance {
  const account = asRecord<AccountAnswer>(callRoute(WORKER_ROUTES.account, {}), 'the account');
  const accountHidden = account.api === null;
  const rawLeft = optionalRecordAt(account, 'rawLeft');
  if (rawLeft === null) {
    // A worker from before raw budgets: the account's allowance is all there is.
    const api = optionalRecordAt(account, 'api');
    const billing = api === null ? null : optionalRecordAt(api, 'billing');
    const left = billing === null ? null : optionalNumberAt(billing, 'rawRequests');
    return { rawRequestsLeft: left, limitedBy: left === null ? null : 'account', accountHidden };
  }
  return { ...limitOf(optionalNumberAt(rawLeft, 'left'), rawLeft.of), accountHidden };
}

/** The raw requests left and what limits them (`rawLeftOf`; an older worker says only the number). */
function limitOf(
  rawRequestsLeft: number | null,
  of: unknown,
): Pick<RawUsage, 'rawRequestsLeft' | 'limitedBy'> {
  const limitedBy: RawLimit =
    of === 'account' || of === 'budget' ? of : rawRequestsLeft === null ? null : 'account';
  return { rawRequestsLeft, limitedBy };
}

/** The raw requests left after an answer that spent some. */
function leftAfter(
  answer: Unread<Pick<RawAnswer, 'rawRequestsLeft' | 'rawLeftOf'>>,
): Pick<RawUsage, 'rawRequestsLeft' | 'limitedBy'> {
  return limitOf(optionalNumberAt(answer, 'rawRequestsLeft'), answer.rawLeftOf);
}

/** Where the pull's table goes: a new tab, or the named one replaced or added to (issue 15). */
function rawTabPlan(request: RawPullRequest, columns: readonly { label: string }[] | null, width: number) {
  const name = rawTabName(request);
  return planTabOutput({
    output: { name, mode: tabWriteModeOf(request.tabMode) },
    fallbackName: name,
    width,
    header: columns === null ? null : columns.map((col) => col.label),
    what: 'this pull',
  });
}

function startFeedJob(request: RawPullRequest, timeZone: string): RawPullStart {
  const operation = operationOf(request);
  const input = { ...rawFeedJobInput(request), timeZone };
  const name = rawTabName(request);
  const columns = rawColumns(operation.id);
  const mode = tabWriteModeOf(request.tabMode);
  const job = startJob('raw-feed', input, `raw|${name}|${mode}|${digestOf(JSON.stringify(input))}`, () =>
    rawTabPlan(request, columns, columns.length),
  );
  return { kind: 'job', job };
}

function pullOnce(request: RawPullRequest, timeZone: string): RawPullStart {
  const operation = operationOf(request);
  const body: RawRequest = {
    operation: operation.id,
    query: request.query,
    maxPages: 1,
    layout: request.allFields ? 'flat' : 'table',
    timeZone,
  };
  // Checked before the request spends: "All fields" has no header to check before the answer.
  const place = rawTabPlan(request, request.allFields ? null : rawColumns(operation.id), 0);
  let answer: Unread<RawAnswer>;
  try {
    answer = asRecord<RawAnswer>(callRoute(WORKER_ROUTES.raw, { body }), 'the raw answer');
  } catch (error) {
    // The API's rule: an answer that finds nothing still spends a unit. Say so, since it cost.
    if (error instanceof WorkerCallError && error.status === 404) {
      throw new WorkerCallError(
        404,
        error.code,
        `${error.message.replace(/\.$/, '')}. That request spent 1 raw request: check the ${operation.params[0]?.label.toLowerCase() ?? 'input'} and pull again.`,
      );
    }
    throw error;
  }
  const table = readTableAnswer(answer);
  // "All fields" takes its columns from the items; with none there is still the operation's header.
  const columns = table.columns.length > 0 ? table.columns : [...rawColumns(operation.id)];
  const rawUnits = numberAt(answer, 'rawUnits');
  const written = writeTableToTab(place, columns, table.rows, {
    kind: 'raw-request',
    credits: 0,
    rawRequests: rawUnits,
  });
  return {
    kind: 'table',
    sheetName: written.sheetName,
    destination: written.destination,
    rows: written.rows,
    usage: {
      pages: numberAt(answer, 'pages'),
      rawUnits,
      ...leftAfter(answer),
    },
  };
}

/**
 * Checks what the sidebar sent and the user's consent to the spend, then pulls, with the sheet's
 * zone so that date columns hold the days the sheet would show for those times.
 */
export function startRawPullRun(sent: RawPullRequest, confirmedUnits: boolean): RawPullStart {
  const request = checkRawPull(sent);
  requireUnitsConfirmation(estimateRawPull(request, null), confirmedUnits);
  const timeZone = spreadsheetTimeZone();
  return operationOf(request).paged ? startFeedJob(request, timeZone) : pullOnce(request, timeZone);
}

/** `GET /api/raw/jobs/:id` (worker/src/jobs/raw-feed-usage.ts). */
export function readRawFeedUsage(jobId: string): RawFeedUsage {
  const answer = asRecord<RawFeedUsageAnswer>(
    callRoute(WORKER_ROUTES.rawFeedUsage, { params: { id: jobId } }),
    'the raw feed usage',
  );
  const status = stringAt(answer, 'status');
  return {
    jobId: stringAt(answer, 'id'),
    status: isJobStatus(status) ? status : 'failed',
    operation: rawOperation(answer.operation)?.id ?? null,
    pages: numberAt(answer, 'pages'),
    rawUnits: numberAt(answer, 'rawUnits'),
    ...leftAfter(answer),
    more: answer.more === true,
    cursor: optionalStringAt(answer, 'cursor'),
    cursorParam: optionalStringAt(answer, 'cursorParam'),
  };
}
