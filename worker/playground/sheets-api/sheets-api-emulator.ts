import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { systemClock, type Clock } from '../../common/clock';
import type { FakeSpreadsheet } from '../apps-script/spreadsheet';
import { AccessTokens, type TokenHolder } from './access-tokens';
import { matchRoute, type ApiRoute } from './api-routes';
import { ApiStats, type SheetsApiStats } from './api-stats';
import { batchUpdate } from './batch-update-requests';
import { ChartStore, type EmbeddedChart } from './charts';
import { errorInfo, GoogleApiError, sendGoogleError } from './google-errors';
import { DEFAULT_QUOTAS, Quotas, type QuotaLimits } from './quotas';
import { ServiceAccounts, type ServiceAccountRegistration } from './service-accounts';
import { SheetSharing, type ShareRole } from './sheet-sharing';
import { spreadsheetResource } from './spreadsheet-resource';
import { tokenEndpoint } from './token-endpoint';
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
 * Google, for the worker's Sheets path, on one origin: the OAuth token endpoint at POST /token
 * and Sheets API v4 under /v4/spreadsheets, over the Apps Script fakes' spreadsheets, so that the
 * playground's page, the fakes and the worker see one spreadsheet. Strict where Google is: signed
 * JWTs from registered accounts only, tokens that expire, sharing, per-minute quotas, the grid's
 * and the cell's limits, Google's error shapes.
 */
export interface SheetsApiEmulatorOptions {
  /** The spreadsheet with that id, or null (404). */
  spreadsheets: (spreadsheetId: string) => FakeSpreadsheet | null;
  /** Token expiry and quota minutes run on it; default the system clock. */
  clock?: Clock;
  /** Per-minute quotas; Google's defaults (300 per project, 60 per user) for those not given. */
  quotas?: Partial<QuotaLimits>;
}

export interface SheetsApiEmulator {
  /** The Express app: mount it, or serve it with serveSheetsApiEmulator. */
  readonly app: Express;
  addServiceAccount(registration: ServiceAccountRegistration): void;
  share(spreadsheetId: string, email: string, role: ShareRole): void;
  unshare(spreadsheetId: string, email: string): void;
  /** The charts of a spreadsheet, as their specs. */
  charts(spreadsheetId: string): EmbeddedChart[];
  stats(): SheetsApiStats;
  /** Zeroes the stats and the quota counters; accounts, tokens, shares and charts stay. */
  reset(): void;
}

/** Google's body limit for one API request (as answered past it, https://github.com/scrt-hq/psgsuite/issues/62). */
const MAX_REQUEST_BYTES = 10_485_760;

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

export function createSheetsApiEmulator(options: SheetsApiEmulatorOptions): SheetsApiEmulator {
  const clock = options.clock ?? systemClock;
  const accounts = new ServiceAccounts();
  const tokens = new AccessTokens(clock);
  const stats = new ApiStats();
  const quotas = new Quotas(clock, { ...DEFAULT_QUOTAS, ...options.quotas });
  const sharing = new SheetSharing();
  const charts = new ChartStore();
  const jsonBody = express.json({ limit: MAX_REQUEST_BYTES, type: () => true, strict: true });

  const app = express();
  app.disable('x-powered-by');
  app.use(tokenEndpoint({ clock, accounts, tokens, stats }));
  app.use('/v4/spreadsheets', (req: Request, res: Response) => {
    void serve(req, res);
  });
  app.use((req: Request, res: Response) => {
    sendGoogleError(res, new GoogleApiError('NOT_FOUND', `Method not found: ${req.method} ${req.path}`));
  });

  async function serve(req: Request, res: Response): Promise<void> {
    let route: ApiRoute | null = null;
    let holder: TokenHolder | null = null;
    let cellsWritten = 0;
    try {
      route = matchRoute(req.method, req.path);
      holder = authenticate(req, res, tokens);
      checkScopes(route, holder);
      const account = accounts.get(holder.clientEmail);
      if (account !== null) quotas.take(route.group, account.projectNumber, holder.clientEmail);
      const spreadsheet = options.spreadsheets(route.spreadsheetId);
      if (spreadsheet === null) throw new GoogleApiError('NOT_FOUND', 'Requested entity was not found.');
      const role = sharing.roleOf(route.spreadsheetId, holder.clientEmail);
      if (role === null || (route.group === 'write' && role !== 'writer')) {
        throw new GoogleApiError('PERMISSION_DENIED', 'The caller does not have permission');
      }
      const body = req.method === 'GET' ? undefined : await readJson(req, res, jsonBody);
      const result = dispatch(
        route,
        { spreadsheetId: route.spreadsheetId, spreadsheet },
        req.query,
        body,
        charts,
      );
      cellsWritten = result.cellsWritten;
      res.json(result.body);
    } catch (error) {
      if (!(error instanceof GoogleApiError)) {
        sendGoogleError(
          res,
          new GoogleApiError('INVALID_ARGUMENT', error instanceof Error ? error.message : String(error)),
        );
      } else {
        sendGoogleError(res, error);
      }
    } finally {
      if (route !== null) {
        stats.recordCall({
          method: route.method,
          group: route.group,
          clientEmail: holder?.clientEmail ?? null,
          httpStatus: res.statusCode,
          cellsWritten,
        });
      }
    }
  }

  return {
    app,
    addServiceAccount: (registration) => {
      accounts.add(registration);
    },
    share: (spreadsheetId, email, role) => sharing.share(spreadsheetId, email, role),
    unshare: (spreadsheetId, email) => sharing.unshare(spreadsheetId, email),
    charts: (spreadsheetId) => charts.list(spreadsheetId),
    stats: () => stats.snapshot(),
    reset: () => {
      stats.reset();
      quotas.reset();
    },
  };
}

function dispatch(
  route: ApiRoute,
  target: ValuesTarget,
  query: Record<string, unknown>,
  body: unknown,
  charts: ChartStore,
): ValuesResult {
  const range = route.range ?? '';
  switch (route.method) {
    case 'spreadsheets.get':
      return { body: spreadsheetResource(target.spreadsheetId, target.spreadsheet, charts), cellsWritten: 0 };
    case 'spreadsheets.batchUpdate':
      return { body: batchUpdate({ ...target, charts }, body), cellsWritten: 0 };
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
 * token that is unknown or past its hour is 401 UNAUTHENTICATED, with the WWW-Authenticate
 * header OAuth 2 bearer-token servers send (RFC 6750 §3).
 */
function authenticate(req: Request, res: Response, tokens: AccessTokens): TokenHolder {
  const header = req.get('authorization');
  if (header === undefined || header.trim() === '') {
    throw new GoogleApiError('PERMISSION_DENIED', 'The request is missing a valid API key.');
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const lookup = match === null ? ({ kind: 'unknown' } as const) : tokens.lookup(match[1]);
  if (lookup.kind === 'valid') return lookup.holder;
  res.set('WWW-Authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
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

/** The JSON body, with Google's answers for one too large or not JSON. */
function readJson(req: Request, res: Response, parser: express.RequestHandler): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const next: NextFunction = (error?: unknown) => {
      if (error === undefined || error === null) {
        resolve(req.body as unknown);
        return;
      }
      const type = (error as { type?: unknown }).type;
      reject(
        new GoogleApiError(
          'INVALID_ARGUMENT',
          type === 'entity.too.large'
            ? `Request payload size exceeds the limit: ${MAX_REQUEST_BYTES} bytes.`
            : `Invalid JSON payload received. ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    };
    void parser(req, res, next);
  });
}
