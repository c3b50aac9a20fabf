import request from 'supertest';
import type { ScheduleEstimateAnswer, ScheduleRequest } from '../../../../../shared/worker-api/schedules';
import { createSheetsPacer } from '../../../../../worker/src/google/sheets-pacer';
import { scheduledRun } from '../../../../../worker/src/schedules/scheduled-run';
import type { ScheduleRunOutcome } from '../../../../../worker/src/schedules/scheduler';
import { skippedWaits } from '../../../../support/skipped-waits';
import { auth, callsOf } from '../../worker-fixture';
import { SCHEDULE_OWNER } from './schedule-run-fixture';
import {
  SHEET_ID,
  startDeliveryWorld,
  type DeliveryWorld,
} from '../../jobs/delivery/server-delivery-fixture';

/**
 * Issue 25's "done when" for growth: a daily snapshot over 50 creators, freshness "1 day", run on
 * 7 simulated days (the worker's and the sandbox's clocks a day later each run, the sandbox's
 * reports moving with its clock), shows 7 distinct points per creator after a first-run backfill
 * of each creator's monthly history, and is charged what its estimate said before it was saved.
 */

jest.setTimeout(180_000);

const DAY = 24 * 60 * 60 * 1000;
const TAB = 'Daily growth';
const CREATORS = 50;

const waits = skippedWaits();
let offset = 0;
const clock = { now: () => waits.clock.now() + offset };
let env: DeliveryWorld;
beforeAll(async () => {
  env = await startDeliveryWorld({
    clock: waits.clock,
    workerClock: clock,
    sandboxClock: clock,
    env: { LOG_LEVEL: 'warn', SANDBOX_CREDITS: '5000' },
  });
  await env.world.deps.store.formulaAllowances.set(SHEET_ID, null, SCHEDULE_OWNER);
  // Runs are billed to whoever connected the document's formulas.
  await env.world.deps.store.keys.issue(SCHEDULE_OWNER, SHEET_ID);
});
afterAll(async () => {
  await env.close();
});

describe('a daily snapshot with freshness "1 day", 7 days running', () => {
  it('shows 7 distinct points per creator after its backfill, charged as estimated before saving', async () => {
    const { world, fakes } = env;
    const sheet = fakes.spreadsheet.insertSheet(TAB);
    const handles = world.handles(CREATORS, 'instagram', 700);
    sheet.getRange(2, 1, CREATORS, 1).setValues(handles.map((handle) => [handle]));
    const request_: ScheduleRequest = {
      name: TAB,
      kind: 'reports',
      input: { sheetName: TAB, row: 2, column: 1 },
      platform: 'instagram',
      fields: ['handle', 'followers', 'engagement_rate'],
      output: { sheetName: TAB, row: 1, column: 3 },
      mode: 'append-snapshot',
      cadence: { every: 'day', hour: 9 },
      timeZone: 'Europe/Berlin',
      freshnessDays: 1,
    };

    // Before saving: what its runs cost.
    const asked = await request(world.app)
      .post('/api/schedule-estimates')
      .set(auth())
      .send({ schedule: request_, inputs: handles });
    expect(asked.status).toBe(200);
    const estimate = asked.body as ScheduleEstimateAnswer;
    expect(estimate).toMatchObject({
      creators: CREATORS,
      fresh: 0,
      firstRunCredits: 50,
      laterRunCredits: 50,
      runsPerPurchase: 1,
    });

    const record = await world.deps.store.schedules.create(SHEET_ID, request_, SCHEDULE_OWNER, clock.now());
    const run = scheduledRun({ ...world.deps, sheetsPacer: createSheetsPacer(waits.clock, waits.sleep) });
    const credits: number[] = [];
    const calls: number[] = [];
    for (let day = 0; day < 7; day++) {
      offset = day * DAY;
      await world.resetStats();
      const schedule = await world.deps.store.schedules.get(record.id);
      if (schedule === null) throw new Error('the schedule is stored');
      const outcome: ScheduleRunOutcome = await run(schedule, new AbortController().signal);
      const result = 'run' in outcome ? outcome : { run: outcome, rowsWritten: 0 };
      expect(result.run).toMatchObject({ outcome: 'ok', rows: CREATORS });
      credits.push(result.run.credits);
      calls.push(callsOf(await world.stats(), 'report'));
    }
    // Charged what the estimate said: the first run, then every later run, each creator bought again.
    expect(credits).toEqual([estimate.firstRunCredits, ...Array(6).fill(estimate.laterRunCredits)]);
    expect(calls).toEqual(Array(7).fill(CREATORS));

    // The long table (date, handle, followers, engagement rate, gained, change): the backfill's
    // months first, then 7 runs of 50 rows.
    const rows = sheet
      .getRange(2, 3, sheet.getLastRow() - 1, 6)
      .getValues()
      .filter((row) => row[0] !== '');
    const runRows = rows.slice(-7 * CREATORS);
    const backfill = rows.slice(0, rows.length - 7 * CREATORS);
    const byCreator = (list: unknown[][]) => {
      const map = new Map<string, unknown[][]>();
      for (const row of list) {
        const key = String(row[1]).toLowerCase();
        map.set(key, [...(map.get(key) ?? []), row]);
      }
      return map;
    };
    const runs = byCreator(runRows);
    const history = byCreator(backfill);
    expect(runs.size).toBe(CREATORS);
    for (const handle of handles) {
      const points = runs.get(handle.toLowerCase()) ?? [];
      expect(points).toHaveLength(7);
      // Seven dates a day apart, seven different follower counts, each compared with the day before.
      const dates = points.map((row) => row[0] as number);
      dates.slice(1).forEach((date, d) => expect(date - dates[d]).toBeCloseTo(1, 3));
      expect(new Set(points.map((row) => row[2])).size).toBe(7);
      points.slice(1).forEach((row, d) => expect(row[4]).toBe((row[2] as number) - (points[d][2] as number)));
      // Its history came first, month by month, before the first run.
      const months = history.get(handle.toLowerCase()) ?? [];
      expect(months.length).toBeGreaterThan(0);
      expect(Math.max(...months.map((row) => row[0] as number))).toBeLessThan(dates[0]);
    }

    // The chart block on the summary tab: the months and the 7 run dates, 10 creators across.
    const summary = fakes.spreadsheet.requireSheet(`${TAB} (Creator Sheets)`);
    const block = summary.getRange(3, 10, summary.getLastRow() - 2, 11).getValues();
    const blockDates = block.slice(1).map((row) => row[0] as number);
    expect(blockDates.slice(-7)).toEqual(runRows.filter((_, i) => i % CREATORS === 0).map((row) => row[0]));
    expect(block[0].slice(1).every((name) => typeof name === 'string' && name !== '')).toBe(true);
  });
});
