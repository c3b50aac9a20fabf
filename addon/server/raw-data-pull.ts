import { rawColumns } from '../../shared/rows/raw-rows';
import type {
  RawAllowance,
  RawFeedUsage,
  RawLimit,
  RawPullRequest,
  RawPullStart,
  RawUsage,
} from '../shared/raw-data-api';
import { estimateRawPull, requireUnitsConfirmation } from '../shared/raw-data-estimate';
import { rawOperation } from '../shared/raw-data-operations';
import { checkRawPull, operationOf, rawFeedJobInput, rawTabName } from '../shared/raw-data-request';
import { digestOf } from './content-digest';
import { newTabDestination } from './job-destination';
import { startJob } from './jobs';
import { writeTableToNewTab } from './table-tab';
import {
  asRecord,
  numberAt,
  optionalNumberAt,
  optionalStringAt,
  readTableAnswer,
  stringAt,
  type JsonRecord,
} from './worker-answers';
import { callWorker, workerPath } from './worker-client';
import { WorkerCallError } from './worker-failure';

/**
 * Raw data into a new tab. A paged operation runs as a `raw-feed` job (one batch per page, with
 * progress, cancel and resume, written by the shared job writer); a one-request operation is one
 * `POST /api/raw` whose rows go straight into the tab, since a job would add nothing but waiting.
 * Either way what was spent is exact: the worker's `rawUnits` for one request, the job's ledger
 * rows for a feed (`GET /api/raw/jobs/:id`).
 */

function recordAt(record: JsonRecord, ...path: string[]): JsonRecord {
  let current: unknown = record;
  for (const key of path) {
    current = typeof current === 'object' && current !== null ? (current as JsonRecord)[key] : undefined;
  }
  return typeof current === 'object' && current !== null ? (current as JsonRecord) : {};
}

/** `GET /api/account`: the API account's `billing.rawRequests`. */
export function readRawAllowance(): RawAllowance {
  const account = asRecord(callWorker({ method: 'get', path: 'api/account' }), 'the account');
  const accountHidden = account.api === null;
  if (!('rawLeft' in account)) {
    // A worker from before raw budgets: the account's allowance is all there is.
    const left = optionalNumberAt(recordAt(account, 'api', 'billing'), 'rawRequests');
    return { rawRequestsLeft: left, limitedBy: left === null ? null : 'account', accountHidden };
  }
  const rawLeft = recordAt(account, 'rawLeft');
  return { ...leftOf(rawLeft, 'left', 'of'), accountHidden };
}

/** The raw requests left and what limits them, from an answer's `<left>` and `<of>` fields. */
function leftOf(
  answer: JsonRecord,
  left: string,
  of: string,
): Pick<RawUsage, 'rawRequestsLeft' | 'limitedBy'> {
  const rawRequestsLeft = optionalNumberAt(answer, left);
  const limit = answer[of];
  const limitedBy: RawLimit =
    limit === 'account' || limit === 'budget' ? limit : rawRequestsLeft === null ? null : 'account';
  return { rawRequestsLeft, limitedBy };
}

function startFeedJob(request: RawPullRequest): RawPullStart {
  const operation = operationOf(request);
  const input = rawFeedJobInput(request);
  const name = rawTabName(request);
  const width = rawColumns(operation.id).length;
  const job = startJob(
    'raw-feed',
    input,
    `raw|${name}|${digestOf(JSON.stringify(input))}`,
    () => (total) => newTabDestination(name, width, total),
  );
  return { kind: 'job', job };
}

function pullOnce(request: RawPullRequest): RawPullStart {
  const operation = operationOf(request);
  let answer: JsonRecord;
  try {
    answer = asRecord(
      callWorker({
        method: 'post',
        path: 'api/raw',
        body: {
          operation: operation.id,
          query: request.query,
          maxPages: 1,
          layout: request.allFields ? 'flat' : 'table',
        },
      }),
      'the raw answer',
    );
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
  const written = writeTableToNewTab(rawTabName(request), columns, table.rows);
  return {
    kind: 'table',
    sheetName: written.sheetName,
    destination: written.destination,
    rows: written.rows,
    usage: {
      pages: numberAt(answer, 'pages'),
      rawUnits: numberAt(answer, 'rawUnits'),
      ...leftOf(answer, 'rawRequestsLeft', 'rawLeftOf'),
    },
  };
}

/** Checks what the sidebar sent and the user's consent to the spend, then pulls. */
export function startRawPullRun(sent: RawPullRequest, confirmedUnits: boolean): RawPullStart {
  const request = checkRawPull(sent);
  requireUnitsConfirmation(estimateRawPull(request, null), confirmedUnits);
  return operationOf(request).paged ? startFeedJob(request) : pullOnce(request);
}

const JOB_STATUSES: readonly RawFeedUsage['status'][] = ['queued', 'running', 'done', 'failed', 'cancelled'];

/** `GET /api/raw/jobs/:id` (worker/src/jobs/raw-feed-usage.ts). */
export function readRawFeedUsage(jobId: string): RawFeedUsage {
  const answer = asRecord(
    callWorker({ method: 'get', path: workerPath('api', 'raw', 'jobs', jobId) }),
    'the raw feed usage',
  );
  const status = stringAt(answer, 'status');
  return {
    jobId: stringAt(answer, 'id'),
    status: JOB_STATUSES.find((known) => known === status) ?? 'failed',
    operation: rawOperation(answer.operation)?.id ?? null,
    pages: numberAt(answer, 'pages'),
    rawUnits: numberAt(answer, 'rawUnits'),
    ...leftOf(answer, 'rawRequestsLeft', 'rawLeftOf'),
    more: answer.more === true,
    cursor: optionalStringAt(answer, 'cursor'),
    cursorParam: optionalStringAt(answer, 'cursorParam'),
  };
}
