import { systemClock, type Clock } from '../../common/clock';
import type { FakeSpreadsheet } from '../apps-script/spreadsheet/spreadsheet';
import { AccessTokens, type TokenHolder } from './access-tokens';
import { ApiActivation } from './api-activation';
import { matchRoute, type ApiRoute } from './api-routes';
import { ApiStats, type SheetsApiStats } from './api-stats';
import { batchUpdate, type BatchTarget } from './batch-update-requests';
import { ChartStore, type EmbeddedChart } from './charts';
import { errorInfo, GoogleApiError } from './google-errors';
import { getDeveloperMetadata, searchDeveloperMetadata } from './metadata-requests';
import { DEFAULT_QUOTAS, Quotas, type QuotaLimits } from './quotas';
import { DEFAULT_PROJECT_NUMBER, ServiceAccounts, type ServiceAccountRegistration } from './service-accounts';
import { SheetSharing, type ShareRole } from './sheet-sharing';
import { spreadsheetResource } from './spreadsheet-resource';
import { answerTokenRequest } from './token-endpoint';
import {
  appendValues,
  batchClearValues,
  batchGetValues,
  batchUpdateValues,
  clearValues,
  getValues,
  updateValues,
  type ValuesResult,
  type ValuesTarget,
} from './values-methods';

/**
 * The emulator's Google without its HTTP: one parsed request in, one answer out, synchronously.
 * Whoever listens (the Express app of sheets-api-emulator.ts, or the playground's server thread,
 * emulator-thread.ts) reads and parses the request and sends the answer as JSON. Synchronous so
 * that a thread blocked in the fakes' UrlFetchApp can still answer the worker's Sheets calls from
 * inside its wait (see apps-script/url-fetch/sync-http.ts): JWTs are checked with synchronous crypto, and the
 * spreadsheet is the fakes' objects in memory.
 */
export interface EmulatorRequest {
  method: string;
  /** The URL's path, still percent-encoded, without its query: "/token", "/v4/spreadsheets/ID/values/A1%3AB2". */
  path: string;
  /** The query's parameters; a repeated one (`ranges`) as a list. */
  query: Record<string, unknown>;
  /** The Authorization header, if sent. */
  authorization?: string;
  /** The body as parsed: JSON for the API, the form's fields for /token; undefined for none. */
  body?: unknown;
  /** The body could not be read: answered as Google does, once the caller proved who it is. */
  bodyProblem?: BodyProblem;
}

export type BodyProblem = { kind: 'too-large' } | { kind: 'invalid-json'; detail: string };

export interface EmulatorResponse {
  status: number;
  headers: Record<string, string>;
  /** Sent as JSON. */
  body: unknown;
}

export interface SheetsApiCoreOptions {
  /** The spreadsheet with that id, or null (404). */
  spreadsheets: (spreadsheetId: string) => FakeSpreadsheet | null;
  /** Token expiry and quota minutes run on it; default the system clock. */
  clock?: Clock;
  /** Per-minute quotas; Google's defaults (300 per project, 60 per user) for those not given. */
  quotas?: Partial<QuotaLimits>;
  /** After every write Google accepted (cells, tabs or charts changed): the playground redraws. */
  onWrite?: (spreadsheetId: string) => void;
}

export interface SheetsApiCore {
  handle(request: EmulatorRequest): EmulatorResponse;
  addServiceAccount(registration: ServiceAccountRegistration): void;
  share(spreadsheetId: string, email: string, role: ShareRole): void;
  /**
   * Turns the Sheets API off (or on again) in a Cloud project, as its console does: its accounts'
   * calls get Google's 403 SERVICE_DISABLED (api-activation.ts).
   */
  setApiEnabled(projectNumber: string, enabled: boolean): void;
  unshare(spreadsheetId: string, email: string): void;
  /** The charts of a spreadsheet, as their specs. */
  charts(spreadsheetId: string): EmbeddedChart[];
  /** A chart deleted as a user deletes one in the Sheets UI. */
  deleteChart(spreadsheetId: string, chartId: number): void;
  /** A chart restyled as a user edits one in the Sheets UI (its title, colours, alt text...). */
  editChart(spreadsheetId: string, chartId: number, edit: (spec: Record<string, unknown>) => void): void;
  stats(): SheetsApiStats;
  /** Zeroes the stats and the quota counters; accounts, tokens, shares and charts stay. */
  reset(): void;
}

/** Google's body limit for one API request (as answered past it, https://github.com/scrt-hq/psgsuite/issues/62). */
export const MAX_REQUEST_BYTES = 10_485_760;
/** The token endpoint takes a form of a grant type and one signed JWT. */
export const MAX_TOKEN_REQUEST_BYTES = 64 * 1024;

const API_PREFIX = '/v4/spreadsheets';

/**
 * Scopes that let a token call a method (each method's "Authorization scopes" in the reference):
 * reads accept the read-only ones too.
 */
const WRITE_SCOPES = [
  'https://www.googleapis.com/auth/spreadsheets',
  'https://www.googleapis.com/auth/drive',
  'https://www.googleapis.com/auth/drive.file',
];
const READ_SCOPES = [
  ...WRITE_SCOPES,
  'https://www.googleapis.com/auth/spreadsheets.readonly',
  'https://www.googleapis.com/auth/drive.readonly',
];

const INVALID_CREDENTIALS =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

const BEARER_CHALLENGE = 'Bearer realm="https://accounts.google.com/", error="invalid_token"';

export function createSheetsApiCore(options: SheetsApiCoreOptions): SheetsApiCore {
  const clock = options.clock ?? systemClock;
  const accounts = new ServiceAccounts();
  const tokens = new AccessTokens(clock);
  const stats = new ApiStats();
  const quotas = new Quotas(clock, { ...DEFAULT_QUOTAS, ...options.quotas });
  const sharing = new SheetSharing();
  const charts = new ChartStore();
  const activation = new ApiActivation();

  function serveApi(request: EmulatorRequest): EmulatorResponse {
    let route: ApiRoute | null = null;
    let holder: TokenHolder | null = null;
    let cellsWritten = 0;
    let answer: EmulatorResponse;
    try {
      route = matchRoute(request.method, request.path.slice(API_PREFIX.length));
      holder = authenticate(request.authorization, tokens);
      const account = accounts.get(holder.clientEmail);
      if (account !== null) activation.check(account.projectNumber);
      checkScopes(route, holder);
      if (account !== null) quotas.take(route.group, account.projectNumber, holder.clientEmail);
      const spreadsheet = options.spreadsheets(route.spreadsheetId);
      if (spreadsheet === null) throw new GoogleApiError('NOT_FOUND', 'Requested entity was not found.');
      // Shared by the API's owner (tests, the playground) or by a user of the spreadsheet (addEditor).
      const role =
        sharing.roleOf(route.spreadsheetId, holder.clientEmail) ??
        (spreadsheet.sharedWithEditor(holder.clientEmail) ? 'writer' : null);
      if (role === null || (route.group === 'write' && role !== 'writer')) {
        throw new GoogleApiError('PERMISSION_DENIED', 'The caller does not have permission');
      }
      const body = request.method === 'GET' ? undefined : readBody(request);
      const project = account?.projectNumber ?? DEFAULT_PROJECT_NUMBER;
      const result = dispatch(
        route,
        { spreadsheetId: route.spreadsheetId, spreadsheet, charts, project },
        request.query,
        body,
      );
      cellsWritten = result.cellsWritten;
      answer = { status: 200, headers: {}, body: result.body };
      if (route.group === 'write') options.onWrite?.(route.spreadsheetId);
    } catch (error) {
      answer = errorAnswer(
        error instanceof GoogleApiError
          ? error
          : new GoogleApiError('INVALID_ARGUMENT', error instanceof Error ? error.message : String(error)),
      );
    }
    if (route !== null) {
      stats.recordCall({
        method: route.method,
        group: route.group,
        clientEmail: holder?.clientEmail ?? null,
        httpStatus: answer.status,
        cellsWritten,
      });
    }
    return answer;
  }

  return {
    handle: (request) => {
      if (request.path === '/token' && request.method === 'POST') {
        const tooLarge = request.bodyProblem?.kind === 'too-large';
        return answerTokenRequest({ clock, accounts, tokens, stats }, request.body, tooLarge);
      }
      if (request.path === API_PREFIX || request.path.startsWith(`${API_PREFIX}/`)) return serveApi(request);
      return errorAnswer(
        new GoogleApiError('NOT_FOUND', `Method not found: ${request.method} ${request.path}`),
      );
    },
    addServiceAccount: (registration) => {
      accounts.add(registration);
    },
    share: (spreadsheetId, email, role) => sharing.share(spreadsheetId, email, role),
    setApiEnabled: (projectNumber, enabled) =>
      enabled ? activation.enable(projectNumber) : activation.disable(projectNumber),
    unshare: (spreadsheetId, email) => sharing.unshare(spreadsheetId, email),
    charts: (spreadsheetId) => charts.list(spreadsheetId),
    deleteChart: (spreadsheetId, chartId) => {
      charts.remove(spreadsheetId, (chart) => chart.chartId !== chartId);
    },
    editChart: (spreadsheetId, chartId, edit) => {
      const chart = charts.list(spreadsheetId).find((candidate) => candidate.chartId === chartId);
      if (chart === undefined) throw new Error(`no chart ${chartId} in ${spreadsheetId}`);
      edit(chart.spec);
      charts.updateSpec(spreadsheetId, chartId, chart.spec);
    },
    stats: () => stats.snapshot(),
    reset: () => {
      stats.reset();
      quotas.reset();
    },
  };
}

function errorAnswer(error: GoogleApiError): EmulatorResponse {
  // A refused token carries the challenge OAuth 2 bearer-token servers send (RFC 6750 §3).
  const headers: Record<string, string> =
    error.status === 'UNAUTHENTICATED' ? { 'WWW-Authenticate': BEARER_CHALLENGE } : {};
  return { status: error.httpStatus, headers, body: error.toBody() };
}

/** The parsed body, or Google's answer for one too large or not JSON. */
function readBody(request: EmulatorRequest): unknown {
  const problem = request.bodyProblem;
  if (problem === undefined) return request.body;
  throw new GoogleApiError(
    'INVALID_ARGUMENT',
    problem.kind === 'too-large'
      ? `Request payload size exceeds the limit: ${MAX_REQUEST_BYTES} bytes.`
      : `Invalid JSON payload received. ${problem.detail}`,
  );
}

/** Who asks about what: the spreadsheet, its charts, and the caller's Cloud project. */
type DispatchTarget = ValuesTarget & BatchTarget;

function dispatch(
  route: ApiRoute,
  target: DispatchTarget,
  query: Record<string, unknown>,
  body: unknown,
): ValuesResult {
  const range = route.range ?? '';
  switch (route.method) {
    case 'spreadsheets.get':
      return { body: spreadsheetResource(target), cellsWritten: 0 };
    case 'spreadsheets.batchUpdate':
      return { body: batchUpdate(target, body), cellsWritten: 0 };
    case 'spreadsheets.developerMetadata.search':
      return { body: searchDeveloperMetadata(target, body), cellsWritten: 0 };
    case 'spreadsheets.developerMetadata.get':
      return { body: getDeveloperMetadata(target, route.metadataId ?? ''), cellsWritten: 0 };
    case 'spreadsheets.values.get':
      return getValues(target, range, query);
    case 'spreadsheets.values.batchGet':
      return batchGetValues(target, query);
    case 'spreadsheets.values.update':
      return updateValues(target, range, query, body);
    case 'spreadsheets.values.batchUpdate':
      return batchUpdateValues(target, body);
    case 'spreadsheets.values.append':
      return appendValues(target, range, query, body);
    case 'spreadsheets.values.clear':
      return clearValues(target, range);
    case 'spreadsheets.values.batchClear':
      return batchClearValues(target, body);
  }
}

/**
 * The bearer token's holder. No credentials at all is Google's 403 "missing a valid API key"; a
 * token that is unknown or past its hour is 401 UNAUTHENTICATED.
 */
function authenticate(header: string | undefined, tokens: AccessTokens): TokenHolder {
  if (header === undefined || header.trim() === '') {
    throw new GoogleApiError('PERMISSION_DENIED', 'The request is missing a valid API key.');
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const lookup = match === null ? ({ kind: 'unknown' } as const) : tokens.lookup(match[1]);
  if (lookup.kind === 'valid') return lookup.holder;
  throw new GoogleApiError('UNAUTHENTICATED', INVALID_CREDENTIALS, [
    errorInfo(lookup.kind === 'expired' ? 'ACCESS_TOKEN_EXPIRED' : 'ACCESS_TOKEN_TYPE_UNSUPPORTED', {}),
  ]);
}

/** A token whose scopes do not cover the method: 403 "insufficient authentication scopes". */
function checkScopes(route: ApiRoute, holder: TokenHolder): void {
  const accepted = route.group === 'read' ? READ_SCOPES : WRITE_SCOPES;
  if (holder.scopes.some((scope) => accepted.includes(scope))) return;
  throw new GoogleApiError('PERMISSION_DENIED', 'Request had insufficient authentication scopes.', [
    errorInfo('ACCESS_TOKEN_SCOPE_INSUFFICIENT', { method: `google.apps.sheets.v4.${route.method}` }),
  ]);
}
