import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../../worker/playground/apps-script/create-fakes';
import {
  serveSheetsApiEmulator,
  type ServedEmulator,
} from '../../../../worker/playground/sheets-api/serve-sheets-api-emulator';
import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import {
  createSheetsApiEmulator,
  type SheetsApiEmulator,
} from '../../../../worker/playground/sheets-api/sheets-api-emulator';
import { auth, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

/**
 * Settings' "Server delivery" check through the whole worker: its own service account (a JSON key,
 * GOOGLE_APPLICATION_CREDENTIALS) signs in to the local Sheets API emulator with googleapis' real
 * JWT flow (GOOGLE_API_URL), and `spreadsheets.get` says whether the sheet is shared with it.
 */

const SHARED_LATER = '1DeliverySpreadsheet0000000000000000000000';
const UNKNOWN = '1NoSuchSpreadsheet00000000000000000000000';

let fakes: AppsScriptFakes;
let emulator: SheetsApiEmulator;
let served: ServedEmulator;
let world: WorkerWorld;
let dir: string;
const account = createServiceAccountKey({
  clientEmail: 'creator-sheets@team-project.iam.gserviceaccount.com',
});

const status = (documentId: string, key?: string) =>
  request(world.app).get(`/api/documents/${documentId}/delivery`).set(auth(key));

beforeAll(async () => {
  fakes = createAppsScriptFakes({ spreadsheet: { id: SHARED_LATER, sheets: ['Creators'] } });
  emulator = createSheetsApiEmulator({
    spreadsheets: (id) => (id === SHARED_LATER ? fakes.spreadsheet : null),
  });
  emulator.addServiceAccount({
    clientEmail: account.clientEmail,
    publicKeyPem: account.publicKeyPem,
    keyId: account.keyId,
  });
  served = await serveSheetsApiEmulator(emulator);
  dir = mkdtempSync(join(tmpdir(), 'delivery-'));
  const keyFile = join(dir, 'service-account.json');
  writeFileSync(keyFile, JSON.stringify(account.keyFile));
  world = await startWorkerWorld({
    env: { GOOGLE_APPLICATION_CREDENTIALS: keyFile, GOOGLE_API_URL: served.url },
  });
});
afterAll(async () => {
  await world.close();
  await served.close();
  fakes.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/documents/:documentId/delivery', () => {
  it('names the address to share with, sees the sharing at once, then stops asking Google for a while', async () => {
    const before = await status(SHARED_LATER);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      serviceAccount: account.clientEmail,
      shared: false,
      message: `This spreadsheet is not shared with ${account.clientEmail}: share it (Share > add the address as Editor) for the worker to write into it.`,
    });

    emulator.share(SHARED_LATER, account.clientEmail, 'writer');
    const after = await status(SHARED_LATER);
    expect(after.body).toMatchObject({ serviceAccount: account.clientEmail, shared: true });

    const reads = emulator.stats().reads;
    for (let i = 0; i < 5; i++) expect((await status(SHARED_LATER)).body.shared).toBe(true);
    expect(emulator.stats().reads).toBe(reads);
  });

  it('says "not shared" for a spreadsheet Google does not know', async () => {
    expect((await status(UNKNOWN)).body).toMatchObject({ shared: false });
  });

  it("is the sidebar's, not the formulas' (a document key is refused), and refuses a malformed id", async () => {
    const documentKey = (await world.deps.store.keys.issue('ana@team.com', SHARED_LATER)).key;
    expect((await status(SHARED_LATER, documentKey)).status).toBe(403);
    expect((await status('bad id!')).status).toBe(400);
  });
});

describe('a worker without a Google identity', () => {
  it('says rows reach the sheet through the sidebar, and asks Google nothing', async () => {
    const plain = await startWorkerWorld();
    try {
      const answer = await request(plain.app).get(`/api/documents/${SHARED_LATER}/delivery`).set(auth());
      expect(answer.body).toEqual({
        serviceAccount: null,
        shared: null,
        message: expect.stringContaining('The worker has no Google service account'),
      });
    } finally {
      await plain.close();
    }
  });
});

describe('a service account Google refuses', () => {
  it('answers the address and why Google could not say, never a 500', async () => {
    const stranger = createServiceAccountKey({ clientEmail: 'stranger@elsewhere.iam.gserviceaccount.com' });
    const keyFile = join(dir, 'stranger.json');
    writeFileSync(keyFile, JSON.stringify(stranger.keyFile));
    const refused = await startWorkerWorld({
      env: { GOOGLE_APPLICATION_CREDENTIALS: keyFile, GOOGLE_API_URL: served.url },
    });
    try {
      const answer = await request(refused.app).get(`/api/documents/${SHARED_LATER}/delivery`).set(auth());
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ serviceAccount: stranger.clientEmail, shared: null });
      expect(answer.body.message).toMatch(/^Google could not say whether the spreadsheet is shared: /);
      expect(refused.logs()).not.toContain('PRIVATE KEY');
    } finally {
      await refused.close();
    }
  });
});
