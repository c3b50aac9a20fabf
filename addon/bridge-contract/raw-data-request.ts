import { MAX_RAW_JOB_PAGES } from '../../shared/worker-api/request-limits';
import type { RawPullRequest } from './raw-data-api';
import { rawOperation, rawOperationName, type RawOperation } from './raw-data-operations';
import { tabWriteModeOf, type TabWriteMode } from './tab-output';

/**
 * The Raw data form as a pull request, and the same rules for the server, which checks what it is
 * sent: an operation from the catalogue, its required parameters filled (the only rule its schema
 * sets: a text with content once trimmed), pages a whole number within the job's limit. Messages
 * name the field by its label, as the user sees it.
 */

/** The raw-feed job's page limit. */
export const RAW_MAX_PAGES = MAX_RAW_JOB_PAGES;
/**
 * Rows one pull writes at most. The tab is sized and formatted for the most rows the pull can
 * bring before the first arrives, so this keeps an "until done" tab within reason (the job would
 * allow 100,000).
 */
export const RAW_MAX_ROWS = 10_000;
/** The most items one page holds: the spec's largest page (a playlist's 100 videos). */
export const RAW_ROWS_PER_PAGE = 100;

/** The form as the sidebar reads it: text as typed. */
export interface RawFormValues {
  operation: string;
  /** By parameter name; parameters the operation does not take are ignored. */
  params: Readonly<Record<string, string>>;
  pages: string;
  untilDone: boolean;
  allFields: boolean;
  tabName: string;
  /** A new tab (when left out), or the named tab replaced or added to (issue 15). */
  tabMode?: TabWriteMode;
}

/** `param:<name>` for a parameter's field. */
export type RawFormField = 'operation' | 'pages' | 'tabMode' | `param:${string}`;

interface RawFormError {
  field: RawFormField;
  message: string;
}

export type RawFormResult = { ok: true; request: RawPullRequest } | { ok: false; errors: RawFormError[] };

/** Digits in groups of three, without Intl (Apps Script's locale data is not to be relied on). */
export function groupDigits(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function readPages(text: string): number | string {
  const trimmed = text.trim();
  const range = `a whole number from 1 to ${groupDigits(RAW_MAX_PAGES)}`;
  if (trimmed === '') return `Pages must be ${range}, or tick "Until done".`;
  const value = /^\d[\d,]*$/.test(trimmed) ? Number(trimmed.replace(/,/g, '')) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > RAW_MAX_PAGES) {
    return `Pages must be ${range}, got "${trimmed}".`;
  }
  return value;
}

export function buildRawPull(values: RawFormValues): RawFormResult {
  const operation = rawOperation(values.operation);
  if (operation === null) {
    return { ok: false, errors: [{ field: 'operation', message: 'Pick an operation.' }] };
  }
  const errors: RawFormError[] = [];
  const query: Record<string, string> = {};
  for (const item of operation.params) {
    const value = (values.params[item.name] ?? '').trim();
    if (value !== '') query[item.name] = value;
    else if (item.required)
      errors.push({ field: `param:${item.name}`, message: `${item.label} is required.` });
  }
  let pages: number | null = 1;
  if (operation.paged && !values.untilDone) {
    const read = readPages(values.pages);
    if (typeof read === 'string') errors.push({ field: 'pages', message: read });
    else pages = read;
  } else if (operation.paged) {
    pages = null;
  }
  const allFields = !operation.paged && values.allFields;
  const tabMode = tabWriteModeOf(values.tabMode);
  if (allFields && tabMode === 'append') {
    // Its columns come from the answer: the header could only be checked after the spend.
    errors.push({
      field: 'tabMode',
      message:
        '"All fields" takes its columns from the answer, so it cannot be added below a table: replace the tab or write a new one.',
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: {
      operation: operation.id,
      query,
      pages,
      allFields,
      tabName: values.tabName.trim(),
      ...(tabMode === 'new' ? {} : { tabMode }),
    },
  };
}

/**
 * The server's check of what the sidebar sent: the same rules, one sentence for all problems
 * (thrown, so the sidebar shows it). Values are read defensively: google.script.run passes
 * whatever the page sends.
 */
export function checkRawPull(sent: unknown): RawPullRequest {
  const record = typeof sent === 'object' && sent !== null ? (sent as Record<string, unknown>) : {};
  const query = typeof record.query === 'object' && record.query !== null ? record.query : {};
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = String(value);
  }
  const operation = rawOperation(record.operation);
  const result = buildRawPull({
    operation: typeof record.operation === 'string' ? record.operation : '',
    params,
    pages: typeof record.pages === 'number' ? String(record.pages) : '',
    untilDone: record.pages === null,
    allFields: record.allFields === true,
    tabName: typeof record.tabName === 'string' ? record.tabName : '',
    tabMode: tabWriteModeOf(record.tabMode),
  });
  if (result.ok) return result.request;
  const what = operation === null ? 'Raw data' : rawOperationName(operation);
  const unknown =
    operation === null
      ? ` Unknown raw operation ${JSON.stringify(record.operation)}: reload the sidebar.`
      : '';
  return fail(`${what}: ${result.errors.map((error) => error.message).join(' ')}${unknown}`);
}

function fail(message: string): never {
  throw new Error(message);
}

/** The operation of a checked request (always found: checkRawPull looked it up). */
export function operationOf(request: RawPullRequest): RawOperation {
  return rawOperation(request.operation) ?? fail(`Unknown raw operation "${request.operation}".`);
}

/** The pages a pull follows at most: its number, the job's limit for "until done", 1 otherwise. */
export function rawMaxPages(request: RawPullRequest): number {
  if (!operationOf(request).paged) return 1;
  return request.pages ?? RAW_MAX_PAGES;
}

/** The rows a feed job may write: every item of its pages, within RAW_MAX_ROWS. */
export function rawMaxRows(request: RawPullRequest): number {
  return Math.min(RAW_MAX_ROWS, rawMaxPages(request) * RAW_ROWS_PER_PAGE);
}

/** `POST /api/jobs` kind `raw-feed` (worker/src/jobs/job-kinds/raw-feed.ts). */
interface RawFeedJobInput {
  operation: string;
  query: Record<string, string>;
  maxPages: number;
  maxItems: number;
}

export function rawFeedJobInput(request: RawPullRequest): RawFeedJobInput {
  return {
    operation: request.operation,
    query: { ...request.query },
    maxPages: rawMaxPages(request),
    maxItems: rawMaxRows(request),
  };
}

/** Beyond this a value is cut in the suggested name; Sheets allows 100 characters in all. */
const MAX_NAME_VALUE = 40;

/**
 * The new tab's name: the platform and operation, and the value it is about (the account, the
 * post, the hashtag), e.g. "Instagram user posts @nasa". Cursors are left out.
 */
export function suggestRawTabName(operationId: string, params: Readonly<Record<string, string>>): string {
  const operation = rawOperation(operationId);
  if (operation === null) return 'Raw data';
  const name = rawOperationName(operation);
  const subject = operation.params.find((item) => !item.cursor && (params[item.name] ?? '').trim() !== '');
  if (subject === undefined) return name;
  const value = (params[subject.name] ?? '').trim().replace(/\s+/g, ' ');
  return `${name} ${value.length > MAX_NAME_VALUE ? `${value.slice(0, MAX_NAME_VALUE - 1)}…` : value}`;
}

/** The tab a pull writes into: the name the user gave, or the suggested one. */
export function rawTabName(request: RawPullRequest): string {
  return request.tabName !== '' ? request.tabName : suggestRawTabName(request.operation, request.query);
}
