import { createDocumentSchedule, listDocumentSchedules } from '../../../../addon/server/schedules/schedules';
import { runSheetSchedules } from '../../../../addon/server/schedules/sheet-schedule-functions';
import { BLOCK_INPUTS, runSheetSchedule } from '../../../../addon/server/schedules/sheet-schedule-run';
import type { ScheduleForm } from '../../../../addon/bridge-contract/schedules-api';
import type { ScheduleAnswer, ScheduleRun } from '../../../../shared/worker-api/schedules';
import type { ServerGlobals } from '../server-globals';
import { ANA, DAY, useSheetRunWorld, type SheetRunWorld } from './sheet-run-world';

/**
 * Issue 26, item 1: the add-on's runner of a schedule where the worker may not write, in the fakes
 * with a scripted worker whose reports are one follower count per creator and day.
 */

const world = useSheetRunWorld();
let w: SheetRunWorld;
let env: ServerGlobals;

beforeEach(() => {
  w = world();
  env = w.env;
});

const advance = (ms: number) => w.advance(ms);
const schedule = (overrides: Partial<ScheduleAnswer> = {}) => w.schedule(overrides);
const fillInputs = (n: number) => w.fillInputs(n);
const growth = () => w.tab('Growth');

describe("the add-on's runner", () => {
  it('writes a snapshot block by block: Date first, change columns, stamp, history line, the run told', () => {
    fillInputs(250);
    const end = runSheetSchedule(schedule(), Date.now() + 60 * 60_000);
    expect(end).toMatchObject({ kind: 'recorded', run: { outcome: 'ok', rows: 250, credits: 250 } });
    const values = growth();
    expect(values[0].slice(0, 6)).toEqual([
      'Date',
      'Handle',
      'Followers',
      'Followers gained',
      'Followers change',
      expect.stringMatching(/^Last refreshed \d{4}-\d\d-\d\d \d\d:\d\d \(Europe\/Berlin\)$/),
    ]);
    expect(values).toHaveLength(251);
    expect(values[1].slice(1, 5)).toEqual(['creator1', expect.any(Number), '', '']);
    // One reports call, one setNumberFormats and one setValues per block of 100 inputs.
    expect(env.worker.calls('api/reports')).toHaveLength(Math.ceil(250 / BLOCK_INPUTS));
    expect(w.recorded).toEqual([
      { run: expect.objectContaining({ outcome: 'ok', rows: 250 }), rowsWritten: 250 },
    ]);
    const history = env.fakes.spreadsheet.requireSheet('Creator Sheets history').getDataRange().getValues();
    expect(history[0]).toEqual(['When', 'Schedule', 'Set up by', 'Rows', 'Credits', 'Outcome', 'Message']);
    expect(history[1].slice(1)).toEqual([
      'Daily creators',
      ANA,
      250,
      250,
      'ok',
      'Added a snapshot of 250 rows. The chart shows followers of 10 creators on 1 date.',
    ]);
  });

  it('stops after a whole block near the time limit, keeps its place, and goes on without paying twice', () => {
    fillInputs(400);
    w.callMs = 90_000;
    // Inside Apps Script's 6 minutes (the fakes end a run past them, whatever it catches).
    const run = () =>
      env.fakes.runtime.run('full', () => runSheetSchedule(schedule(), Date.now() + 4 * 60_000));
    // 90 s a block: past 4 minutes after the third, it stops there rather than start a fourth.
    expect(run()).toEqual({ kind: 'paused', next: 300 });
    expect(w.recorded).toEqual([]);
    expect(growth()).toHaveLength(301);
    expect(run()).toMatchObject({ kind: 'recorded', run: { outcome: 'ok', rows: 400, credits: 400 } });
    expect(env.worker.calls('api/reports')).toHaveLength(4);
    expect(growth()).toHaveLength(401);
    expect(w.recorded).toHaveLength(1);
  });

  it('resumes mid-run: the next firing starts at the block it stopped before', () => {
    fillInputs(300);
    w.callMs = 150_000;
    const first = runSheetSchedule(schedule(), Date.now() + 4 * 60_000);
    expect(first).toEqual({ kind: 'paused', next: 200 });
    const second = runSheetSchedule(schedule(), Date.now() + 4 * 60_000);
    expect(second).toMatchObject({ kind: 'recorded', run: { rows: 300, credits: 300 } });
    const sent = env.worker
      .calls('api/reports')
      .map((call) => (call.body as { handles: string[] }).handles[0]);
    expect(sent).toEqual(['creator1', 'creator101', 'creator201']);
    expect(growth()).toHaveLength(301);
  });

  it('replace rewrites the table and blanks the rows the input lost; merge updates keys in place', () => {
    fillInputs(5);
    runSheetSchedule(schedule({ mode: 'replace' }), Date.now() + 60_000);
    env.fakes.spreadsheet.requireSheet('Creators').getRange(5, 1, 2, 1).clearContent();
    const last: ScheduleRun = { at: 0, outcome: 'ok', rows: 5, credits: 5, message: 'Refreshed 5 rows.' };
    runSheetSchedule(schedule({ mode: 'replace', lastRun: last }), Date.now() + 60_000);
    expect(growth().map((row) => row[0])).toEqual(['Handle', 'creator1', 'creator2', 'creator3']);
    const below = env.fakes.spreadsheet.requireSheet('Growth').getRange(5, 1, 2, 2).getValues();
    expect(below).toEqual([
      ['', ''],
      ['', ''],
    ]);

    env.fakes.spreadsheet.requireSheet('Growth').clear();
    fillInputs(3);
    runSheetSchedule(schedule({ mode: 'merge' }), Date.now() + 60_000);
    advance(DAY);
    fillInputs(4);
    runSheetSchedule(schedule({ mode: 'merge' }), Date.now() + 60_000);
    const merged = growth();
    expect(merged.map((row) => row[0])).toEqual(['Input', 'creator1', 'creator2', 'creator3', 'creator4']);
    expect(merged[1][2]).toBe(1010 + ((Math.floor(Date.now() / DAY) % 100) as number));
  });

  it("starts nothing once the schedule's own monthly budget is spent", () => {
    fillInputs(3);
    const end = runSheetSchedule(schedule({ monthlyBudget: 10, spentThisMonth: 10 }), Date.now() + 60_000);
    expect(end).toMatchObject({ kind: 'recorded', run: { outcome: 'failed', credits: 0 } });
    expect(w.recorded[0].run.message).toBe(
      'This schedule has spent 10 credits of its monthly budget of 10 credits: nothing was fetched or charged. It runs again next month, or raise its budget (Edit).',
    );
    expect(env.worker.calls('api/reports')).toHaveLength(0);
  });

  it('fails in a sentence, told to the worker and the history tab, when the input tab is gone', () => {
    const end = runSheetSchedule(
      schedule({ input: { sheetName: 'Gone', row: 2, column: 1 } }),
      Date.now() + 60_000,
    );
    expect(end).toMatchObject({ kind: 'recorded', run: { outcome: 'failed', rows: 0 } });
    expect(w.recorded[0].run.message).toBe(
      'The tab "Gone" is no longer in this spreadsheet (renamed or deleted): edit the schedule to point at a tab.',
    );
    expect(env.worker.calls('api/reports')).toHaveLength(0);
  });
});

describe('a schedule saved where the worker may not write', () => {
  const form: ScheduleForm = {
    name: 'Daily creators',
    kind: 'reports',
    input: 'Creators!A2',
    platform: 'instagram',
    fields: '',
    output: 'Growth!A1',
    mode: 'append-snapshot',
    cadence: { every: 'day', hour: 9 },
  };

  beforeEach(() => {
    const id = env.fakes.spreadsheet.getId();
    env.worker.on('get', `api/documents/${id}/delivery`, {
      body: { serviceAccount: 'reports@x.iam.gserviceaccount.com', shared: false, message: 'Not shared.' },
    });
    env.worker.on('post', `api/documents/${id}/schedules`, (request) => ({
      status: 201,
      body: {
        ...schedule(),
        runner: undefined,
        ...(request.body as object),
        id: `sch_${env.worker.requests.length}`,
      },
    }));
  });

  it('is run by the add-on, from one hourly trigger of this user in this document, and says why', () => {
    env.fakes.propertiesService.document.setProperty('creatorSheets.outsideSharingRefused', 'true');
    const made = createDocumentSchedule(form);
    createDocumentSchedule({ ...form, name: 'Second' });
    const sent = env.worker.calls(`api/documents/${env.fakes.spreadsheet.getId()}/schedules`);
    expect(sent.map((call) => (call.body as { runner?: string }).runner)).toEqual(['add-on', 'add-on']);
    expect(env.fakes.triggers.of(ANA).map((trigger) => trigger.getHandlerFunction())).toEqual([
      'runSheetSchedules',
    ]);
    expect(made.runnerLine).toBe(
      'Runs from this sheet as you: the worker may not write here (outside sharing refused).',
    );
  });

  it('gives the user a trigger of their own when a schedule the add-on runs becomes theirs (a copy)', () => {
    const id = env.fakes.spreadsheet.getId();
    env.worker.on('get', `api/documents/${id}/schedules`, {
      body: { schedules: [schedule({ id: 'sch_copy', createdBy: ANA })] },
    });
    expect(env.fakes.triggers.of(ANA)).toEqual([]);
    expect(listDocumentSchedules()?.[0].runnerLine).toBe(
      'Runs from this sheet as you: the worker may not write here.',
    );
    expect(env.fakes.triggers.of(ANA)).toHaveLength(1);
    listDocumentSchedules();
    expect(env.fakes.triggers.of(ANA)).toHaveLength(1);
  });

  it('stays with the worker where the sheet is shared with it', () => {
    env.worker.on('get', `api/documents/${env.fakes.spreadsheet.getId()}/delivery`, {
      body: { serviceAccount: 'reports@x.iam.gserviceaccount.com', shared: true, message: 'Shared.' },
    });
    const made = createDocumentSchedule(form);
    expect(env.fakes.triggers.of(ANA)).toEqual([]);
    expect(made.runnerLine).toBe('Runs in the worker, as its service account.');
  });

  it('lets the trigger run the due ones, and delete itself once none is left', () => {
    fillInputs(3);
    const id = env.fakes.spreadsheet.getId();
    let listed: ScheduleAnswer[] = [schedule({ nextRunAt: Date.now() + 1000 })];
    env.worker.on('get', `api/documents/${id}/schedules`, () => ({ body: { schedules: listed } }));
    createDocumentSchedule(form);
    const fire = () =>
      env.fakes.triggers.runDue((handler, trigger) => {
        expect(handler).toBe('runSheetSchedules');
        env.fakes.runtime.run('full', () => runSheetSchedules({ triggerUid: trigger.getUniqueId() }));
      });
    advance(60 * 60_000);
    expect(fire()).toBe(1);
    expect(w.recorded).toHaveLength(1);
    expect(listDocumentSchedules()?.[0].runnerLine).toContain('Runs from this sheet as you');
    listed = [];
    advance(60 * 60_000);
    fire();
    expect(env.fakes.triggers.of(ANA)).toEqual([]);
    expect(env.fakes.triggers.refused).toEqual([]);
  });
});
