import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScheduleCheck, ScheduleForm, ScheduleView } from '../../addon/bridge-contract/schedules-api';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { TRIGGER_RUNTIME_PER_DAY_MS } from '../../worker/playground/apps-script/runtime/triggers';
import { zonedParts } from '../../worker/playground/apps-script/runtime/zoned-time';
import { upstreamCalls, type BundleWorld } from './bundle-world';
import { startSharedSheetBundle, type SharedSheetBundle } from './shared-sheet-bundle';

/**
 * Issue 26's "done when", from the built bundle against a real worker: in a Workspace domain that
 * refuses sharing outside it, Bo sets up a daily snapshot of 12 creators. The worker may not write
 * the sheet, so the add-on runs it from Bo's hourly trigger, as Bo, for 7 simulated days (the
 * worker's process lives on the same days: support/shifted-date.ts): a snapshot a day with its
 * history line, one growth chart, credits on the first run only, and trigger runtime and UrlFetch
 * within Google's quotas, counted.
 */

jest.setTimeout(300_000);

const BO = 'bo@team.com';
const HANDLES = 12;
const SHEET = '1LockedDownDomainSheetOfBo000000000000000000';
const HOUR = 60 * 60_000;
const DAYS = 7;
/** Past months of history a sandbox report keeps (12 with the current one, which is a run's own row). */
const MONTHS = 11;

let shared: SharedSheetBundle;
let world: BundleWorld;
let fakes: AppsScriptFakes | null = null;
let clockDir: string;
let clockFile: string;

beforeAll(async () => {
  clockDir = mkdtempSync(join(tmpdir(), 'bundle-clock-'));
  clockFile = join(clockDir, 'offset');
  writeFileSync(clockFile, '0');
  shared = await startSharedSheetBundle(
    { BUNDLE_HANDLES: String(HANDLES), BUNDLE_EMAILS: '0', BUNDLE_CLOCK_FILE: clockFile },
    { clock: { now: () => fakes?.clock.now() ?? Date.now() } },
  );
  ({ world } = shared);
});

afterAll(async () => {
  await shared?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

/** Google's time and the worker's move on together. */
function advance(ms: number): void {
  if (fakes === null) throw new Error('no fakes');
  fakes.clock.advance(ms);
  writeFileSync(clockFile, String(fakes.clock.now() - Date.now()));
}

const form: ScheduleForm = {
  name: 'Daily creators',
  kind: 'reports',
  input: 'Creators!A2',
  platform: 'instagram',
  fields: 'handle, followers',
  output: 'Growth!A1',
  mode: 'append-snapshot',
  cadence: { every: 'day', hour: 9 },
};

function tab(name: string): unknown[][] {
  const sheet = fakes?.spreadsheet.getSheetByName(name) ?? null;
  return sheet === null ? [] : sheet.getDataRange().getValues();
}

describe('A daily snapshot in a domain that refuses outside sharing', () => {
  it('runs from the trigger for 7 days: a snapshot a day, paid once, within Google quotas', async () => {
    fakes = world.load({ connected: false, session: { activeUserEmail: BO }, spreadsheet: { id: SHEET } });
    fakes.spreadsheet.setOutsideSharing('team.com');
    fakes.triggers.accountKind = 'consumer';
    shared.use(fakes);
    // 06:00 in the sheet's zone, so the day's run comes after the set-up, whenever this test runs.
    while (zonedParts(new Date(fakes.clock.now()), fakes.spreadsheet.timeZone).hour !== 6) advance(HOUR);
    advance(0);

    expect(fakes.runtime.callFromClient('connect')).toMatchObject({ formulas: { email: BO, byYou: true } });
    expect(fakes.runtime.callFromClient('shareWithWorker')).toMatchObject({
      shared: false,
      domainPolicy: true,
    });
    const creators = fakes.spreadsheet.insertSheet('Creators');
    const handles = world.handles.instagram.slice(0, HANDLES);
    creators.getRange(1, 1).setValue('Creator');
    creators.getRange(2, 1, HANDLES, 1).setValues(handles.map((handle) => [handle]));
    await world.resetStats();

    const check = fakes.runtime.callFromClient('checkSchedule', [form]) as ScheduleCheck;
    const made = fakes.runtime.callFromClient('createSchedule', [
      form,
      { approveCredits: check.toApprove, runNow: false },
    ]) as ScheduleView;
    expect(made).toMatchObject({ runner: 'add-on', createdBy: BO });
    expect(made.runnerLine).toBe(
      'Runs from this sheet as you: the worker may not write here (outside sharing refused).',
    );
    expect(fakes.triggers.of(BO).map((trigger) => trigger.getHandlerFunction())).toEqual([
      'runSheetSchedules',
    ]);

    const fetchesBefore = fakes.urlFetchApp.requests.length;
    let busiestDayMs = 0;
    for (let hour = 0; hour < DAYS * 24; hour++) {
      advance(HOUR);
      const current = fakes;
      current.triggers.runDue((handler, trigger) =>
        current.runtime.call(handler, [{ triggerUid: trigger.getUniqueId() }]),
      );
      busiestDayMs = Math.max(busiestDayMs, current.triggers.spentToday(BO));
    }
    expect(fakes.triggers.refused).toEqual([]);

    // A line a day, each a snapshot of the 12 creators; the credits on the first only.
    const history = tab('Creator Sheets history').slice(1);
    expect(history.map((line) => line.slice(1, 6))).toEqual(
      Array.from({ length: DAYS }, (_, day) => [
        'Daily creators',
        BO,
        HANDLES,
        day === 0 ? HANDLES : 0,
        'ok',
      ]),
    );
    expect(upstreamCalls(await world.stats(), 'report')).toBe(HANDLES);

    const growth = tab('Growth');
    expect(growth[0].slice(0, 5)).toEqual([
      'Date',
      'Handle',
      'Followers',
      'Followers gained',
      'Followers change',
    ]);
    expect(String(growth[0][5])).toMatch(/^Last refreshed \d{4}-\d\d-\d\d 09:\d\d \(/);
    // The first day's run starts the table with the creators' monthly history (issue 26): the
    // sandbox's reports keep 12 months, the current one is the run's own row, so 11 a creator,
    // each dated the 1st of its month, 00:00, oldest first.
    const backfill = MONTHS * HANDLES;
    expect(growth).toHaveLength(1 + backfill + DAYS * HANDLES);
    const shown = fakes.spreadsheet
      .requireSheet('Growth')
      .getRange(2, 1, backfill, 1)
      .getDisplayValues()
      .map((cells) => cells[0]);
    expect(shown.every((date) => /^\d{4}-\d\d-01 00:00$/.test(date))).toBe(true);
    expect(shown).toEqual([...shown].sort());
    expect(new Set(shown).size).toBe(MONTHS);
    // The first month's rows have nothing to compare with; every later one has its change.
    expect(growth.slice(1, 1 + HANDLES).every((row) => row[3] === '' && row[4] === '')).toBe(true);
    expect(growth.slice(1 + HANDLES).every((row) => typeof row[3] === 'number')).toBe(true);

    // One growth chart, as the worker's runner gives it: right of the table below the stamp, its
    // block on the summary tab (a header row, a row a month of history and a row a day, the top 10
    // creators across).
    const charts = fakes.spreadsheet.getSheets().flatMap((sheet) => sheet.getCharts());
    expect(charts).toHaveLength(1);
    expect(fakes.spreadsheet.requireSheet('Growth').getCharts()).toHaveLength(1);
    const ranges = charts[0].getRanges();
    expect(ranges).toHaveLength(11);
    expect(ranges[0].getSheet().getName()).toBe('Growth (Creator Sheets)');
    expect(ranges[0].getA1Notation()).toBe(`J3:J${3 + MONTHS + DAYS}`);

    // The worker's record: a run a day, the next one tomorrow at 09:00.
    const listed = fakes.runtime.callFromClient('listSchedules') as ScheduleView[];
    expect(listed[0]).toMatchObject({ runner: 'add-on', lastRun: { outcome: 'ok', rows: HANDLES } });
    expect(listed[0].runs).toHaveLength(DAYS);

    // Google's quotas, counted: the day's trigger runtime and the day's UrlFetch calls.
    expect(busiestDayMs).toBeLessThan(TRIGGER_RUNTIME_PER_DAY_MS.consumer);
    const fetches = fakes.urlFetchApp.requests.length - fetchesBefore;
    expect(fetches / DAYS).toBeLessThan(fakes.urlFetchApp.dailyQuota);
    process.stdout.write(
      `7 days, hourly trigger: ${fetches} UrlFetch calls (${(fetches / DAYS).toFixed(0)} a day), busiest day's trigger runtime ${(busiestDayMs / 1000).toFixed(1)} s\n`,
    );
  });
});
