import {
  checkDocumentSchedule,
  createDocumentSchedule,
  listDocumentSchedules,
  takeOverDocumentSchedule,
  updateDocumentSchedule,
} from '../../../../addon/server/schedules/schedules';
import { runSheetSchedules } from '../../../../addon/server/schedules/sheet-schedule-functions';
import { runSheetSchedule } from '../../../../addon/server/schedules/sheet-schedule-run';
import { BLOCK_INPUTS, EMAIL_BLOCK_INPUTS } from '../../../../addon/server/schedules/sheet-schedule-source';
import type { ScheduleForm } from '../../../../addon/bridge-contract/schedules-api';
import type { ScheduleAnswer, ScheduleRun } from '../../../../shared/worker-api/schedules';
import type { RecordedRequest } from '../scripted-worker';
import { RUN_NOT_RECORDED } from '../../../../addon/server/schedules/sheet-run-record';
import type { ServerGlobals } from '../server-globals';
import { ANA, DAY, useSheetRunWorld, type SheetRunWorld } from './sheet-run-world';
import { addOnRunRequestId } from '../../../../shared/worker-api/schedule-runs/add-on-run-id';
import { workerError } from '../scripted-worker';

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
const growth = () => env.fakes.spreadsheet.requireSheet('Growth').getDataRange().getValues();

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

  it("asks the worker for reports as fresh as the schedule's freshness, as the worker's runner reads them", () => {
    fillInputs(3);
    runSheetSchedule(schedule({ freshnessDays: 7 }), Date.now() + 60 * 60_000);
    runSheetSchedule(schedule({ id: 'sch_any_age' }), Date.now() + 60 * 60_000);
    const asked = env.worker.calls('api/reports').map((call) => call.body as { freshnessDays?: number });
    expect(asked.map((body) => body.freshnessDays)).toEqual([7, undefined]);
  });

  it("records the ledger's credits: the paid run its sum, a run that hits the cache 0; never its own figure", () => {
    fillInputs(150);
    const first = runSheetSchedule(schedule(), Date.now() + 60 * 60_000);
    expect(first).toMatchObject({ kind: 'recorded', run: { credits: 150 } });
    const ids = env.worker.calls('api/reports').map((call) => call.headers['X-Request-Id']);
    expect(ids).toEqual(
      [addOnRunRequestId('sch_daily', (first as { run: ScheduleRun }).run.at)].concat(ids[0]),
    );
    advance(60_000);
    const second = runSheetSchedule(schedule(), Date.now() + 60 * 60_000);
    expect(second).toMatchObject({ kind: 'recorded', run: { outcome: 'ok', rows: 150, credits: 0 } });
    expect(w.recorded.map((told) => 'credits' in told.run)).toEqual([false, false]);
    const history = env.fakes.spreadsheet.requireSheet('Creator Sheets history').getDataRange().getValues();
    expect(history.slice(1).map((line) => line[4])).toEqual([150, 0]);
  });

  it('says in the history line that the credits are unknown when the worker cannot record the run', () => {
    fillInputs(3);
    env.worker.on('post', /^api\/schedules\/[^/]+\/runs$/, workerError(503, 'unavailable', 'Down.'));
    const end = runSheetSchedule(schedule(), Date.now() + 60 * 60_000);
    expect(end).toMatchObject({ kind: 'recorded', run: { outcome: 'ok', credits: 0 } });
    const history = env.fakes.spreadsheet.requireSheet('Creator Sheets history').getDataRange().getValues();
    expect(history[1][6]).toBe(
      `Added a snapshot of 3 rows. The chart shows followers of 3 creators on 1 date. ${RUN_NOT_RECORDED}`,
    );
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

/** The scripted worker's `POST /api/email-search`: a creator per address, 1 credit an address it had not looked up. */
function emailAnswer(request: RecordedRequest) {
  advance(w.callMs);
  const body = request.body as { emails: string[] };
  let fetched = 0;
  const rows = body.emails.map((email) => {
    if (!w.bought.has(email)) {
      w.bought.add(email);
      fetched += 1;
    }
    return [email, 'Matched', 'instagram', email.split('@')[0], 5000];
  });
  const requestId = request.headers['X-Request-Id'] ?? 'none';
  w.ledger.set(requestId, (w.ledger.get(requestId) ?? 0) + fetched);
  return {
    body: {
      header: ['E-mail', 'Status', 'Platform', 'Handle', 'Followers'],
      columns: [
        { id: 'email', label: 'E-mail', format: 'text' },
        { id: 'status', label: 'Status', format: 'text' },
        { id: 'platform', label: 'Platform', format: 'text' },
        { id: 'handle', label: 'Handle', format: 'text' },
        { id: 'followers', label: 'Followers', format: 'integer' },
      ],
      rows: [['E-mail', 'Status', 'Platform', 'Handle', 'Followers'], ...rows],
      pending: 0,
      awaitingApproval: 0,
    },
  };
}

function addresses(n: number, from = 1): string[] {
  return Array.from({ length: n }, (_, i) => `person${from + i}@brand.example.com`);
}

describe("the add-on's runner for e-mail searches and saved searches (the worker's other kinds)", () => {
  /** The document's formulas' key, not the user's own: what the trigger fetches with. */
  const DOCUMENT_KEY = 'csk_docs_fedcba9876543210fedcba9876543210';

  beforeEach(() => {
    env.worker.on('post', 'api/email-search', emailAnswer);
    env.fakes.propertiesService.document.setProperty('creatorSheets.documentKey', DOCUMENT_KEY);
  });

  function fillAddresses(list: string[]): void {
    const creators = env.fakes.spreadsheet.requireSheet('Creators');
    const short = list.length + 1 - creators.getMaxRows();
    if (short > 0) creators.insertRowsAfter(creators.getMaxRows(), short);
    creators.getRange(2, 1, list.length, 1).setValues(list.map((a) => [a]));
  }

  it('looks addresses up in blocks of the API batch, with the document key, and writes the worker layout', () => {
    fillAddresses(addresses(1500));
    const end = runSheetSchedule(
      schedule({ kind: 'email-search', mode: 'replace' }),
      Date.now() + 60 * 60_000,
    );
    expect(end).toMatchObject({ kind: 'recorded', run: { outcome: 'ok', rows: 1500, credits: 1500 } });
    const calls = env.worker.calls('api/email-search');
    expect(calls.map((call) => (call.body as { emails: string[] }).emails.length)).toEqual([
      EMAIL_BLOCK_INPUTS,
      500,
    ]);
    expect(calls.every((call) => call.headers.Authorization === `Bearer ${DOCUMENT_KEY}`)).toBe(true);
    const values = growth();
    expect(values[0].slice(0, 5)).toEqual(['E-mail', 'Status', 'Platform', 'Handle', 'Followers']);
    expect(String(values[0][5])).toMatch(/^Last refreshed /);
    expect(values).toHaveLength(1501);
    expect(values[1500].slice(0, 5)).toEqual([
      'person1500@brand.example.com',
      'Matched',
      'instagram',
      'person1500',
      5000,
    ]);
  });

  it('merges by the address itself, as the worker does: no Input column, rows updated in place', () => {
    fillAddresses(addresses(3));
    runSheetSchedule(schedule({ kind: 'email-search', mode: 'merge' }), Date.now() + 60_000);
    advance(DAY);
    fillAddresses(addresses(3, 2));
    runSheetSchedule(schedule({ kind: 'email-search', mode: 'merge' }), Date.now() + 60_000);
    expect(growth().map((row) => row[0])).toEqual([
      'E-mail',
      'person1@brand.example.com',
      'person2@brand.example.com',
      'person3@brand.example.com',
      'person4@brand.example.com',
    ]);
    expect(w.recorded.map((told) => told.run.rows)).toEqual([3, 3]);
  });

  it('goes on past 4 minutes at the next firing with the next block of addresses, paying once', () => {
    fillAddresses(addresses(2500));
    w.callMs = 150_000;
    const first = runSheetSchedule(
      schedule({ kind: 'email-search', mode: 'append-snapshot' }),
      Date.now() + 4 * 60_000,
    );
    expect(first).toEqual({ kind: 'paused', next: 2000 });
    const second = runSheetSchedule(
      schedule({ kind: 'email-search', mode: 'append-snapshot' }),
      Date.now() + 4 * 60_000,
    );
    expect(second).toMatchObject({ kind: 'recorded', run: { outcome: 'ok', rows: 2500, credits: 2500 } });
    expect(env.worker.calls('api/email-search')).toHaveLength(3);
    expect(growth()[0][0]).toBe('Date');
    expect(growth()).toHaveLength(2501);
  });

  it("writes a saved search's pages, fetched whole by the worker, a block of results at a time", () => {
    const results = Array.from({ length: 230 }, (_, i) => [`found${i + 1}`, 100 + i]);
    env.worker.on('post', /^api\/schedules\/[^/]+\/search$/, (request) => {
      const requestId = request.headers['X-Request-Id'] ?? 'none';
      w.ledger.set(requestId, (w.ledger.get(requestId) ?? 0) + 2.3);
      return {
        body: {
          header: ['Handle', 'Followers'],
          columns: [
            { id: 'handle', label: 'Handle', format: 'text' },
            { id: 'followers', label: 'Followers', format: 'integer' },
          ],
          rows: results,
        },
      };
    });
    const saved = schedule({
      kind: 'search',
      mode: 'append-snapshot',
      search: { platform: 'youtube', pages: 16 },
    });
    const end = runSheetSchedule(saved, Date.now() + 60 * 60_000);
    expect(end).toMatchObject({ kind: 'recorded', run: { outcome: 'ok', rows: 230, credits: 2.3 } });
    const calls = env.worker.calls(/\/search$/);
    expect(calls.map((call) => call.path)).toEqual(['api/schedules/sch_daily/search']);
    expect(calls[0].headers.Authorization).toBe(`Bearer ${DOCUMENT_KEY}`);
    const values = growth();
    expect(values[0].slice(0, 5)).toEqual([
      'Date',
      'Handle',
      'Followers',
      'Followers gained',
      'Followers change',
    ]);
    expect(values).toHaveLength(231);
    expect(values[230].slice(1, 3)).toEqual(['found230', 329]);
    // The input column is not read: a search has none.
    expect(env.worker.calls('api/reports')).toHaveLength(0);
  });

  it("fails in the worker's sentence when the search is refused (past the allowance)", () => {
    env.worker.on(
      'post',
      /^api\/schedules\/[^/]+\/search$/,
      workerError(409, 'schedule_search_refused', 'Needs approval: up to 3 credits. Approve it in Settings.'),
    );
    const end = runSheetSchedule(
      schedule({ kind: 'search', mode: 'replace', search: { platform: 'youtube', pages: 1 } }),
      Date.now() + 60_000,
    );
    expect(end).toMatchObject({ kind: 'recorded', run: { outcome: 'failed', rows: 0 } });
    expect(w.recorded[0].run.message).toContain('Needs approval: up to 3 credits.');
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

  it('says before saving who will run it and why, and follows the choice the user makes', () => {
    env.fakes.propertiesService.document.setProperty('creatorSheets.outsideSharingRefused', 'true');
    const id = env.fakes.spreadsheet.getId();
    env.worker.on('get', `api/documents/${id}/formula-allowance`, {
      body: {
        documentId: id,
        connectedBy: ANA,
        perDay: 5,
        isDefault: true,
        approvedToday: 0,
        spentToday: 0,
        pending: 0,
        left: 5,
        resetsAt: 0,
        asks: [],
        askedCredits: 0,
        mayChange: true,
      },
    });
    env.worker.on('post', 'api/schedule-estimates', workerError(404, 'not_found', 'No route'));
    expect(checkDocumentSchedule(form).runnerLine).toBe(
      'Runs from this sheet as you: the worker may not write here (outside sharing refused).',
    );
    expect(checkDocumentSchedule({ ...form, runner: 'add-on' }).runnerLine).toBe(
      'Runs from this sheet as you: you chose to run it from this sheet.',
    );
    expect(checkDocumentSchedule({ ...form, runner: 'worker' }).runnerLine).toBe(
      'Runs in the worker, as its service account.',
    );
  });

  it('hands an edited schedule to this sheet when the user picks it, with their trigger; keeps it otherwise', () => {
    env.worker.on('put', /^api\/schedules\/[^/]+$/, (request) => ({
      body: { ...schedule({ runner: 'worker' }), ...(request.body as object), id: 'sch_daily' },
    }));
    const kept = updateDocumentSchedule('sch_daily', form);
    expect(kept.runnerLine).toBe('Runs in the worker, as its service account.');
    expect(env.fakes.triggers.of(ANA)).toEqual([]);
    const moved = updateDocumentSchedule('sch_daily', { ...form, runner: 'add-on' });
    const sent = env.worker
      .calls(/^api\/schedules\/[^/]+$/)
      .map((call) => (call.body as { runner?: string }).runner);
    expect(sent).toEqual([undefined, 'add-on']);
    expect(moved.runnerLine).toBe('Runs from this sheet as you: you chose to run it from this sheet.');
    expect(env.fakes.triggers.of(ANA).map((trigger) => trigger.getHandlerFunction())).toEqual([
      'runSheetSchedules',
    ]);
  });

  it("offers to take over another's schedule once its trigger stopped, and takes it with this user's trigger", () => {
    const id = env.fakes.spreadsheet.getId();
    const gone = schedule({
      id: 'sch_gone',
      createdBy: 'bo@team.com',
      nextRunAt: Date.now() - 7 * 60 * 60_000,
    });
    const running = schedule({ id: 'sch_running', createdBy: 'bo@team.com', nextRunAt: Date.now() - 60_000 });
    env.worker.on('get', `api/documents/${id}/schedules`, { body: { schedules: [gone, running] } });
    const listed = listDocumentSchedules() ?? [];
    expect(listed.map((view) => view.takeOver)).toEqual([
      "bo@team.com's trigger has not run it for 7 hours past its time",
      undefined,
    ]);
    env.worker.on('post', 'api/schedules/sch_gone/takeover', { body: { ...gone, createdBy: ANA } });
    expect(env.fakes.triggers.of(ANA)).toEqual([]);
    const taken = takeOverDocumentSchedule('sch_gone');
    expect(taken).toMatchObject({ createdBy: ANA });
    expect(taken.runnerLine).toBe('Runs from this sheet as you: the worker may not write here.');
    expect(env.fakes.triggers.of(ANA).map((trigger) => trigger.getHandlerFunction())).toEqual([
      'runSheetSchedules',
    ]);
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
