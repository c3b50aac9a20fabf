import type { ScheduleRequest } from '../../../../shared/worker-api/schedules';
import { scheduledRun } from '../../../../worker/src/schedules/scheduled-run';
import { startWorkerWorld, type WorkerWorld } from '../worker-fixture';

const DOC = '1TheScheduledRunSheet00000000000000000000';
const request: ScheduleRequest = {
  name: 'Creators',
  kind: 'reports',
  input: { sheetName: 'Creators', row: 2, column: 1 },
  output: { sheetName: 'Report', row: 1, column: 1 },
  mode: 'replace',
  cadence: { every: 'day', hour: 9 },
  timeZone: 'UTC',
};

let world: WorkerWorld;
beforeAll(async () => {
  world = await startWorkerWorld({ env: { LOG_LEVEL: 'warn' } });
});
afterAll(async () => {
  await world.close();
});

describe("the scheduler's run (schedules/scheduled-run.ts)", () => {
  it("fails in a sentence when the document's formulas are no longer connected", async () => {
    const schedule = await world.deps.store.schedules.create(DOC, request, 'ana@team.com', Date.now());
    const run = await scheduledRun(world.deps)(schedule, new AbortController().signal);
    expect(run).toMatchObject({ outcome: 'failed', rows: 0, credits: 0 });
    expect('message' in run && run.message).toContain('no longer connected');
  });

  it('hands a connected schedule to schedules/run/schedule-run.ts (here: no service account, said so)', async () => {
    await world.deps.store.keys.issue('ana@team.com', DOC);
    const schedule = await world.deps.store.schedules.create(DOC, request, 'ana@team.com', Date.now());
    const run = await scheduledRun(world.deps)(schedule, new AbortController().signal);
    expect(run).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining('no Google service account'),
    });
  });
});
