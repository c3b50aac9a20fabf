import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Clock } from '../../common/clock';
import type { FakeSpreadsheet } from '../apps-script/spreadsheet/spreadsheet';
import {
  createSheetsApiCore,
  MAX_REQUEST_BYTES,
  MAX_TOKEN_REQUEST_BYTES,
  type BodyProblem,
  type EmulatorRequest,
  type EmulatorResponse,
  type SheetsApiCore,
} from './emulator-core';
import type { QuotaLimits } from './quotas';

/**
 * Google, for the worker's Sheets path, on one origin: the OAuth token endpoint at POST /token
 * and Sheets API v4 under /v4/spreadsheets, over the Apps Script fakes' spreadsheets, so that the
 * playground's page, the fakes and the worker see one spreadsheet. Strict where Google is: signed
 * JWTs from registered accounts only, tokens that expire, sharing, per-minute quotas, the grid's
 * and the cell's limits, Google's error shapes. This is its Express app over the synchronous core
 * (emulator-core.ts), for tests and the bench; the playground serves the same core from a thread
 * of its own (emulator-thread.ts).
 */
export interface SheetsApiEmulatorOptions {
  /** The spreadsheet with that id, or null (404). */
  spreadsheets: (spreadsheetId: string) => FakeSpreadsheet | null;
  /** Token expiry and quota minutes run on it; default the system clock. */
  clock?: Clock;
  /** Per-minute quotas; Google's defaults (300 per project, 60 per user) for those not given. */
  quotas?: Partial<QuotaLimits>;
}

export interface SheetsApiEmulator extends SheetsApiCore {
  /** The Express app: mount it, or serve it with serveSheetsApiEmulator. */
  readonly app: Express;
}

export function createSheetsApiEmulator(options: SheetsApiEmulatorOptions): SheetsApiEmulator {
  const core = createSheetsApiCore(options);
  const jsonBody = express.json({ limit: MAX_REQUEST_BYTES, type: () => true, strict: true });
  const formBody = express.urlencoded({ extended: false, limit: MAX_TOKEN_REQUEST_BYTES });

  const app = express();
  app.disable('x-powered-by');
  app.post('/token', (req: Request, res: Response) => {
    void readBody(req, res, formBody).then((read) => send(res, core.handle(requestOf(req, read))));
  });
  app.use('/v4/spreadsheets', (req: Request, res: Response) => {
    const reading =
      req.method === 'GET' ? Promise.resolve<ReadBody>({ body: undefined }) : readBody(req, res, jsonBody);
    void reading.then((read) =>
      send(res, core.handle({ ...requestOf(req, read), path: `/v4/spreadsheets${req.path}` })),
    );
  });
  app.use((req: Request, res: Response) => {
    send(res, core.handle(requestOf(req, { body: undefined })));
  });

  return { ...core, app };
}

interface ReadBody {
  body: unknown;
  problem?: BodyProblem;
}

function requestOf(req: Request, read: ReadBody): EmulatorRequest {
  return {
    method: req.method,
    path: req.path,
    query: req.query as Record<string, unknown>,
    ...(req.get('authorization') === undefined ? {} : { authorization: req.get('authorization') }),
    body: read.body,
    ...(read.problem === undefined ? {} : { bodyProblem: read.problem }),
  };
}

function send(res: Response, answer: EmulatorResponse): void {
  res.status(answer.status).set(answer.headers).json(answer.body);
}

/** The body as the parser reads it, or why it could not (the core answers that as Google does). */
function readBody(req: Request, res: Response, parser: express.RequestHandler): Promise<ReadBody> {
  return new Promise((resolve) => {
    const next: NextFunction = (error?: unknown) => {
      if (error === undefined || error === null) {
        resolve({ body: req.body as unknown });
        return;
      }
      const type = (error as { type?: unknown }).type;
      resolve({
        body: undefined,
        problem:
          type === 'entity.too.large'
            ? { kind: 'too-large' }
            : { kind: 'invalid-json', detail: error instanceof Error ? error.message : String(error) },
      });
    };
    void parser(req, res, next);
  });
}
