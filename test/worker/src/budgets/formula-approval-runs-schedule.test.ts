import request from 'supertest';
import type { FormulaAllowanceAnswer } from '../../../../shared/worker-api/formula-allowance';
import type { ScheduleAnswer, ScheduleRequest } from '../../../../shared/worker-api/schedules';
import { proveEditAccess } from '../../../support/edit-proof';
import { startDeliveryWorld, type DeliveryWorld } from '../jobs/delivery/server-delivery-fixture';
import { auth, callsOf } from '../worker-fixture';

/**
 * Approvals that unblock (issue 25): a scheduled run past the document's formula allowance files
 * its ask as that schedule's, naming it and its tab; approving that ask runs the schedule at once,
 * without waiting for its next time, and the run then goes through.
 */

jest.setTimeout(60_000);

const DOC = '1ApprovalsThatUnblock00000000000000000000';
const ANA = 'ana@team.com';
const CREATORS = 5;

const weekly: ScheduleRequest = {
  name: 'Monday creators',
  kind: 'reports',
  input: { sheetName: 'Creators', row: 2, column: 1 },
  platform: 'instagram',
  fields: ['handle', 'followers'],
  output: { sheetName: 'Report', row: 1, column: 1 },
  mode: 'replace',
  cadence: { every: 'week', day: 1, hour: 9 },
  timeZone: 'Europe/Berlin',
};

let env: DeliveryWorld;
let ana: string;
beforeAll(async () => {
  env = await startDeliveryWorld({
    env: { LOG_LEVEL: 'warn', FORMULA_ALLOWANCE_DAY: '1' },
    spreadsheets: [{ id: DOC, tabs: ['Creators', 'Report'] }],
  });
  const { store } = env.world.deps;
  ana = (await store.keys.issue(ANA)).key;
  await store.keys.issue(ANA, DOC);
  await proveEditAccess(env.world.app, auth(ana), env.spreadsheet(DOC));
  const handles = env.world.handles(CREATORS, 'instagram', 700);
  env
    .spreadsheet(DOC)
    .requireSheet('Creators')
    .getRange(2, 1, CREATORS, 1)
    .setValues(handles.map((handle) => [handle]));
});
afterAll(async () => {
  await env.close();
});

const app = () => env.world.app;
const schedule = async (id: string): Promise<ScheduleAnswer> => {
  const res = await request(app()).get(`/api/documents/${DOC}/schedules`).set(auth(ana));
  return (res.body.schedules as ScheduleAnswer[]).find((one) => one.id === id) as ScheduleAnswer;
};

describe('approving a scheduled report’s ask', () => {
  it('names the schedule and its tab in the ask, and runs it at once once approved', async () => {
    const made = await request(app()).post(`/api/documents/${DOC}/schedules`).set(auth(ana)).send(weekly);
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    expect((await request(app()).post(`/api/schedules/${id}/run`).set(auth(ana))).status).toBe(202);
    await env.world.deps.scheduler.tick();

    const refused = await schedule(id);
    expect(refused.lastRun).toMatchObject({ outcome: 'failed', credits: 0 });
    expect(refused.lastRun?.message).toMatch(/^Needs approval: up to 5 credits/);
    expect(refused.lastRun?.message).toMatch(
      /Approve it beside this schedule in .* Schedules, or in Settings: approving runs it at once\.$/,
    );
    const seen = await request(app()).get(`/api/documents/${DOC}/formula-allowance`).set(auth(ana));
    const view = seen.body as FormulaAllowanceAnswer;
    expect(view.asks).toEqual([
      {
        key: expect.any(String),
        source: { kind: 'schedule', scheduleId: id, name: 'Monday creators', tab: 'Report' },
        operation: 'report',
        credits: CREATORS,
        items: CREATORS,
        at: expect.any(Number),
      },
    ]);

    await env.world.resetStats();
    const approved = await request(app())
      .post(`/api/documents/${DOC}/formula-approvals`)
      .set(auth(ana))
      .send({ credits: view.asks[0].credits, asks: [view.asks[0].key] });

    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      asks: [],
      askedCredits: 0,
      answered: [{ key: view.asks[0].key, credits: CREATORS }],
      startedSchedules: ['Monday creators'],
    });
    // Due now, not next Monday: the scheduler's next look runs it.
    expect((await schedule(id)).nextRunAt).toBeLessThanOrEqual(Date.now());
    await env.world.deps.scheduler.tick();
    const ran = await schedule(id);
    expect(ran.lastRun).toMatchObject({ outcome: 'ok', rows: CREATORS, credits: CREATORS });
    expect(ran.failuresInARow).toBe(0);
    expect(callsOf(await env.world.stats(), 'report')).toBe(CREATORS);
    const written = env.spreadsheet(DOC).requireSheet('Report').getRange(2, 1, CREATORS, 1).getValues();
    expect(written.every(([cell]) => cell !== '')).toBe(true);
    const changes = (await env.world.deps.store.documentChanges.recent(DOC, 5)).map(
      (change) => change.summary,
    );
    expect(changes).toContain(`${ANA} approved 5 more credits for the schedule "Monday creators" today.`);
  });

  it('resumes a schedule its refused runs paused, and leaves one paused by hand paused', async () => {
    const { store } = env.world.deps;
    const made = await request(app())
      .post(`/api/documents/${DOC}/schedules`)
      .set(auth(ana))
      .send({ ...weekly, name: 'Paused by refusals', output: { sheetName: 'Report', row: 1, column: 10 } });
    const id = made.body.id as string;
    const refusal = 'Needs approval: up to 5 credits.';
    // Its third refused run in a row, as the scheduler ends it: paused with the refusal as reason.
    await store.schedules.runNow(id);
    const lease = await store.schedules.take(id, Date.now(), 60_000);
    await store.schedules.finish(id, lease?.token ?? '', () => ({
      lastRun: { at: Date.now(), outcome: 'failed', rows: 0, credits: 0, message: refusal },
      failuresInARow: 3,
      status: 'paused',
      pausedReason: refusal,
      nextRunAt: null,
    }));
    const byHand = await request(app())
      .post(`/api/documents/${DOC}/schedules`)
      .set(auth(ana))
      .send({ ...weekly, name: 'Paused by hand', output: { sheetName: 'Report', row: 1, column: 20 } });
    await request(app())
      .patch(`/api/schedules/${byHand.body.id as string}`)
      .set(auth(ana))
      .send({ status: 'paused' });
    await store.formulaAllowances.recordAsk(DOC, {
      key: 'by-hand-ask',
      operation: 'report',
      credits: 5,
      items: 5,
      source: {
        kind: 'schedule',
        scheduleId: byHand.body.id as string,
        name: 'Paused by hand',
        tab: 'Report',
      },
    });
    await store.formulaAllowances.recordAsk(DOC, {
      key: 'paused-ask',
      operation: 'report',
      credits: 5,
      items: 5,
      source: { kind: 'schedule', scheduleId: id, name: 'Paused by refusals', tab: 'Report' },
    });

    const approved = await request(app())
      .post(`/api/documents/${DOC}/formula-approvals`)
      .set(auth(ana))
      .send({ credits: 10, asks: ['paused-ask', 'by-hand-ask'] });

    expect(approved.body.startedSchedules).toEqual(['Paused by refusals']);
    expect(await schedule(id)).toMatchObject({ status: 'active', failuresInARow: 0, pausedReason: null });
    expect(await schedule(byHand.body.id as string)).toMatchObject({ status: 'paused' });
  });
});

describe('GET /api/documents/:documentId/status (issue 25)', () => {
  it("answers the document's schedules and allowance in one call, as their own routes answer them", async () => {
    const status = await request(app()).get(`/api/documents/${DOC}/status`).set(auth(ana));
    const schedules = await request(app()).get(`/api/documents/${DOC}/schedules`).set(auth(ana));
    const allowance = await request(app()).get(`/api/documents/${DOC}/formula-allowance`).set(auth(ana));

    expect(status.status).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.body).toEqual({ at: expect.any(Number), ...schedules.body, allowance: allowance.body });
    expect(status.body.schedules.map((one: ScheduleAnswer) => one.name)).toEqual([
      'Monday creators',
      'Paused by refusals',
      'Paused by hand',
    ]);
  });

  it('wants proof of edit access, as the routes it stands for', async () => {
    const dave = (await env.world.deps.store.keys.issue('dave@team.com')).key;
    const res = await request(app()).get(`/api/documents/${DOC}/status`).set(auth(dave));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('edit_proof_required');
    expect(res.body.schedules).toBeUndefined();
  });
});
