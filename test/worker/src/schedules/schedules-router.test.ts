import request from 'supertest';
import type { ScheduleRequest } from '../../../../shared/worker-api/schedules';
import { MAX_SCHEDULES_PER_DOCUMENT } from '../../../../worker/src/schedules/schedule-request';
import { auth, type WorkerWorld } from '../worker-fixture';
import { startDeliveryWorld, type DeliveryWorld } from '../jobs/delivery/server-delivery-fixture';
import { challengeOf, proveEditAccess, writeChallenge } from '../../../support/edit-proof';
import { EDIT_PROOF_HEADER } from '../../../../shared/worker-api/edit-proof';

const DOC = '1ScheduledReportsSheet000000000000000000';
const UNCONNECTED = '1NobodyConnectedThisSheet0000000000000000';
const FULL = '1AFullSheetOfSchedules00000000000000000000';

const weekly: ScheduleRequest = {
  name: 'Monday creators',
  kind: 'reports',
  input: { sheetName: 'Creators', row: 2, column: 1 },
  platform: 'instagram',
  fields: ['followers', 'engagementRate'],
  output: { sheetName: 'Report', row: 1, column: 1 },
  mode: 'append-snapshot',
  cadence: { every: 'week', day: 1, hour: 9 },
  timeZone: 'Europe/Berlin',
};

let env: DeliveryWorld;
let world: WorkerWorld;
/**
 * Ana connected DOC's formulas; Bob and Carl edit DOC too (each proved it, as their add-on does);
 * Dave is a member of the team who cannot edit DOC; the dev key is an admin.
 */
const keys: Record<'ana' | 'bob' | 'carl' | 'dave' | 'document', string> = {
  ana: '',
  bob: '',
  carl: '',
  dave: '',
  document: '',
};

beforeAll(async () => {
  env = await startDeliveryWorld({
    env: { LOG_LEVEL: 'warn' },
    spreadsheets: [DOC, UNCONNECTED, FULL].map((id) => ({ id, tabs: ['Creators', 'Report'] })),
  });
  world = env.world;
  const store = world.deps.store;
  keys.ana = (await store.keys.issue('ana@team.com')).key;
  keys.bob = (await store.keys.issue('bob@team.com')).key;
  keys.carl = (await store.keys.issue('carl@team.com')).key;
  keys.dave = (await store.keys.issue('dave@team.com')).key;
  keys.document = (await store.keys.issue('ana@team.com', DOC)).key;
  for (const key of [keys.ana, keys.bob, keys.carl, undefined]) {
    for (const id of [DOC, UNCONNECTED, FULL])
      await proveEditAccess(world.app, auth(key), env.spreadsheet(id));
  }
});
afterAll(async () => {
  await env.close();
});

const create = (documentId: string, body: unknown, key: string) =>
  request(world.app)
    .post(`/api/documents/${documentId}/schedules`)
    .set(auth(key))
    .send(body as object);

describe('scheduled reports routes', () => {
  it("refuses a schedule while the document's formulas are not connected (409, a sentence)", async () => {
    const res = await create(UNCONNECTED, weekly, keys.ana);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'formulas_not_connected',
      message: expect.stringContaining("billed like this document's formulas"),
    });
  });

  it('says what is wrong with a request, field by field', async () => {
    const cases: [unknown, string][] = [
      [{ ...weekly, cadence: { every: 'day', hour: 24 } }, 'cadence.hour must be at most 23, got 24'],
      [{ ...weekly, cadence: { every: 'week', day: 7, hour: 9 } }, 'cadence.day must be at most 6, got 7'],
      [{ ...weekly, cadence: { every: 'day' } }, 'cadence.hour is required'],
      [{ ...weekly, cadence: { every: 'month' } }, 'cadence.every does not match any accepted shape'],
      [{ ...weekly, input: { sheetName: '', row: 2, column: 1 } }, 'input.sheetName must not be empty'],
      [
        { ...weekly, output: { sheetName: 'x'.repeat(101), row: 1, column: 1 } },
        'output.sheetName must be at most 100 characters long, got 101',
      ],
      [
        { ...weekly, input: { sheetName: 'A', row: 0, column: 1.5 } },
        'input.row must be at least 1, got 0; input.column must be a whole number, got 1.5',
      ],
      [
        { ...weekly, timeZone: 'Mars/Olympus' },
        'timeZone must be a time zone such as Europe/Berlin or America/Los_Angeles, got "Mars/Olympus"',
      ],
      [{ ...weekly, timeZone: undefined }, 'timeZone is required'],
      [{ ...weekly, name: '' }, 'name must not be empty'],
      [{ ...weekly, name: 'x'.repeat(101) }, 'name must be at most 100 characters long, got 101'],
      [{ ...weekly, platform: 'myspace' }, 'platform must be instagram, tiktok or youtube, got "myspace"'],
      [
        { ...weekly, mode: 'overwrite' },
        'mode must be one of replace, append-snapshot, merge, got "overwrite"',
      ],
      [{ ...weekly, fields: 'followers' }, 'fields must be an array, got "followers"'],
      [{ ...weekly, fields: [] }, 'fields must hold at least 1 item, got 0'],
    ];
    for (const [body, message] of cases) {
      const res = await create(DOC, body, keys.ana);
      expect({ status: res.status, message: res.body.error?.message }).toEqual({ status: 400, message });
    }
  });

  it("sets up a schedule (201), and every editor of the document sees the document's schedules", async () => {
    const res = await create(DOC, weekly, keys.ana);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...weekly,
      id: expect.stringMatching(/^sch_/),
      documentId: DOC,
      createdBy: 'ana@team.com',
      status: 'active',
      pausedReason: null,
      failuresInARow: 0,
      lastRun: null,
    });
    expect(res.body.nextRunAt).toBeGreaterThan(Date.now());
    // Monday 9:00 in Berlin.
    const next = new Date(res.body.nextRunAt as number);
    expect(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'Europe/Berlin',
        weekday: 'short',
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(next),
    ).toBe('Mon, 09');
    expect(Object.keys(res.body)).not.toContain('rowsWritten');

    const seen = await request(world.app).get(`/api/documents/${DOC}/schedules`).set(auth(keys.carl));
    expect(seen.status).toBe(200);
    expect(seen.body.schedules.map((s: { id: string }) => s.id)).toContain(res.body.id);
    // Dave cannot edit DOC: he is asked for a proof he cannot give, and sees nothing.
    const asked = await request(world.app).get(`/api/documents/${DOC}/schedules`).set(auth(keys.dave));
    expect(asked.status).toBe(403);
    expect(asked.body.schedules).toBeUndefined();
    const challenge = challengeOf(asked.status, asked.body);
    const unwritten = await request(world.app)
      .get(`/api/documents/${DOC}/schedules`)
      .set(auth(keys.dave))
      .set(EDIT_PROOF_HEADER, challenge.metadataValue);
    expect(unwritten.status).toBe(403);
    expect(unwritten.body.error.code).toBe('edit_proof_failed');
  });

  it("keeps a schedule's proof per person: another editor's challenge proves nothing for Dave", async () => {
    // Erin's challenge, written into DOC by Erin's add-on; Dave sends it as his own.
    const erin = (await world.deps.store.keys.issue('erin@team.com')).key;
    const asked = await request(world.app).post(`/api/documents/${DOC}/edit-proof`).set(auth(erin));
    const challenge = challengeOf(asked.status, asked.body);
    const remove = writeChallenge(env.spreadsheet(DOC), challenge);
    try {
      const stolen = await create(DOC, weekly, keys.dave).set(EDIT_PROOF_HEADER, challenge.metadataValue);
      expect(stolen.status).toBe(403);
      expect(stolen.body.error.code).toBe('edit_proof_failed');
      expect((await world.deps.store.schedules.ofDocument(DOC)).map((s) => s.createdBy)).not.toContain(
        'dave@team.com',
      );
    } finally {
      remove();
    }
  });

  it('lets whoever set it up, whoever connected the document, or an admin change it; others get 404', async () => {
    const bobs = (await create(DOC, { ...weekly, name: "Bob's" }, keys.bob)).body as { id: string };
    const path = `/api/schedules/${bobs.id}`;

    for (const method of ['put', 'patch', 'delete'] as const) {
      const res = await request(world.app)
        [method](path)
        .set(auth(keys.carl))
        .send(method === 'patch' ? { status: 'paused' } : weekly);
      expect({ method, status: res.status, code: res.body.error?.code }).toEqual({
        method,
        status: 404,
        code: 'schedule_not_found',
      });
    }
    expect((await request(world.app).post(`${path}/run`).set(auth(keys.carl))).status).toBe(404);

    // Bob set it up; Ana connected the document; the dev key is an admin.
    const renamed = await request(world.app)
      .put(path)
      .set(auth(keys.bob))
      .send({ ...weekly, name: 'Renamed', cadence: { every: 'day', hour: 7 } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Renamed',
      cadence: { every: 'day', hour: 7 },
      createdBy: 'bob@team.com',
    });

    const paused = await request(world.app).patch(path).set(auth(keys.ana)).send({ status: 'paused' });
    expect(paused.body).toMatchObject({
      status: 'paused',
      pausedReason: 'Paused by ana@team.com.',
      nextRunAt: null,
    });
    const refused = await request(world.app).post(`${path}/run`).set(auth(keys.ana));
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('schedule_paused');

    await world.deps.store.schedules.setStatus(bobs.id, 'paused', null, 'Google said no.');
    const resumed = await request(world.app).patch(path).set(auth()).send({ status: 'active' });
    expect(resumed.body).toMatchObject({ status: 'active', pausedReason: null, failuresInARow: 0 });
    expect(resumed.body.nextRunAt).toBeGreaterThan(Date.now());

    const run = await request(world.app).post(`${path}/run`).set(auth(keys.bob));
    expect(run.status).toBe(202);
    expect(run.body.nextRunAt).toBeLessThanOrEqual(Date.now());
    // A run holds it: run now again is refused.
    const lease = await world.deps.store.schedules.take(bobs.id, Date.now(), 60_000);
    expect(lease).not.toBeNull();
    const again = await request(world.app).post(`${path}/run`).set(auth(keys.bob));
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'schedule_running',
      message: expect.stringContaining('running now'),
    });

    const deleted = await request(world.app).delete(path).set(auth(keys.ana));
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(bobs.id);
    expect((await request(world.app).delete(path).set(auth(keys.ana))).status).toBe(404);
  });

  it('lists every schedule to admins only', async () => {
    const all = await request(world.app).get('/api/schedules').set(auth());
    expect(all.status).toBe(200);
    expect(all.body.schedules.length).toBeGreaterThan(0);
    expect((await request(world.app).get('/api/schedules').set(auth(keys.ana))).status).toBe(403);
  });

  it("refuses a document key (the formulas' own, readable by every editor)", async () => {
    expect(
      (await request(world.app).get(`/api/documents/${DOC}/schedules`).set(auth(keys.document))).status,
    ).toBe(403);
    expect((await create(DOC, weekly, keys.document)).status).toBe(403);
  });

  it(`holds a document to ${MAX_SCHEDULES_PER_DOCUMENT} schedules`, async () => {
    await world.deps.store.keys.issue('ana@team.com', FULL);
    for (let i = 0; i < MAX_SCHEDULES_PER_DOCUMENT; i++)
      expect((await create(FULL, weekly, keys.ana)).status).toBe(201);
    const res = await create(FULL, weekly, keys.ana);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('too_many_schedules');
  });
});
