import request from 'supertest';
import type { ScheduleRequest } from '../../../../shared/worker-api/schedules';
import { SCHEDULE_RUNS_KEPT } from '../../../../shared/worker-api/schedules';
import { SEARCH_COLUMNS } from '../../../../shared/rows/search-rows';
import { createSheetsPacer } from '../../../../worker/src/google/sheets-pacer';
import { scheduledRun } from '../../../../worker/src/schedules/scheduled-run';
import { proveEditAccess } from '../../../support/edit-proof';
import { skippedWaits } from '../../../support/skipped-waits';
import { SHEET_ID, startDeliveryWorld, type DeliveryWorld } from '../jobs/delivery/server-delivery-fixture';
import { auth, callsOf } from '../worker-fixture';

/**
 * Issue 25, schedules a team runs unattended: duplicate, hand over (to an editor with fresh proof),
 * scheduled saved searches and AI searches checked when set up and paged into their tab, and the
 * run log kept bounded.
 */

jest.setTimeout(120_000);

const waits = skippedWaits();
let env: DeliveryWorld;
const keys = { ana: '', bob: '', carl: '' };

beforeAll(async () => {
  env = await startDeliveryWorld({ clock: waits.clock });
  const { store } = env.world.deps;
  keys.ana = (await store.keys.issue('ana@team.com')).key;
  keys.bob = (await store.keys.issue('bob@team.com')).key;
  keys.carl = (await store.keys.issue('carl@team.com')).key;
  await store.keys.issue('ana@team.com', SHEET_ID);
  await store.formulaAllowances.set(SHEET_ID, null, 'ana@team.com');
  // Ana and Bob opened Creator Sheets in the spreadsheet lately; Carl never did.
  for (const key of [keys.ana, keys.bob])
    await proveEditAccess(env.world.app, auth(key), env.fakes.spreadsheet);
});
afterAll(async () => {
  await env.close();
});

const weekly: ScheduleRequest = {
  name: 'Monday creators',
  kind: 'reports',
  input: { sheetName: 'Creators', row: 2, column: 1 },
  platform: 'instagram',
  output: { sheetName: 'Report', row: 1, column: 1 },
  mode: 'append-snapshot',
  cadence: { every: 'week', day: 1, hour: 9 },
  timeZone: 'Europe/Berlin',
  monthlyBudget: 40,
};

const search: ScheduleRequest = {
  name: 'Fitness DE',
  kind: 'search',
  input: { sheetName: 'Fitness', row: 1, column: 1 },
  output: { sheetName: 'Fitness', row: 1, column: 1 },
  mode: 'replace',
  cadence: { every: 'day', hour: 8 },
  timeZone: 'Europe/Berlin',
  search: { platform: 'instagram', filter: { influencer: { followers: { min: 1000 } } }, pages: 2 },
  savedSearch: 'Fitness DE',
};

const create = (body: unknown, key: string) =>
  request(env.world.app)
    .post(`/api/documents/${SHEET_ID}/schedules`)
    .set(auth(key))
    .send(body as object);

async function changes(): Promise<string[]> {
  return (await env.world.deps.store.documentChanges.recent(SHEET_ID, 5)).map((change) => change.summary);
}

describe('duplicate and hand over', () => {
  it('copies a schedule as the caller, with its budget and a new place, and tells the editors', async () => {
    const original = (await create(weekly, keys.ana)).body as { id: string };
    const res = await request(env.world.app)
      .post(`/api/schedules/${original.id}/duplicate`)
      .set(auth(keys.bob))
      .send({ output: { sheetName: 'Report (copy)', row: 1, column: 1 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...weekly,
      name: 'Monday creators (copy)',
      output: { sheetName: 'Report (copy)', row: 1, column: 1 },
      createdBy: 'bob@team.com',
      status: 'active',
      lastRun: null,
      runs: [],
    });
    expect(res.body.id).not.toBe(original.id);
    expect(await changes()).toContain(
      'bob@team.com copied the schedule "Monday creators" as "Monday creators (copy)".',
    );
    // Carl cannot edit the spreadsheet: no copy for him.
    const carl = await request(env.world.app)
      .post(`/api/schedules/${original.id}/duplicate`)
      .set(auth(keys.carl))
      .send({});
    expect(carl.status).toBe(403);
  });

  it('hands a schedule over only to an editor with fresh proof; the owner changes and the change is told', async () => {
    const mine = (await create({ ...weekly, name: 'Handed' }, keys.ana)).body as { id: string };
    const path = `/api/schedules/${mine.id}/handover`;
    const toCarl = await request(env.world.app).post(path).set(auth(keys.ana)).send({ to: 'Carl@Team.com' });
    expect(toCarl.status).toBe(409);
    expect(toCarl.body.error).toEqual({
      code: 'receiver_unproven',
      message:
        'carl@team.com has not shown lately that they can edit this spreadsheet: ask them to open Creator Sheets in it (Extensions > Creator Sheets), then hand it over again.',
    });
    const toBob = await request(env.world.app).post(path).set(auth(keys.ana)).send({ to: 'bob@team.com' });
    expect(toBob.status).toBe(200);
    expect(toBob.body.createdBy).toBe('bob@team.com');
    expect(await changes()).toContain('ana@team.com handed the schedule "Handed" over to bob@team.com.');
    const again = await request(env.world.app).post(path).set(auth(keys.bob)).send({ to: 'bob@team.com' });
    expect(again.body.error.code).toBe('already_theirs');
    // Bob may now change it as its owner; Carl (not the owner, not the connector) still may not.
    expect(
      (await request(env.world.app).post(path).set(auth(keys.carl)).send({ to: 'ana@team.com' })).status,
    ).toBe(403);
  });
});

describe('scheduled saved searches and AI searches', () => {
  it('checks the search with the API’s own rules when it is set up', async () => {
    const cases: [unknown, string][] = [
      [
        { ...search, mode: 'merge' },
        'A scheduled search replaces its table or adds a dated snapshot each run: choose replace or append-snapshot.',
      ],
      [{ ...search, search: undefined }, 'search is required for the kind search'],
      [{ ...search, search: { ...search.search, pages: 101 } }, 'pages must be at most 100, got 101'],
      [
        {
          ...search,
          kind: 'ai-search',
          search: undefined,
          aiSearch: { mode: 'image', platform: 'instagram', pages: 1 },
        },
        'An uploaded image cannot be scheduled (each run would carry it): search by an image link instead.',
      ],
      [
        { ...weekly, search: search.search },
        'search and aiSearch are for the kinds search and ai-search, not reports',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(body, keys.ana);
      expect({ status: res.status, message: res.body.error?.message }).toEqual({ status: 400, message });
    }
  });

  it('pages a saved search into its tab each run, from the page cache the second time', async () => {
    const { world, fakes } = env;
    const tab = fakes.spreadsheet.insertSheet('Fitness');
    const made = await create(search, keys.ana);
    expect(made.status).toBe(201);
    const schedule = await world.deps.store.schedules.get(made.body.id as string);
    if (schedule === null) throw new Error('no schedule');
    const run = scheduledRun({ ...world.deps, sheetsPacer: createSheetsPacer(waits.clock, waits.sleep) });
    await world.resetStats();
    const first = await run(schedule, new AbortController().signal);
    expect('run' in first && first.run).toMatchObject({ outcome: 'ok', rows: 30 });
    expect(callsOf(await world.stats(), 'search')).toBe(2);
    const header = tab.getRange(1, 1, 1, 3).getValues()[0];
    expect(header[0]).toBe(SEARCH_COLUMNS[0].label);
    expect(
      tab
        .getRange(2, 1, 30, 1)
        .getValues()
        .flat()
        .every((cell) => cell !== ''),
    ).toBe(true);
    await world.resetStats();
    const second = await run({ ...schedule, rowsWritten: 30 }, new AbortController().signal);
    expect('run' in second && second.run).toMatchObject({ outcome: 'ok', rows: 30, credits: 0 });
    expect(callsOf(await world.stats(), 'search')).toBe(0);
  });
});

describe('run log', () => {
  it(`keeps the newest ${SCHEDULE_RUNS_KEPT} runs of a schedule and sums its month`, async () => {
    const { store } = env.world.deps;
    const schedule = await store.schedules.create(SHEET_ID, { ...weekly, name: 'Logged' }, 'ana@team.com', 0);
    for (let i = 0; i < SCHEDULE_RUNS_KEPT + 5; i++) {
      const lease = await store.schedules.take(schedule.id, waits.clock.now(), 60_000);
      if (lease === null) throw new Error('not taken');
      const run = { at: i, outcome: 'ok' as const, rows: 1, credits: 0.5, message: `run ${i}` };
      await store.schedules.finish(schedule.id, lease.token, () => ({
        lastRun: run,
        failuresInARow: 0,
        status: 'active',
        pausedReason: null,
        nextRunAt: 0,
      }));
    }
    const runs = await store.schedules.runs(schedule.id, 1000);
    expect(runs).toHaveLength(SCHEDULE_RUNS_KEPT);
    expect(runs[0].message).toBe(`run ${SCHEDULE_RUNS_KEPT + 4}`);
    const listed = await store.schedules.get(schedule.id);
    expect(listed?.runs).toHaveLength(10);
    expect(listed?.spentThisMonth).toBe((SCHEDULE_RUNS_KEPT + 5) * 0.5);
  });
});
