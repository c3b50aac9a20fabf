import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CellWindow, PlaygroundState, RunAnswer } from '../../../worker/playground/playground-api';
import { PLAYGROUND_USER } from '../../../worker/playground/playground-identity';
import { connectSheetsApi } from '../../../worker/src/google/sheets-api';
import { startWorker, type RunningWorker } from '../../../worker/start';

/**
 * `npm start` with no Google identity of its own: the worker writes into the playground's
 * spreadsheet as a service account the playground made, through the playground's Sheets API
 * emulator, which the Apps Script process serves while the add-on's calls wait for the worker.
 */

const SERVICE_ACCOUNT = 'worker@creator-sheets-playground.iam.gserviceaccount.com';
const DEV_KEY = 'playground-google-dev-key';

let worker: RunningWorker;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'playground-google-'));
  worker = await startWorker({
    env: {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SANDBOX_CREATORS: '500',
      WORKER_DEV_KEY: DEV_KEY,
    },
    playground: true,
    print: () => undefined,
    logDestination: { write: () => undefined },
    shutdownGraceMs: 2000,
  });
  await worker.playground?.ready;
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function run(name: string, args: unknown[] = []): Promise<RunAnswer> {
  const response = await fetch(`${worker.url}/playground/run`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, args }),
  });
  return (await response.json()) as RunAnswer;
}

/** The document the add-on connected, as the worker stores its document key. */
async function playgroundDocumentId(): Promise<string> {
  const response = await fetch(`${worker.url}/api/keys?email=${PLAYGROUND_USER}`, {
    headers: { Authorization: `Bearer ${DEV_KEY}` },
  });
  const { keys } = (await response.json()) as { keys: { documentId: string | null }[] };
  const documentId = keys.find((key) => key.documentId !== null)?.documentId;
  if (documentId === undefined || documentId === null) throw new Error('no document key yet');
  return documentId;
}

async function state(): Promise<PlaygroundState> {
  return (await (await fetch(`${worker.url}/playground/state`)).json()) as PlaygroundState;
}

describe("the playground as the worker's Google", () => {
  it('shows Settings > Server delivery as shared, answered in seconds', async () => {
    expect(await run('connect')).toMatchObject({ ok: true, value: { connected: true } });
    const started = Date.now();

    const status = await run('getDeliveryStatus');

    expect(status).toEqual({
      ok: true,
      value: {
        serviceAccount: SERVICE_ACCOUNT,
        shared: true,
        message: `Shared with ${SERVICE_ACCOUNT}: the worker can write rows into this spreadsheet itself.`,
      },
    });
    // The worker asked Google (spreadsheets.get) while the add-on's fetch held the process that
    // answers Google: waiting for itself, the fetch would have failed after a minute.
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 60_000);

  it("puts what the worker's service account writes in the page's next poll", async () => {
    // Where the worker reaches the playground's Google (its relay to the Apps Script process).
    const { googleApiUrl } = worker.deps.config.sheets;
    const keyFile = path.join(dataDir, 'playground', 'google', 'service-account.json');
    const { sheets } = await connectSheetsApi({
      identity: { kind: 'key-file', path: keyFile },
      googleApiUrl,
    });
    const before = (await state()).version;

    await sheets.spreadsheets.values.update({
      spreadsheetId: await playgroundDocumentId(),
      range: 'Creators!C1',
      valueInputOption: 'RAW',
      requestBody: { values: [['Written by the worker']] },
    });

    const deadline = Date.now() + 5000;
    while ((await state()).version <= before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await state()).version).toBeGreaterThan(before);
    const cells = await fetch(
      `${worker.url}/playground/cells?sheet=Creators&row=1&column=3&rows=1&columns=1`,
    );
    expect(((await cells.json()) as CellWindow).cells[0][0]?.v).toBe('Written by the worker');
  });

  it('leaves a Google identity the worker has of its own alone', async () => {
    const own = { identity: { kind: 'key-file' as const, path: '/keys/mine.json' }, googleApiUrl: null };
    await expect(worker.playground?.sheets(own)).resolves.toBe(own);
  });
});
