import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import { parseHandle } from '../../../shared/handles';
import {
  COLLABORATION_POST_COLUMNS,
  COLLABORATION_SUMMARY_COLUMNS,
} from '../../../shared/rows/collaboration-rows';
import type {
  CollaborationSummaryAnswer,
  CollaborationsRequest as CollaborationsBody,
} from '../../../shared/worker-api/collaborations';
import type {
  CollaborationPostsRequest,
  CollaborationsRequest,
  CollaborationsStart,
  CollaborationSummaryRequest,
  CollaborationsSubject,
  OlderCollaborationsRequest,
} from '../../bridge-contract/collaborations-api';
import {
  collaborationsCost,
  collaborationsProblems,
  latestAllowedDay,
  readParty,
} from '../../bridge-contract/collaborations-rules';
import { requireCostConfirmation } from '../jobs/bulk-estimates';
import { digestOf } from '../apps-script/content-digest';
import { startJob } from '../jobs/jobs';
import { creditsText, plural } from '../sheet/number-text';
import { spreadsheetTimeZone } from '../sheet/sheet-dates';
import { writeTableToTab } from '../sheet/table-tab';
import { planTabOutput } from '../sheet/tab-output-plan';
import { tabWriteModeOf } from '../../bridge-contract/tab-output';
import {
  asRecord,
  columnsAt,
  optionalNumberAt,
  optionalStringAt,
  rowsAt,
} from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';

/**
 * Collaborations from the sidebar: the request checked again (the sidebar's checks are a courtesy)
 * and the cost consented to; then posts, of the newer or the older API, start as a
 * `collaboration-posts` job on the worker, which follows the API's cursor page by page and writes
 * into a new tab through the shared job writer (progress, cancel, resume when the sidebar
 * reopens); a summary is one call (`POST /api/collaborations/summary`) written into a new tab.
 */

/** The Creator column the job adds after the post columns (worker: collaborations-creator.ts). */
const POSTS_WIDTH = COLLABORATION_POST_COLUMNS.length + 1;

/**
 * The request with its ids as the API takes them; throws a sentence per mistake. Its days are the
 * sheet's, so "not after today" is today in the sheet's zone.
 */
function checkedCollaborationsRequest(
  request: CollaborationsRequest,
  nowMs: number,
  timeZone: string,
): CollaborationsRequest {
  const problems = collaborationsProblems(request, latestAllowedDay(nowMs, timeZone));
  if (problems.length > 0) throw new Error(problems.map((problem) => problem.message).join(' '));
  const id = partyId(request.subject, request, request.id);
  if (request.kind === 'older') return { ...request, id };
  const collaborator =
    request.collaborator === undefined || request.collaborator.trim() === ''
      ? undefined
      : partyId(request.subject === 'influencer' ? 'brand' : 'influencer', request, request.collaborator);
  const from = request.from === '' ? undefined : request.from;
  const to = request.to === '' ? undefined : request.to;
  return { ...request, id, collaborator, from, to };
}

function partyId(subject: CollaborationsSubject, request: CollaborationsRequest, text: string): string {
  const party = readParty(subject, request.platform, text);
  if (!party.ok) throw new Error(party.message);
  return party.id;
}

function optional<K extends string, V>(key: K, value: V | undefined | false): Partial<Record<K, V>> {
  return value === undefined || value === false ? {} : ({ [key]: value } as Partial<Record<K, V>>);
}

/** The newer endpoints' body; the worker reads `from` / `to` as days of `timeZone`, the sheet's. */
function currentBody(request: CollaborationPostsRequest | CollaborationSummaryRequest, timeZone: string) {
  return {
    id: request.id,
    platform: request.platform,
    ...optional('collaboratorId', request.collaborator),
    ...optional('from', request.from),
    ...optional('to', request.to),
    timeZone,
  };
}

/**
 * The worker's `collaboration-posts` job input: the posts route's body, or the deprecated one's,
 * with the sheet's zone either way (the older API's rows have dates too).
 */
function collaborationsJobInput(
  request: CollaborationPostsRequest | OlderCollaborationsRequest,
  timeZone: string,
) {
  if (request.kind === 'posts') return { ...currentBody(request, timeZone), maxPages: request.pages };
  return {
    api: 'deprecated',
    kind: request.subject,
    platform: request.platform,
    id: request.id,
    ...optional('groupedBrands', request.subject === 'influencer' && request.groupByDomain),
    maxPages: request.pages,
    timeZone,
  };
}

/** "@ana" for a username, the id or brand otherwise. */
function partyLabel(request: CollaborationsRequest): string {
  if (request.subject === 'influencer') {
    const parsed = parseHandle(request.id, request.platform);
    if (parsed.ok && parsed.kind === 'username') return `@${parsed.handle}`;
  }
  return request.id;
}

function collaborationsTabName(request: CollaborationsRequest): string {
  const what = request.kind === 'older' ? 'Collabs (older API)' : `Collabs ${request.kind}`;
  return `${what} ${partyLabel(request)}`;
}

/** The header of what a request writes; null for the older API, whose columns its first page fixes. */
function collaborationsHeader(request: CollaborationsRequest): string[] | null {
  if (request.kind === 'older') return null;
  if (request.kind === 'summary') return COLLABORATION_SUMMARY_COLUMNS.map((col) => col.label);
  return [...COLLABORATION_POST_COLUMNS.map((col) => col.label), 'Creator'];
}

/**
 * The tab the request writes into: the name given or made from it, new, replaced or added to
 * (issue 15), checked before anything is paid.
 */
function collaborationsTabPlan(request: CollaborationsRequest, width: number) {
  const given = (request.tab?.name ?? '').trim();
  const name = given === '' ? collaborationsTabName(request) : given;
  return planTabOutput({
    output: { name, mode: tabWriteModeOf(request.tab?.mode) },
    fallbackName: name,
    width,
    header: collaborationsHeader(request),
    what: request.kind === 'summary' ? 'this summary' : 'these posts',
  });
}

function readSide(value: string | null): CollaborationsSubject {
  return value === 'brand' ? 'brand' : 'influencer';
}

function sideNote(request: CollaborationsRequest, side: CollaborationsSubject): string {
  if (side === request.subject) return '';
  return side === 'brand'
    ? ` Note: "${request.id}" is a brand, so these are the influencers who posted for it.`
    : ` Note: "${request.id}" is an influencer, so these are the brands it worked with.`;
}

function startPostsJob(
  request: CollaborationPostsRequest | OlderCollaborationsRequest,
  timeZone: string,
): CollaborationsStart {
  const input = collaborationsJobInput(request, timeZone);
  const name = `${request.tab?.name ?? ''}|${request.tab?.mode ?? 'new'}|${collaborationsTabName(request)}`;
  // The job's columns (fixed by the worker when it is created) set the tab's width when it is prepared.
  const job = startJob(
    'collaboration-posts',
    input,
    `collabs|${name}|${digestOf(JSON.stringify(input))}`,
    () => collaborationsTabPlan(request, POSTS_WIDTH),
  );
  return { kind: 'job', job };
}

function writeSummary(request: CollaborationSummaryRequest, timeZone: string): CollaborationsStart {
  const body: CollaborationsBody = {
    ...currentBody(request, timeZone),
    ...optional('groupBrandCollaborations', request.subject === 'influencer' && request.groupByDomain),
  };
  const place = collaborationsTabPlan(request, COLLABORATION_SUMMARY_COLUMNS.length);
  const answer = asRecord<CollaborationSummaryAnswer>(
    callRoute(WORKER_ROUTES.collaborationSummary, { body }),
    'the collaborations summary',
  );
  const side = readSide(optionalStringAt(answer, 'side'));
  const credits = optionalNumberAt(answer, 'credits') ?? 0;
  const rows = rowsAt(answer, 'rows');
  const written = writeTableToTab(place, columnsAt(answer, 'columns'), rows, {
    kind: 'collaboration-summary',
    credits,
  });
  const partners = Math.max(0, rows.length - 1);
  const partner = side === 'brand' ? 'influencer' : 'brand';
  return {
    kind: 'table',
    sheetName: written.sheetName,
    destination: written.destination,
    rows: written.rows,
    side,
    credits,
    message:
      `Wrote the totals of ${plural(partners, partner)} and a total row into ${written.destination} ` +
      `(${creditsText(credits)}).${sideNote(request, side)}`,
  };
}

/** `startCollaborations`: checks, asks for consent above the threshold, then starts or writes. */
export function startCollaborationsRun(
  request: CollaborationsRequest,
  confirmedCost: boolean,
  nowMs: number = Date.now(),
): CollaborationsStart {
  // Read once: the check, the window's days and the rows' dates all go by the same calendar.
  const timeZone = spreadsheetTimeZone();
  const checked = checkedCollaborationsRequest(request, nowMs, timeZone);
  requireCostConfirmation(collaborationsCost(checked).maxCredits, confirmedCost);
  return checked.kind === 'summary' ? writeSummary(checked, timeZone) : startPostsJob(checked, timeZone);
}
