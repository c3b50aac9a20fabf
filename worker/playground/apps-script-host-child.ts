/**
 * The playground's Apps Script process (started by apps-script-host.ts with `node --import tsx`):
 * builds the page's scripts and the add-on, loads Code.js into the Apps Script fakes with the
 * sample spreadsheet, opens the sidebar, then answers the worker's requests one at a time. Its
 * own process, because the fakes' UrlFetchApp blocks this thread while the worker answers; it
 * ends when the worker goes away. It is also the worker's Google for the Sheets API
 * (playground-google.ts), started first so that the worker knows where it is at once, and
 * reports what the worker writes there as it happens.
 */
import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { createAppsScriptFakes, type AppsScriptFakes } from './apps-script/create-fakes';
import { loadBundle } from './apps-script/load-bundle';
import type { FromChild, HostInit, HostRequest, ToChild } from './host-protocol';
import { runPlaygroundBuild } from './playground-build-process';
import { startPlaygroundGoogle, type PlaygroundGoogle } from './playground-google';
import { PlaygroundSession } from './playground-session';
import { fillSampleSpreadsheet, SAMPLE_SELECTION, SAMPLE_SHEETS } from './sample-spreadsheet';

const BUILDING = 'Building the add-on…';
/** The worker writes a report in a few calls: the page hears of them together. */
const SNAPSHOT_DELAY_MS = 50;
let session: PlaygroundSession | null = null;
let google: PlaygroundGoogle | null = null;
let snapshotTimer: NodeJS.Timeout | null = null;

function send(message: FromChild): void {
  process.send?.(message);
}

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

async function start(init: HostInit): Promise<void> {
  if (init.google !== undefined) await startGoogle(init.google);
  const pageReady = init.pageDir !== null;
  try {
    if (init.pageDir !== null) {
      send({ kind: 'status', phase: 'building', message: BUILDING });
      await runPlaygroundBuild({ kind: 'page', outDir: init.pageDir });
      send({ kind: 'status', phase: 'building', message: BUILDING, pageReady });
      await runPlaygroundBuild({ kind: 'addon', workerUrl: init.workerUrl, outDir: init.addonDir });
    }
  } catch (error) {
    send({
      kind: 'status',
      phase: 'failed',
      message: `The add-on could not be built: ${messageOf(error)}. Fix it and restart the worker (npm start).`,
      pageReady,
    });
    return;
  }
  try {
    const fakes = open(init);
    google?.open(fakes);
    session = new PlaygroundSession(fakes, () => google?.charts() ?? []);
    const { snapshot, sidebar } = session.snapshot();
    send({
      kind: 'status',
      phase: 'ready',
      message: 'Ready',
      pageReady,
      functions: fakes.runtime.globalFunctionNames(),
      snapshot,
      ...(sidebar === undefined ? {} : { sidebar }),
    });
  } catch (error) {
    send({
      kind: 'status',
      phase: 'failed',
      message: `The add-on could not be loaded: ${messageOf(error)}. Fix it and restart the worker (npm start).`,
      pageReady,
    });
  }
}

async function startGoogle(account: NonNullable<HostInit['google']>): Promise<void> {
  try {
    google = await startPlaygroundGoogle(account, () => {
      session?.noteGoogleWrite();
      sendSnapshotSoon();
    });
    send({ kind: 'google', url: google.url });
  } catch (error) {
    send({ kind: 'google', url: null, message: messageOf(error) });
  }
}

/**
 * A write of the worker's, answered from the event loop, reaches the page at once; one answered
 * inside a request's fetch arrives with that request's answer (the timer waits for the loop).
 */
function sendSnapshotSoon(): void {
  if (snapshotTimer !== null) return;
  snapshotTimer = setTimeout(() => {
    snapshotTimer = null;
    if (session === null) return;
    const { snapshot, sidebar } = session.snapshot();
    send({ kind: 'snapshot', snapshot, ...(sidebar === undefined ? {} : { sidebar }) });
  }, SNAPSHOT_DELAY_MS);
}

/** The spreadsheet as a newcomer finds it: sample tabs, the add-on's menu, the sidebar open. */
function open(init: HostInit): AppsScriptFakes {
  const fakes = createAppsScriptFakes({
    spreadsheet: { name: 'Playground', sheets: [...SAMPLE_SHEETS] },
    session: { activeUserEmail: init.user },
    scriptApp: {
      clientId: init.clientId,
      signingKey: {
        kid: init.signingKey.kid,
        publicPem: init.signingKey.publicPem,
        privateKey: createPrivateKey(init.signingKey.privatePem),
      },
    },
  });
  loadBundle(path.join(init.addonDir, 'Code.js'), fakes);
  fakes.evaluateFormulas();
  const { runtime, spreadsheet } = fakes;
  // Sheets runs onOpen when the spreadsheet opens; until authorized, in AuthMode.NONE.
  if (runtime.globalFunction('onOpen') !== undefined) runtime.call('onOpen', [], 'auth-none');
  fillSampleSpreadsheet(spreadsheet, init.sample);
  const leads = spreadsheet.requireSheet(SAMPLE_SELECTION.sheet);
  spreadsheet.select(leads, leads.range(leads.area(SAMPLE_SELECTION.range)));
  if (runtime.globalFunction('showSidebar') !== undefined) runtime.call('showSidebar');
  return fakes;
}

function handle(current: PlaygroundSession, request: HostRequest): unknown {
  switch (request.type) {
    case 'run':
      return current.run(request.run.name, request.run.args);
    case 'window': {
      const { sheet, row, column, rows, columns } = request;
      return current.window(sheet, { row, column, rows, columns });
    }
    case 'edit':
      current.edit(request.edit);
      return null;
    case 'clear':
      current.clear(request.clear);
      return null;
    case 'select':
      current.select(request.select);
      return null;
    case 'addSheet':
      current.addSheet();
      return null;
    case 'menu':
      current.menu(request.menu);
      return null;
    case 'recalculate':
      current.recalculate();
      return null;
  }
}

function answer(id: number, request: HostRequest): void {
  const current = session;
  if (current === null) {
    send({ kind: 'answer', id, ok: false, message: 'The add-on is not loaded yet' });
    return;
  }
  try {
    const value = handle(current, request);
    const { snapshot, sidebar } = current.snapshot();
    send({ kind: 'answer', id, ok: true, value, snapshot, ...(sidebar === undefined ? {} : { sidebar }) });
  } catch (error) {
    const { snapshot, sidebar } = current.snapshot();
    send({
      kind: 'answer',
      id,
      ok: false,
      message: messageOf(error),
      snapshot,
      ...(sidebar === undefined ? {} : { sidebar }),
    });
  }
}

process.on('message', (message: ToChild) => {
  if (message.kind === 'init') void start(message.init);
  else answer(message.id, message.request);
});
// The worker went away (even by kill -9): nothing is left to serve.
process.on('disconnect', () => process.exit(0));
// Ctrl+C in the terminal reaches the whole process group: the worker stops this process itself,
// once its requests are answered, instead of finding it dead and reporting a failure.
process.on('SIGINT', () => undefined);
