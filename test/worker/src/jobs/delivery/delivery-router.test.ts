import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createServiceAccountKey } from '../../../../../worker/playground/sheets-api/service-account-key';
import { auth, startWorkerWorld, type WorkerWorld } from '../../worker-fixture';
import { SHEET_ID, startDeliveryWorld, type DeliveryWorld } from './server-delivery-fixture';

/**
 * Settings' "Server delivery" check through the whole worker: its own service account (a JSON key,
 * GOOGLE_APPLICATION_CREDENTIALS) signs in to the local Sheets API emulator with googleapis' real
 * JWT flow (GOOGLE_API_URL), and `spreadsheets.get` says whether the sheet is shared with it.
 */

const SHARED_LATER = SHEET_ID;
const UNKNOWN = '1NoSuchSpreadsheet00000000000000000000000';

let delivery: DeliveryWorld;
let world: WorkerWorld;

const status = (documentId: string, key?: string) =>
  request(world.app).get(`/api/documents/${documentId}/delivery`).set(auth(key));

beforeAll(async () => {
  delivery = await startDeliveryWorld({ shared: false });
  world = delivery.world;
});
afterAll(async () => {
  await delivery.close();
});

describe('GET /api/documents/:documentId/delivery', () => {
  it('names the address to share with, sees the sharing at once, then stops asking Google for a while', async () => {
    const before = await status(SHARED_LATER);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      serviceAccount: delivery.account.clientEmail,
      shared: false,
      message: `This spreadsheet is not shared with ${delivery.account.clientEmail}: share it with that address as Editor (Settings > Server delivery). If Google answers that it cannot be shared outside your organization, your domain keeps it out: an admin may allow the address.`,
    });

    delivery.emulator.share(SHARED_LATER, delivery.account.clientEmail, 'writer');
    const after = await status(SHARED_LATER);
    expect(after.body).toMatchObject({ serviceAccount: delivery.account.clientEmail, shared: true });

    const reads = delivery.emulator.stats().reads;
    for (let i = 0; i < 5; i++) expect((await status(SHARED_LATER)).body.shared).toBe(true);
    expect(delivery.emulator.stats().reads).toBe(reads);
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
    const keyFile = join(delivery.keyFile, '..', 'stranger.json');
    writeFileSync(keyFile, JSON.stringify(stranger.keyFile));
    const refused = await startWorkerWorld({
      env: { GOOGLE_APPLICATION_CREDENTIALS: keyFile, GOOGLE_API_URL: delivery.served.url },
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
