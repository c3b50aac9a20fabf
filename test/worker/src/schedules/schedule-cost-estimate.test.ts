import request from 'supertest';
import type { ScheduleEstimateAnswer, ScheduleRequest } from '../../../../shared/worker-api/schedules';
import { auth, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

/**
 * `POST /api/schedule-estimates` (issue 25): a schedule's cost per run before it is saved, counting
 * what the worker's cache holds young enough for its freshness, through the whole worker.
 */

jest.setTimeout(60_000);

const DAY = 24 * 60 * 60 * 1000;
let offset = 0;
let world: WorkerWorld;
beforeAll(async () => {
  world = await startWorkerWorld({ env: { LOG_LEVEL: 'warn' }, clock: { now: () => Date.now() + offset } });
});
afterAll(async () => {
  await world.close();
});
afterEach(() => {
  offset = 0;
});

const daily: ScheduleRequest = {
  name: 'Daily growth',
  kind: 'reports',
  input: { sheetName: 'Creators', row: 2, column: 1 },
  platform: 'instagram',
  fields: ['handle', 'followers'],
  output: { sheetName: 'Growth', row: 1, column: 1 },
  mode: 'append-snapshot',
  cadence: { every: 'day', hour: 9 },
  timeZone: 'Europe/Berlin',
};

async function estimate(schedule: object, inputs: unknown[]) {
  return request(world.app).post('/api/schedule-estimates').set(auth()).send({ schedule, inputs });
}

async function buy(handles: string[]): Promise<void> {
  const res = await request(world.app)
    .post('/api/reports')
    .set(auth())
    .send({ handles, platform: 'instagram', deadlineMs: 60_000 });
  expect(res.status).toBe(200);
}

describe('the cost of a schedule before it is saved', () => {
  it('counts the reports the cache holds fresh enough as free, and says what every later run may cost', async () => {
    const handles = world.handles(10, 'instagram', 600);
    await buy(handles.slice(0, 4));
    // Blank and unreadable cells, and a creator named twice, cost nothing more.
    const inputs = [...handles, '', handles[0], 'https://example.com/nobody'];

    const oneDay = await estimate({ ...daily, freshnessDays: 1 }, inputs);
    expect(oneDay.status).toBe(200);
    expect(oneDay.body).toEqual({
      creators: 10,
      fresh: 4,
      firstRunCredits: 6,
      laterRunCredits: 10,
      runsPerPurchase: 1,
      creditsPer30Days: 6 + 29 * 10,
      freshnessDays: 1,
      summary:
        "10 creators, 4 of them in the worker's cache fresh enough: the first run costs at most 6 credits. Reports older than 1 day are bought again: every later run costs at most 10 credits, at most 296 credits in 30 days.",
    } satisfies ScheduleEstimateAnswer);

    // A week of freshness: a report bought serves 7 daily runs.
    const week = (await estimate({ ...daily, freshnessDays: 7 }, inputs)).body as ScheduleEstimateAnswer;
    expect(week).toMatchObject({
      fresh: 4,
      firstRunCredits: 6,
      runsPerPurchase: 7,
      creditsPer30Days: 6 + 4 * 10,
    });
    expect(week.summary).toContain('each is bought once every 7 daily runs, up to 10 credits on such a run');

    // Without a freshness, the cache's own 30 days: what schedules made before had.
    const cache = (await estimate(daily, inputs)).body as ScheduleEstimateAnswer;
    expect(cache).toMatchObject({ freshnessDays: 30, runsPerPurchase: 30, creditsPer30Days: 6 });

    // Two days on, the four are too old for "1 day" and still fresh for "7 days".
    offset = 2 * DAY;
    expect((await estimate({ ...daily, freshnessDays: 1 }, inputs)).body).toMatchObject({
      fresh: 0,
      firstRunCredits: 10,
    });
    expect((await estimate({ ...daily, freshnessDays: 7 }, inputs)).body).toMatchObject({
      fresh: 4,
      firstRunCredits: 6,
    });
  });

  it('checks the columns first, and answers in sentences what it does not estimate', async () => {
    const unknown = await estimate({ ...daily, fields: ['handle', 'folowers'] }, ['ana']);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^Unknown field "folowers" \(did you mean "followers"\?\)\./);

    const emails = await estimate({ ...daily, kind: 'email-search', fields: undefined }, ['a@b.com']);
    expect(emails.status).toBe(400);
    expect(emails.body.error.message).toMatch(/^Only a scheduled report's cost is estimated here/);

    const freshEmails = await estimate({ ...daily, kind: 'email-search', freshnessDays: 1 }, []);
    expect(freshEmails.status).toBe(400);
    expect(freshEmails.body.error.message).toContain('freshnessDays applies to scheduled reports only');

    const tooMany = await estimate(
      daily,
      Array.from({ length: 2001 }, (_, i) => `c${i}`),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain('must hold at most 2000 cells, got 2001');
    // Nothing was bought by asking.
    expect((await world.stats()).operations.report?.calls ?? 0).toBe(4);
  });
});
