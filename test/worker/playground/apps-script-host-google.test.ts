import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { sheets_v4 } from '@googleapis/sheets';
import { AppsScriptHost } from '../../../worker/playground/apps-script-host';
import { makeSigningKey } from '../../../worker/playground/fake-google';
import type { SpreadsheetSnapshot } from '../../../worker/playground/playground-api';
import { createServiceAccountKey } from '../../../worker/playground/sheets-api/service-account-key';
import { connectSheetsApi } from '../../../worker/src/google/sheets-api';
import { tinyHostInit } from './apps-script-host-fixture';
import { writeTinyProject, type TinyProject } from './tiny-project';

/**
 * The playground's Apps Script process as the worker's Google: its Sheets API emulator serves the
 * spreadsheet the add-on runs in, to a service account signed in with googleapis. The worker here
 * is a small server that calls Google before it answers the script, as the worker's sharing check
 * does: the script's fetch blocks the process that must answer Google.
 */

const ASK_WORKER = `
function spreadsheetId() {
  return SpreadsheetApp.getActiveSpreadsheet().getId();
}
function askWorker(url) {
  var documentId = SpreadsheetApp.getActiveSpreadsheet().getId();
  return JSON.parse(UrlFetchApp.fetch(url + '?document=' + documentId).getContentText());
}
`;

let project: TinyProject;
let keyDir: string;
let host: AppsScriptHost;
let sheets: sheets_v4.Sheets;
let spreadsheetId: string;
let worker: Server;
let workerUrl: string;

beforeAll(async () => {
  project = writeTinyProject();
  appendFileSync(path.join(project.dir, 'Code.js'), ASK_WORKER);
  const account = createServiceAccountKey({ clientEmail: 'worker@host-test.iam.gserviceaccount.com' });
  keyDir = mkdtempSync(path.join(os.tmpdir(), 'playground-google-'));
  const keyFile = path.join(keyDir, 'key.json');
  writeFileSync(keyFile, JSON.stringify(account.keyFile));
  host = new AppsScriptHost({
    init: tinyHostInit(project.dir, makeSigningKey('google-host-test-key'), {
      google: { clientEmail: account.clientEmail, publicKeyPem: account.publicKeyPem, keyId: account.keyId },
    }),
  });
  const googleApiUrl = await host.googleApiUrl;
  await host.ready;
  sheets = (await connectSheetsApi({ identity: { kind: 'key-file', path: keyFile }, googleApiUrl })).sheets;
  worker = createServer((req, res) => {
    const documentId = new URL(req.url ?? '/', 'http://worker').searchParams.get('document') ?? '';
    answerAfterGoogle(documentId).then(
      (body) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => worker.listen(0, '127.0.0.1', resolve));
  workerUrl = `http://127.0.0.1:${(worker.address() as AddressInfo).port}/`;
  // The id the add-on reports is the one the emulator serves.
  const answer = await host.request({ type: 'run', run: { name: 'spreadsheetId', args: [] } });
  if (!answer.ok) throw new Error(answer.error.message);
  spreadsheetId = String(answer.value);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => worker?.close(resolve));
  await host?.stop();
  project?.remove();
  rmSync(keyDir, { recursive: true, force: true });
});

/** The worker's sharing check and a write, before it answers the script. */
async function answerAfterGoogle(documentId: string): Promise<object> {
  const shared = await sheets.spreadsheets.get({ spreadsheetId: documentId, fields: 'spreadsheetId' });
  const written = await sheets.spreadsheets.values.update({
    spreadsheetId: documentId,
    range: 'Creators!B1',
    valueInputOption: 'RAW',
    requestBody: { values: [['Followers']] },
  });
  return { shared: shared.data.spreadsheetId, updatedRange: written.data.updatedRange };
}

async function cellText(sheet: string, row: number, column: number): Promise<string | undefined> {
  const window = await host.request({ type: 'window', sheet, row, column, rows: 1, columns: 1 });
  return window.cells[0][0]?.v;
}

async function snapshotWhere(
  test: (snapshot: SpreadsheetSnapshot) => boolean,
  timeoutMs = 5000,
): Promise<SpreadsheetSnapshot> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const snapshot = host.snapshot;
    if (snapshot !== null && test(snapshot)) return snapshot;
    if (Date.now() > deadline) throw new Error(`no such snapshot in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the playground's Sheets API, served by its Apps Script process", () => {
  it('answers the worker while a script waits for that worker: no deadlock', async () => {
    const before = host.snapshot?.version ?? 0;
    const started = Date.now();

    const answer = await host.request({ type: 'run', run: { name: 'askWorker', args: [workerUrl] } });

    expect(answer).toEqual({ ok: true, value: { shared: spreadsheetId, updatedRange: 'Creators!B1' } });
    // A fetch that waited for itself would give up after UrlFetchApp's minute.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await cellText('Creators', 1, 2)).toBe('Followers');
    expect(host.snapshot?.version).toBeGreaterThan(before);
  }, 30_000);

  it('serves the spreadsheet the add-on runs in: its id, its tabs, its cells', async () => {
    const resource = await sheets.spreadsheets.get({ spreadsheetId });
    expect(resource.data.sheets?.map((sheet) => sheet.properties?.title)).toEqual([
      'Leads',
      'Creators',
      'Formulas',
    ]);
    const handles = await sheets.spreadsheets.values.get({ spreadsheetId, range: 'Creators!A2:A3' });
    expect(handles.data.values).toEqual([['@first.handle'], ['@second.handle']]);
  });

  it("puts the worker's writes in the page's snapshot as they happen, with no request", async () => {
    const before = host.snapshot?.version ?? 0;

    await sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: { requests: [{ addSheet: { properties: { title: 'Creator Sheets history' } } }] },
    });

    const after = await snapshotWhere((snapshot) => snapshot.version > before);
    expect(after.sheets.map((sheet) => sheet.name)).toContain('Creator Sheets history');
  });

  it('shows the charts the worker adds, with their lines read from the cells', async () => {
    await sheets.spreadsheets.values.update({
      spreadsheetId,
      range: 'Formulas!H1',
      valueInputOption: 'RAW',
      requestBody: {
        values: [
          ['Date', '@first.handle', '@second.handle'],
          ['2026-11-02', 1200, 800],
          ['2026-11-09', 1300, 790],
        ],
      },
    });
    const formulas = (await sheets.spreadsheets.get({ spreadsheetId })).data.sheets?.find(
      (sheet) => sheet.properties?.title === 'Formulas',
    );
    const sheetId = formulas?.properties?.sheetId ?? -1;
    const column = (index: number) => ({
      sourceRange: {
        sources: [
          { sheetId, startRowIndex: 0, endRowIndex: 3, startColumnIndex: index, endColumnIndex: index + 1 },
        ],
      },
    });

    await sheets.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: {
        requests: [
          {
            addChart: {
              chart: {
                spec: {
                  title: 'Followers over time',
                  basicChart: {
                    chartType: 'LINE',
                    headerCount: 1,
                    domains: [{ domain: column(7) }],
                    series: [{ series: column(8) }, { series: column(9) }],
                  },
                },
                position: {
                  overlayPosition: {
                    anchorCell: { sheetId, rowIndex: 0, columnIndex: 11 },
                    widthPixels: 480,
                    heightPixels: 300,
                  },
                },
              },
            },
          },
        ],
      },
    });

    const shown = await snapshotWhere((snapshot) => (snapshot.charts ?? []).length > 0);
    expect(shown.charts).toEqual([
      expect.objectContaining({
        sheet: 'Formulas',
        row: 1,
        column: 12,
        width: 480,
        height: 300,
        title: 'Followers over time',
        labels: ['2026-11-02', '2026-11-09'],
        series: [
          { name: '@first.handle', values: [1200, 1300] },
          { name: '@second.handle', values: [800, 790] },
        ],
      }),
    ]);
  });
});
