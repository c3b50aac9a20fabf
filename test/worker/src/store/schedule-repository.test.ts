import type { ScheduleRun } from '../../../../shared/worker-api/schedules';
import { ScheduleCapError } from '../../../../worker/src/store/schedule-repository';
import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { hourlyReportsRequest, ManualClock } from './store-fixtures';

/** Scheduled reports as stored: what they run, their state, and the lease a run holds them by. */

const DOC = 'doc_schedules_123456';
const MINUTE = 60_000;
const request = (name: string) => hourlyReportsRequest({ name });
const run = (at: number): ScheduleRun => ({
  at,
  outcome: 'ok',
  rows: 3,
  credits: 1,
  message: 'Refreshed 3 rows.',
});

describeEachEngine('schedule repository', (engine) => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  it('keeps what a schedule runs and lists a document’s oldest first', async () => {
    const first = await store.schedules.create(DOC, request('A'), 'ana@team.com', clock.now() + MINUTE);
    clock.advance(1);
    const second = await store.schedules.create(DOC, request('B'), 'bo@team.com', clock.now() + MINUTE);
    await store.schedules.create('doc_other_1234567890', request('C'), 'bo@team.com', clock.now());

    expect(first).toMatchObject({
      ...request('A'),
      documentId: DOC,
      createdBy: 'ana@team.com',
      status: 'active',
      nextRunAt: clock.now() - 1 + MINUTE,
      lastRun: null,
      rowsWritten: 0,
      runningUntil: null,
    });
    expect((await store.schedules.ofDocument(DOC)).map((s) => s.name)).toEqual(['A', 'B']);
    expect(await store.schedules.all()).toHaveLength(3);
    expect((await store.schedules.update(second.id, request('B2'), null))?.name).toBe('B2');
    expect(await store.schedules.delete(first.id)).toBe(true);
    expect(await store.schedules.get(first.id)).toBeNull();
  });

  it('pauses and resumes, clearing failures and the next run as asked', async () => {
    const schedule = await store.schedules.create(DOC, request('A'), 'ana@team.com', clock.now());
    expect(await store.schedules.setStatus(schedule.id, 'paused', null, 'The sheet is gone')).toMatchObject({
      status: 'paused',
      pausedReason: 'The sheet is gone',
      nextRunAt: null,
    });
    expect(await store.schedules.due(clock.now(), 10)).toEqual([]);
    expect(await store.schedules.runNow(schedule.id)).toBe(false);
    expect(await store.schedules.setStatus(schedule.id, 'active', clock.now() + MINUTE, null)).toMatchObject({
      status: 'active',
      pausedReason: null,
      failuresInARow: 0,
      nextRunAt: clock.now() + MINUTE,
    });
    expect(await store.schedules.runNow(schedule.id)).toBe(true);
    expect((await store.schedules.due(clock.now(), 10)).map((s) => s.id)).toEqual([schedule.id]);
  });

  it('lets one run hold a due schedule until its lease ends, and only the holder end the run', async () => {
    const schedule = await store.schedules.create(DOC, request('A'), 'ana@team.com', clock.now());
    const lease = await store.schedules.take(schedule.id, clock.now(), MINUTE);
    expect(lease?.schedule.runningUntil).toBe(clock.now() + MINUTE);
    expect(await store.schedules.take(schedule.id, clock.now(), MINUTE)).toBeNull();
    expect(await store.schedules.due(clock.now(), 10)).toEqual([]);
    expect(await store.schedules.earliestNextRun(clock.now())).toBe(clock.now() + MINUTE);
    expect(await store.schedules.renew(schedule.id, 'not-the-token', clock.now() + 2 * MINUTE)).toBe(false);
    expect(await store.schedules.renew(schedule.id, lease?.token ?? '', clock.now() + 2 * MINUTE)).toBe(true);

    const end = (current: { failuresInARow: number }) => ({
      lastRun: run(clock.now()),
      failuresInARow: current.failuresInARow,
      status: 'active' as const,
      pausedReason: null,
      nextRunAt: clock.now() + 60 * MINUTE,
      rowsWritten: 3,
    });
    expect(await store.schedules.finish(schedule.id, 'not-the-token', end)).toBe(false);
    expect(await store.schedules.finish(schedule.id, lease?.token ?? '', end)).toBe(true);
    expect(await store.schedules.get(schedule.id)).toMatchObject({
      lastRun: run(clock.now()),
      rowsWritten: 3,
      runningUntil: null,
      nextRunAt: clock.now() + 60 * MINUTE,
    });
    expect(await store.schedules.release(schedule.id, lease?.token ?? '')).toBe(false);
  });

  it('keeps who runs it: the worker never sees an add-on schedule due, the add-on takes only its own (issue 26)', async () => {
    const addOn = await store.schedules.create(
      DOC,
      { ...request('A'), runner: 'add-on' },
      'ana@team.com',
      clock.now(),
    );
    const worker = await store.schedules.create(DOC, request('W'), 'ana@team.com', clock.now() + MINUTE);
    expect(addOn.runner).toBe('add-on');
    expect(worker.runner).toBeUndefined();
    clock.advance(2 * MINUTE);
    expect((await store.schedules.due(clock.now(), 10)).map((s) => s.name)).toEqual(['W']);
    expect(await store.schedules.earliestNextRun(clock.now())).toBe(worker.nextRunAt);
    expect(await store.schedules.take(addOn.id, clock.now(), MINUTE)).toBeNull();
    expect(await store.schedules.take(worker.id, clock.now(), MINUTE, 'add-on')).toBeNull();
    const lease = await store.schedules.take(addOn.id, clock.now(), MINUTE, 'add-on');
    expect(lease?.schedule.name).toBe('A');
    // Edited without a runner, it is the worker's again (the route keeps it: schedules-router.ts).
    await store.schedules.update(addOn.id, request('A'), clock.now());
    expect((await store.schedules.due(clock.now() + 2 * MINUTE, 10)).map((s) => s.name).sort()).toEqual([
      'A',
      'W',
    ]);
  });

  it('frees a lease whose run died once its time is up', async () => {
    const schedule = await store.schedules.create(DOC, request('A'), 'ana@team.com', clock.now());
    await store.schedules.take(schedule.id, clock.now(), MINUTE);
    clock.advance(MINUTE);
    expect((await store.schedules.due(clock.now(), 10)).map((s) => s.id)).toEqual([schedule.id]);
    expect(await store.schedules.take(schedule.id, clock.now(), MINUTE)).not.toBeNull();
  });

  it('refuses a schedule past the document’s cap, other documents aside, with room again after a delete', async () => {
    for (const name of ['A', 'B', 'C']) {
      await store.schedules.create(DOC, request(name), 'ana@team.com', clock.now(), 3);
      clock.advance(1);
    }
    const refused = store.schedules.create(DOC, request('D'), 'ana@team.com', clock.now(), 3);
    await expect(refused).rejects.toThrow(ScheduleCapError);
    await expect(refused).rejects.toMatchObject({ cap: 3 });
    expect((await store.schedules.ofDocument(DOC)).map((s) => s.name)).toEqual(['A', 'B', 'C']);

    await store.schedules.create('doc_other_1234567890', request('E'), 'ana@team.com', clock.now(), 3);
    const [first] = await store.schedules.ofDocument(DOC);
    await store.schedules.delete(first.id);
    await store.schedules.create(DOC, request('D'), 'ana@team.com', clock.now(), 3);
    expect(await store.schedules.ofDocument(DOC)).toHaveLength(3);
  });

  it('frees every lease at once (SQLite at start: they are an earlier run of the one process)', async () => {
    const schedule = await store.schedules.create(DOC, request('A'), 'ana@team.com', clock.now());
    const killed = await store.schedules.take(schedule.id, clock.now(), MINUTE);
    expect(await store.schedules.freeLeases()).toBe(1);
    expect((await store.schedules.due(clock.now(), 10)).map((s) => s.id)).toEqual([schedule.id]);
    expect(await store.schedules.take(schedule.id, clock.now(), MINUTE)).not.toBeNull();
    expect(await store.schedules.renew(schedule.id, killed?.token ?? '', clock.now() + MINUTE)).toBe(false);
  });
});
