import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScheduleRequest, ScheduleRun } from '../../../../shared/worker-api/schedules';
import { timerSleep, type Sleep } from '../../../../worker/common/clock';
import {
  createScheduler,
  DEFAULT_LEASE_MS,
  type RunSchedule,
} from '../../../../worker/src/schedules/scheduler';
import type { ScheduleRecord } from '../../../../worker/src/store/schedule-repository';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { hourlyReportsRequest } from '../store/store-fixtures';

const DOC = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const HOUR = 60 * 60 * 1000;
const START = Date.parse('2026-11-25T08:30:00Z');

const hourly: ScheduleRequest = hourlyReportsRequest();

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let now: number;
const clock = { now: () => now };
let store: Store;

beforeEach(() => {
  now = START;
  store = openStore({ memory: true, clock });
});
afterEach(() => store.close());

/** A run to the test's order: records each call, answers `outcomes` in turn (or throws an Error). */
function fakeRun(outcomes: (Partial<ScheduleRun> | Error)[] = []) {
  const calls: ScheduleRecord[] = [];
  let running = 0;
  let most = 0;
  const gates: (() => void)[] = [];
  let slow = false;
  const run: RunSchedule = async (schedule) => {
    calls.push(schedule);
    running++;
    most = Math.max(most, running);
    try {
      if (slow) await new Promise<void>((resolve) => gates.push(resolve));
      const outcome = outcomes[calls.length - 1] ?? {};
      if (outcome instanceof Error) throw outcome;
      return { at: now, outcome: 'ok', rows: 3, credits: 0, message: 'Refreshed 3 rows.', ...outcome };
    } finally {
      running--;
    }
  };
  return {
    run,
    calls,
    most: () => most,
    slow: () => {
      slow = true;
    },
    release: () => {
      slow = false;
      for (const gate of gates.splice(0)) gate();
    },
    waiting: () => gates.length,
  };
}

const noSleep: Sleep = async () => undefined;

async function settle(condition: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never: ${what}`);
}

async function create(request: ScheduleRequest = hourly, next = START + 30 * 60 * 1000) {
  return store.schedules.create(DOC, request, 'ana@team.com', next);
}

const get = async (id: string) => {
  const schedule = await store.schedules.get(id);
  if (schedule === null) throw new Error(`no schedule ${id}`);
  return schedule;
};

describe('the scheduler', () => {
  it('sleeps until the earliest run is due (at most a minute), then runs it and sets the next', async () => {
    const schedule = await create(hourly, START + 45 * 1000);
    const fake = fakeRun();
    const sleeps: { ms: number; wake: () => void }[] = [];
    const sleep: Sleep = (ms, signal) =>
      new Promise((resolve) => {
        sleeps.push({ ms, wake: resolve });
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    const scheduler = createScheduler({ store, clock, sleep, logger: quiet, run: fake.run });
    scheduler.start();
    await settle(() => sleeps.length === 1, 'the first sleep');
    expect(sleeps[0].ms).toBe(45 * 1000);
    expect(fake.calls).toHaveLength(0);

    now += 45 * 1000;
    sleeps[0].wake();
    await settle(() => fake.calls.length === 1, 'the run');
    await settle(() => sleeps.length >= 2, 'the next sleep');
    await settle(() => scheduler.running === 0, 'the run to end');
    const after = await get(schedule.id);
    expect(after.lastRun).toMatchObject({ outcome: 'ok', rows: 3 });
    expect(after.nextRunAt).toBe(Date.parse('2026-11-25T09:00:00Z'));
    expect(after.runningUntil).toBeNull();
    // Nothing due for a while: it looks again within a minute all the same.
    await settle(() => sleeps.some((s, i) => i > 0 && s.ms === 60 * 1000), 'a one-minute look');
    await scheduler.stop();
  });

  it('looks again at once when kicked (a schedule set up or run now)', async () => {
    const fake = fakeRun();
    const sleeps: number[] = [];
    const sleep: Sleep = (ms, signal) =>
      new Promise((resolve) => {
        sleeps.push(ms);
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    const scheduler = createScheduler({ store, clock, sleep, logger: quiet, run: fake.run });
    scheduler.start();
    await settle(() => sleeps.length === 1, 'the first sleep');
    await create(hourly, now);
    scheduler.kick();
    await settle(() => fake.calls.length === 1, 'the run');
    await scheduler.stop();
  });

  it('never runs one schedule twice at once, even from two schedulers sharing the store', async () => {
    const schedule = await create();
    now = schedule.nextRunAt ?? 0;
    const fake = fakeRun();
    fake.slow();
    const one = createScheduler({ store, clock, sleep: noSleep, logger: quiet, run: fake.run });
    const two = createScheduler({ store, clock, sleep: noSleep, logger: quiet, run: fake.run });
    const first = one.tick();
    await settle(() => fake.waiting() === 1, 'the first run');
    await two.tick();
    await one.tick();
    expect(fake.calls).toHaveLength(1);
    expect((await get(schedule.id)).runningUntil).toBe(now + DEFAULT_LEASE_MS);
    fake.release();
    await first;
    expect(fake.most()).toBe(1);
    // Done, and not due again until the next hour.
    await two.tick();
    expect(fake.calls).toHaveLength(1);
  });

  it('never runs one schedule twice from two processes: two connections to one database file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schedules-'));
    const first = openStore({ dataDir: dir, clock });
    const second = openStore({ dataDir: dir, clock });
    try {
      const schedule = await first.schedules.create(DOC, hourly, 'ana@team.com', now);
      const fake = fakeRun();
      fake.slow();
      const one = createScheduler({ store: first, clock, sleep: noSleep, logger: quiet, run: fake.run });
      const two = createScheduler({ store: second, clock, sleep: noSleep, logger: quiet, run: fake.run });
      const running = Promise.all([one.tick(), two.tick()]);
      await settle(() => fake.waiting() === 1, 'one run');
      await two.tick();
      expect(fake.calls).toHaveLength(1);
      fake.release();
      await running;
      expect((await second.schedules.get(schedule.id))?.lastRun?.outcome).toBe('ok');
    } finally {
      first.close();
      second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('catches up once after downtime, not once per missed slot', async () => {
    const schedule = await create();
    now = START + 10 * HOUR + 5 * 60 * 1000;
    const fake = fakeRun();
    const scheduler = createScheduler({ store, clock, sleep: noSleep, logger: quiet, run: fake.run });
    await scheduler.tick();
    await scheduler.tick();
    expect(fake.calls).toHaveLength(1);
    expect((await get(schedule.id)).nextRunAt).toBe(Date.parse('2026-11-25T19:00:00Z'));
  });

  it('pauses after 3 failures in a row with the last reason; a success between resets the count', async () => {
    const schedule = await create();
    const fake = fakeRun([
      { outcome: 'failed', message: 'Google said no.' },
      {},
      { outcome: 'failed', message: 'first' },
      new Error('the sheet is gone'),
      { outcome: 'failed', message: 'The budget is spent.' },
    ]);
    const scheduler = createScheduler({ store, clock, sleep: noSleep, logger: quiet, run: fake.run });
    const failures: number[] = [];
    for (let i = 0; i < 5; i++) {
      now = (await get(schedule.id)).nextRunAt ?? now;
      await scheduler.tick();
      failures.push((await get(schedule.id)).failuresInARow);
    }
    expect(failures).toEqual([1, 0, 1, 2, 3]);
    const paused = await get(schedule.id);
    expect(paused).toMatchObject({
      status: 'paused',
      pausedReason: 'The budget is spent.',
      nextRunAt: null,
      lastRun: { outcome: 'failed', message: 'The budget is spent.' },
    });
    // A run that throws counted as failed, with its message.
    now += 10 * HOUR;
    await scheduler.tick();
    expect(fake.calls).toHaveLength(5);

    // Resumed (as PATCH does): the count is cleared and it runs at its next time.
    const resumed = await store.schedules.setStatus(schedule.id, 'active', now + HOUR, null);
    expect(resumed).toMatchObject({
      status: 'active',
      pausedReason: null,
      failuresInARow: 0,
      nextRunAt: now + HOUR,
    });
    now += HOUR;
    await scheduler.tick();
    expect(fake.calls).toHaveLength(6);
    expect((await get(schedule.id)).failuresInARow).toBe(0);
  });

  it('records a thrown run as failed with its message', async () => {
    const schedule = await create();
    now = schedule.nextRunAt ?? 0;
    const scheduler = createScheduler({
      store,
      clock,
      sleep: noSleep,
      logger: quiet,
      run: fakeRun([new Error('the sheet is gone')]).run,
    });
    await scheduler.tick();
    expect((await get(schedule.id)).lastRun).toEqual({
      at: now,
      outcome: 'failed',
      rows: 0,
      credits: 0,
      message: 'the sheet is gone',
    });
  });

  it("waits out a dead worker's lease, then runs; the dead run's end is not recorded", async () => {
    const schedule = await create();
    now = schedule.nextRunAt ?? 0;
    const dead = await store.schedules.take(schedule.id, now, DEFAULT_LEASE_MS);
    expect(dead).not.toBeNull();
    const fake = fakeRun();
    const scheduler = createScheduler({ store, clock, sleep: noSleep, logger: quiet, run: fake.run });
    await scheduler.tick();
    expect(fake.calls).toHaveLength(0);
    expect(await store.schedules.earliestNextRun(now)).toBe(now + DEFAULT_LEASE_MS);

    now += DEFAULT_LEASE_MS;
    await scheduler.tick();
    expect(fake.calls).toHaveLength(1);
    const recorded = await store.schedules.finish(schedule.id, dead?.token ?? '', () => {
      throw new Error('never asked');
    });
    expect(recorded).toBe(false);
    expect((await get(schedule.id)).lastRun?.outcome).toBe('ok');
  });

  it("on SQLite (one process), frees a killed run's lease at start and runs the schedule at once", async () => {
    const schedule = await create();
    now = schedule.nextRunAt ?? 0;
    await store.schedules.take(schedule.id, now, DEFAULT_LEASE_MS);
    const fake = fakeRun();
    // The loop sleeps for real between its looks (stop wakes it).
    const scheduler = createScheduler({ store, clock, sleep: timerSleep, logger: quiet, run: fake.run });
    scheduler.start();
    await settle(() => fake.calls.length === 1, 'the run after the start');
    await scheduler.stop();
    expect((await get(schedule.id)).lastRun?.outcome).toBe('ok');
  });

  it('stops a run whose lease another instance took over, and records nothing for it', async () => {
    const schedule = await create();
    now = schedule.nextRunAt ?? 0;
    const leaseMs = 3000;
    let stoppedBy: unknown = null;
    const run: RunSchedule = (_schedule, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject((stoppedBy = signal.reason)), { once: true });
      });
    const scheduler = createScheduler({ store, clock, sleep: noSleep, logger: quiet, run, leaseMs });
    const ticking = scheduler.tick();
    await settle(() => scheduler.running === 1, 'the run');
    // This worker stalled past its lease: another instance took the schedule over.
    now += leaseMs;
    const other = await store.schedules.take(schedule.id, now, leaseMs);
    expect(other).not.toBeNull();
    await ticking;
    expect(stoppedBy).toEqual(new Error('the lease was taken over'));
    expect(await get(schedule.id)).toMatchObject({ lastRun: null, failuresInARow: 0 });
    // The lease is the other instance's still: the stopped run let go of nothing that was not its own.
    expect(await store.schedules.renew(schedule.id, other?.token ?? '', now + leaseMs)).toBe(true);
  });

  it('stop waits for the runs under way and leaves no lease held', async () => {
    const schedule = await create();
    now = schedule.nextRunAt ?? 0;
    const fake = fakeRun();
    fake.slow();
    const scheduler = createScheduler({ store, clock, sleep: noSleep, logger: quiet, run: fake.run });
    void scheduler.tick();
    await settle(() => fake.waiting() === 1, 'the run');
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    fake.release();
    await stopping;
    expect(await get(schedule.id)).toMatchObject({ runningUntil: null, lastRun: { outcome: 'ok' } });
    // Stopped: nothing more runs.
    now += 5 * HOUR;
    await scheduler.tick();
    expect(fake.calls).toHaveLength(1);
  });

  it('past its grace, stop aborts a run, frees its lease and counts nothing: it runs at the next start', async () => {
    const schedule = await create();
    const due = schedule.nextRunAt ?? 0;
    now = due;
    const run: RunSchedule = (_schedule, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    const scheduler = createScheduler({ store, clock, sleep: noSleep, logger: quiet, run });
    void scheduler.tick();
    await settle(() => scheduler.running === 1, 'the run');
    await scheduler.stop(5);
    expect(await get(schedule.id)).toMatchObject({
      runningUntil: null,
      lastRun: null,
      failuresInARow: 0,
      nextRunAt: due,
    });
  });

  it('on SIGTERM (stop(0)) hands the lease back at once, while the run still winds down', async () => {
    const schedule = await create();
    now = schedule.nextRunAt ?? 0;
    const fake = fakeRun();
    fake.slow();
    const scheduler = createScheduler({ store, clock, sleep: noSleep, logger: quiet, run: fake.run });
    void scheduler.tick();
    await settle(() => fake.waiting() === 1, 'the run');
    const stopping = scheduler.stop(0);
    // A paid fetch in the run may go on a while; the schedule is free for a live instance now.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await get(schedule.id)).runningUntil).toBeNull();
    expect(await store.schedules.take(schedule.id, now, DEFAULT_LEASE_MS)).not.toBeNull();
    fake.release();
    await stopping;
    // Its end is not recorded: the run belongs to whoever took the lease over.
    expect((await get(schedule.id)).lastRun).toBeNull();
  });

  it('keeps the rows a run says it wrote, for the next run', async () => {
    const schedule = await create();
    now = schedule.nextRunAt ?? 0;
    const run: RunSchedule = async () => ({
      run: { at: now, outcome: 'ok', rows: 7, credits: 1, message: 'ok' },
      rowsWritten: 7,
    });
    await createScheduler({ store, clock, sleep: noSleep, logger: quiet, run }).tick();
    expect((await get(schedule.id)).rowsWritten).toBe(7);
  });

  it("takes many teams' due schedules in turn: each document's first run before any document's second", async () => {
    const docs = [
      '1TeamA000000000000000000000000000000',
      '1TeamB000000000000000000000000000000',
      '1TeamC000000000000000000000000000000',
    ];
    const counts = [6, 2, 1];
    for (const [i, doc] of docs.entries()) {
      for (let n = 0; n < counts[i]; n++) await store.schedules.create(doc, hourly, 'ana@team.com', START);
    }
    const fake = fakeRun();
    const scheduler = createScheduler({
      store,
      clock,
      sleep: noSleep,
      logger: quiet,
      run: fake.run,
      concurrency: 1,
    });
    for (let i = 0; i < 9; i++) await scheduler.tick();
    const order = fake.calls.map((schedule) => docs.indexOf(schedule.documentId));
    expect(order).toHaveLength(9);
    // Three teams in the first three runs, the two with more in the next two, then the big one's rest.
    expect(new Set(order.slice(0, 3)).size).toBe(3);
    expect(new Set(order.slice(3, 5))).toEqual(new Set([0, 1]));
    expect(order.slice(5)).toEqual([0, 0, 0, 0]);
  });
});
