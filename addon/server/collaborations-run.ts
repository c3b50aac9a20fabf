import { parseHandle } from '../../shared/handles';
import type { Column, Row } from '../../shared/rows/columns';
import type {
  CollaborationsProgress,
  CollaborationsRequest,
  CollaborationsRun,
  CollaborationsSubject,
} from '../shared/collaborations-api';
import {
  collaborationsCost,
  collaborationsProblems,
  latestAllowedDay,
  MAX_COLLABORATION_PAGES,
  pagesForNextCall,
  readParty,
} from '../shared/collaborations-rules';
import { requireCostConfirmation } from './bulk-estimates';
import { appendToRunTab, openRunTab, requireRunTab } from './collaborations-tab';
import { creditsText, formatCount, plural } from './number-text';
import { asRecord, columnsAt, optionalNumberAt, optionalStringAt, rowsAt } from './worker-answers';
import { callWorker } from './worker-client';

/**
 * Collaborations from the sidebar: the request checked again (the sidebar's checks are a courtesy),
 * the worker called for a few pages at a time (`POST /api/collaborations/posts`, `/summary`,
 * `/deprecated`), and the rows written into a new tab, then below them on each later call.
 */

/** What one worker call brought. */
interface CallAnswer {
  columns: Column[];
  rows: Row[];
  pages: number;
  more: boolean;
  cursor: string | null;
  credits: number;
  side: CollaborationsSubject | null;
  incomplete: string | null;
}

const NOTHING_FOUND: Column = { id: 'collaborations', label: 'Collaborations', format: 'text' };

/** The request with its ids as the API takes them; throws a sentence per mistake. */
function checkedRequest(request: CollaborationsRequest, nowMs: number): CollaborationsRequest {
  const problems = collaborationsProblems(request, latestAllowedDay(nowMs));
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

function workerCall(request: CollaborationsRequest, cursor: string | null, maxPages: number) {
  if (request.kind === 'older') {
    return {
      path: 'api/collaborations/deprecated',
      body: {
        kind: request.subject,
        platform: request.platform,
        id: request.id,
        ...optional('groupedBrands', request.subject === 'influencer' && request.groupByDomain),
        ...optional('after', cursor ?? undefined),
        maxPages,
      },
    };
  }
  const body = {
    id: request.id,
    platform: request.platform,
    ...optional('collaboratorId', request.collaborator),
    ...optional('from', request.from),
    ...optional('to', request.to),
  };
  if (request.kind === 'summary') {
    return {
      path: 'api/collaborations/summary',
      body: {
        ...body,
        ...optional('groupBrandCollaborations', request.subject === 'influencer' && request.groupByDomain),
      },
    };
  }
  return {
    path: 'api/collaborations/posts',
    body: { ...body, ...optional('cursor', cursor ?? undefined), maxPages },
  };
}

function readSide(value: string | null): CollaborationsSubject | null {
  return value === 'influencer' || value === 'brand' ? value : null;
}

function callFor(request: CollaborationsRequest, cursor: string | null, pagesDone: number): CallAnswer {
  const pages = request.kind === 'summary' ? 1 : pagesForNextCall(request.pages, pagesDone);
  const call = workerCall(request, cursor, pages);
  const record = asRecord(callWorker({ method: 'post', path: call.path, body: call.body }), 'collaborations');
  const more = record.more === true;
  return {
    columns: columnsAt(record, 'columns'),
    rows: rowsAt(record, 'rows'),
    pages: optionalNumberAt(record, 'pages') ?? 1,
    more,
    cursor: more ? optionalStringAt(record, 'cursor') : null,
    credits: optionalNumberAt(record, 'credits') ?? 0,
    side: readSide(optionalStringAt(record, 'side')),
    incomplete: optionalStringAt(record, 'incomplete'),
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

export function collaborationsTabName(request: CollaborationsRequest): string {
  const what = request.kind === 'older' ? 'Collabs (older API)' : `Collabs ${request.kind}`;
  return `${what} ${partyLabel(request)}`;
}

function pagesWanted(request: CollaborationsRequest): number {
  return request.kind === 'summary' ? 1 : request.pages;
}

function nounOf(request: CollaborationsRequest): { one: string; many: string } {
  if (request.kind === 'posts') return { one: 'post', many: 'posts' };
  if (request.kind === 'summary') return { one: 'row', many: 'rows' };
  return { one: 'collaboration', many: 'collaborations' };
}

function sideNote(request: CollaborationsRequest, side: CollaborationsSubject | null): string {
  if (side === null || side === request.subject) return '';
  return side === 'brand'
    ? ` Note: "${request.id}" is a brand, so these are the posts influencers made for it.`
    : ` Note: "${request.id}" is an influencer, so these are its posts with brands.`;
}

function progressMessage(
  run: CollaborationsRun,
  answer: CallAnswer,
  finished: boolean,
  destination: string,
): string {
  const request = run.request;
  const noun = nounOf(request);
  const spent = creditsText(run.creditsSpent);
  const note = sideNote(request, answer.side);
  if (request.kind === 'summary') {
    const partners = Math.max(0, run.rowsWritten - 1);
    const partner = answer.side === 'brand' ? 'influencer' : 'brand';
    return `Wrote the totals of ${plural(partners, partner)} and a total row into ${destination} (${spent}).${note}`;
  }
  const rows = plural(run.rowsWritten, noun.one, noun.many);
  const pages = `${formatCount(run.pagesDone)} of ${plural(request.pages, 'page')}`;
  if (answer.incomplete !== null) {
    return (
      `Stopped after ${pages}: ${answer.incomplete.replace(/\.$/, '')}. ${rows} are in ${destination} ` +
      `(${spent}); Continue retries from there within 2 days.${note}`
    );
  }
  if (!finished) return `${pages}: ${rows} so far in ${destination} (${spent}).${note}`;
  if (finished && run.rowsWritten === 0) {
    return `Found no ${noun.many} for ${partyLabel(request)}: the tab "${run.sheetName}" holds the header only (${spent}).${note}`;
  }
  const more = answer.more
    ? ` The API has more past page ${formatCount(run.pagesDone)}: run again with more pages (up to ${MAX_COLLABORATION_PAGES}) to get them.`
    : '';
  return `Wrote ${rows} from ${plural(run.pagesDone, 'page')} into ${destination} (${spent}).${more}${note}`;
}

function progressOf(run: CollaborationsRun, answer: CallAnswer, destination: string): CollaborationsProgress {
  const finished =
    answer.incomplete === null && (run.cursor === null || run.pagesDone >= pagesWanted(run.request));
  return {
    run,
    finished,
    more: answer.more,
    side: answer.side,
    destination,
    incomplete: answer.incomplete,
    message: progressMessage(run, answer, finished, destination),
  };
}

/** `startCollaborations`: checks, asks for consent above the threshold, makes the first call. */
export function startCollaborationsRun(
  request: CollaborationsRequest,
  confirmedCost: boolean,
  nowMs: number = Date.now(),
): CollaborationsProgress {
  const checked = checkedRequest(request, nowMs);
  requireCostConfirmation(collaborationsCost(checked).maxCredits, confirmedCost);
  const answer = callFor(checked, null, 0);
  // The older API's columns come from its items: an empty answer has none, and a tab needs one.
  if (answer.columns.length === 0) answer.columns = [NOTHING_FOUND];
  const tab = openRunTab(collaborationsTabName(checked), answer.columns, answer.rows);
  const run: CollaborationsRun = {
    request: checked,
    sheetId: tab.sheetId,
    sheetName: tab.sheetName,
    columns: answer.columns,
    rowsWritten: answer.rows.length,
    pagesDone: answer.pages,
    creditsSpent: answer.credits,
    cursor: answer.cursor,
  };
  return progressOf(run, answer, tab.destination);
}

function isRun(value: unknown): value is CollaborationsRun {
  if (typeof value !== 'object' || value === null) return false;
  const run = value as Record<string, unknown>;
  return (
    typeof run.request === 'object' &&
    run.request !== null &&
    typeof run.sheetId === 'number' &&
    typeof run.sheetName === 'string' &&
    Array.isArray(run.columns) &&
    typeof run.rowsWritten === 'number' &&
    typeof run.pagesDone === 'number' &&
    typeof run.creditsSpent === 'number' &&
    (run.cursor === null || typeof run.cursor === 'string')
  );
}

/** `continueCollaborations`: the next pages from the run's cursor, below its rows. */
export function continueCollaborationsRun(
  run: CollaborationsRun,
  nowMs: number = Date.now(),
): CollaborationsProgress {
  if (!isRun(run)) throw new Error('This run cannot be continued: run the request again.');
  const request = checkedRequest(run.request, nowMs);
  if (run.cursor === null || run.pagesDone >= pagesWanted(request)) {
    throw new Error('This run has nothing left to fetch: every page asked for is in its tab.');
  }
  // Before paying for pages: a deleted tab would leave them nowhere to go.
  requireRunTab(run);
  const answer = callFor(request, run.cursor, run.pagesDone);
  const tab = appendToRunTab(run, answer.columns, answer.rows);
  const next: CollaborationsRun = {
    ...run,
    request,
    sheetName: tab.sheetName,
    rowsWritten: run.rowsWritten + answer.rows.length,
    pagesDone: run.pagesDone + answer.pages,
    creditsSpent: Math.round((run.creditsSpent + answer.credits) * 1000) / 1000,
    // A failed page is retried from where it failed: the worker answers that page's cursor.
    cursor: answer.cursor,
  };
  return progressOf(next, answer, tab.destination);
}
