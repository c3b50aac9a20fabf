import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type RequestHandler, type Response, type Router } from 'express';
import { z } from 'zod';
import { HostRequestError, HostUnavailableError, type PlaygroundHost } from './apps-script-host';
import { playgroundPagePolicy, sidebarPagePolicy } from './content-security-policy';
import { readFunctionHelp } from './custom-function-help';
import type { HostRequest } from './host-protocol';
import {
  PLAYGROUND_ROUTES,
  type FunctionHelp,
  type PlaygroundError,
  type PlaygroundState,
} from './playground-api';
import { PAGE_SCRIPTS, PAGE_SOURCE_DIR } from './playground-paths';
import { renderShell } from './playground-shell';
import { withScriptRunShim } from './sidebar-page';

interface PlaygroundRouterOptions {
  host: PlaygroundHost;
  /** Where page.js and script-run-shim.js are built. */
  pageDir: string;
  /** Where the add-on is built: its Code.js holds the custom functions' help. */
  addonDir: string;
  user: string;
  /** The signing keys' certificates by key id, as Google serves them. */
  certs: () => Record<string, string>;
}

const STYLES = path.join(PAGE_SOURCE_DIR, 'page.css');
/** Pasting a column of 100,000 addresses is a few MB of JSON. */
const BODY_LIMIT = '16mb';

const cellText = z.string().max(50_000);
const editBody = z.object({
  sheet: z.string().min(1),
  row: z.number().int().min(1),
  column: z.number().int().min(1),
  values: z.array(z.array(cellText)),
});
const clearBody = z.object({ sheet: z.string().min(1), range: z.string().min(1) });
const selectBody = z.object({ sheet: z.string().min(1), range: z.string().min(1).nullable() });
const menuBody = z.object({ menu: z.string().min(1), item: z.string().min(1) });
const runBody = z.object({ name: z.string().min(1), args: z.array(z.unknown()) });
const cellsQuery = z.object({
  sheet: z.string().min(1),
  row: z.coerce.number().int().min(1),
  column: z.coerce.number().int().min(1),
  rows: z.coerce.number().int().min(1),
  columns: z.coerce.number().int().min(1),
});

/**
 * The playground's routes (sandbox mode only): the page at `/` for browsers (anything else there
 * gets the worker's JSON), its scripts, the spreadsheet's state and cells, what a person does to
 * it, `google.script.run` for the sidebar, and the playground's Google certificates. Bodies are
 * JSON only: a page on another site cannot post JSON here without the browser asking first. The
 * two HTML pages carry their own Content-Security-Policy (content-security-policy.ts); the rest
 * keep the worker's. The worker listens on loopback in sandbox mode (HOST), so none of this is
 * reachable from the network unless asked for.
 */
export function createPlaygroundRouter(options: PlaygroundRouterOptions): Router {
  const { host } = options;
  const router = express.Router();
  let shim: string | null = null;
  // The add-on is built once per start: its help is read once it is loaded.
  let functionHelp: FunctionHelp[] | null = null;

  const state = (): PlaygroundState => ({
    ...(host.snapshot ?? emptySnapshot()),
    phase: host.status.phase,
    message: host.status.message,
    user: options.user,
  });

  router.get(PLAYGROUND_ROUTES.page, (req, res, next) => {
    // curl and scripts keep getting the worker's description; a browser gets the playground.
    if (req.accepts(['json', 'html']) !== 'html') {
      next();
      return;
    }
    res
      .type('html')
      .set({ 'Cache-Control': 'no-store', 'Content-Security-Policy': playgroundPagePolicy() })
      .send(renderShell(host.status));
  });
  router.get(PLAYGROUND_ROUTES.script, (_req, res) => {
    if (!host.status.pageReady) {
      fail(res, 503, 'unavailable', 'The playground page is still being built; reload in a moment');
      return;
    }
    res.type('js').set('Cache-Control', 'no-store').sendFile(path.join(options.pageDir, PAGE_SCRIPTS.page));
  });
  router.get(PLAYGROUND_ROUTES.styles, (_req, res) => {
    res.type('css').set('Cache-Control', 'no-store').sendFile(STYLES);
  });
  router.get(PLAYGROUND_ROUTES.certs, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').json(options.certs());
  });
  router.get(PLAYGROUND_ROUTES.state, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(state());
  });
  router.get(PLAYGROUND_ROUTES.cells, (req, res, next) => {
    const query = parse(cellsQuery, req.query, res);
    if (query === null) return;
    host
      .request({ type: 'window', ...query })
      .then((window) => res.set('Cache-Control', 'no-store').json(window))
      .catch((error: unknown) => answerError(res, error, next));
  });
  router.get(PLAYGROUND_ROUTES.functions, (_req, res) => {
    if (host.status.phase !== 'ready') {
      fail(res, 503, 'unavailable', 'The add-on is still being built; its functions come in a moment');
      return;
    }
    functionHelp ??= readFunctionHelp(
      readFileSync(path.join(options.addonDir, 'Code.js'), 'utf8'),
      host.status.functions,
    );
    res.set('Cache-Control', 'no-store').json(functionHelp);
  });
  router.get(`${PLAYGROUND_ROUTES.sidebar}/:id`, (req, res) => {
    const page = host.sidebarPage(Number(req.params.id));
    if (page === null || !host.status.pageReady) {
      fail(res, 404, 'not_found', 'That sidebar is closed; open it again from Extensions > Creator Sheets');
      return;
    }
    shim ??= readFileSync(path.join(options.pageDir, PAGE_SCRIPTS.scriptRunShim), 'utf8');
    const html = withScriptRunShim(page.html, shim, host.status.functions);
    res
      .type('html')
      .set({ 'Cache-Control': 'no-store', 'Content-Security-Policy': sidebarPagePolicy(html) })
      .send(html);
  });

  const parseJson = express.json({ limit: BODY_LIMIT });
  const json: RequestHandler = (req, res, next) => {
    // A page elsewhere may post a form or text here without asking; JSON needs the browser to ask.
    if (!req.is('application/json')) {
      fail(res, 415, 'unsupported_media_type', 'Send a JSON body (Content-Type: application/json)');
      return;
    }
    parseJson(req, res, next);
  };
  const act = <B>(route: string, schema: z.ZodType<B>, toRequest: (body: B) => HostRequest) =>
    router.post(route, json, (req, res, next) => {
      const body = parse(schema, req.body, res);
      if (body === null) return;
      host
        .request(toRequest(body))
        .then(() => res.json(state()))
        .catch((error: unknown) => answerError(res, error, next));
    });
  act(PLAYGROUND_ROUTES.edit, editBody, (edit) => ({ type: 'edit', edit }));
  act(PLAYGROUND_ROUTES.clear, clearBody, (clear) => ({ type: 'clear', clear }));
  act(PLAYGROUND_ROUTES.select, selectBody, (select) => ({ type: 'select', select }));
  act(PLAYGROUND_ROUTES.menu, menuBody, (menu) => ({ type: 'menu', menu }));
  act(PLAYGROUND_ROUTES.sheets, z.object({}), () => ({ type: 'addSheet' }));
  act(PLAYGROUND_ROUTES.recalculate, z.object({}), () => ({ type: 'recalculate' }));

  router.post(PLAYGROUND_ROUTES.run, json, (req, res, next) => {
    const body = parse(runBody, req.body, res);
    if (body === null) return;
    host
      .request({ type: 'run', run: body })
      .then((answer) => res.set('Cache-Control', 'no-store').json(answer))
      .catch((error: unknown) => answerError(res, error, next));
  });
  return router;
}

function parse<T>(schema: z.ZodType<T>, input: unknown, res: Response): T | null {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue.path.length === 0 ? 'the request' : issue.path.join('.');
  fail(res, 400, 'invalid_request', `${where}: ${issue.message}`);
  return null;
}

function answerError(res: Response, error: unknown, next: NextFunction): void {
  if (error instanceof HostUnavailableError) fail(res, 503, 'unavailable', error.message);
  else if (error instanceof HostRequestError) fail(res, 400, 'refused', error.message);
  else next(error);
}

function fail(res: Response, status: number, code: string, message: string): void {
  const body: PlaygroundError = { error: { code, message } };
  res.status(status).json(body);
}

function emptySnapshot(): PlaygroundState {
  return {
    version: 0,
    spreadsheetName: 'Playground',
    sheets: [],
    activeSheet: '',
    selection: '',
    menus: [],
    notices: [],
    sidebar: null,
    formulaErrors: {},
    phase: 'building',
    message: '',
    user: '',
  };
}
