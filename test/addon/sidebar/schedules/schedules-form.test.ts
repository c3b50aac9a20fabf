import {
  readScheduleForm,
  scheduleFormValues,
  type ScheduleFormValues,
} from '../../../../addon/sidebar/schedules/schedules-form';
import { cadenceText, lastRunText, statusText } from '../../../../addon/sidebar/schedules/schedules-text';
import { setSheetTimeZone } from '../../../../addon/sidebar/ui/sheet-time';
import type { ScheduleView } from '../../../../addon/bridge-contract/schedules-api';

const values: ScheduleFormValues = {
  name: ' Weekly creators ',
  kind: 'reports',
  input: 'Creators!A2',
  platform: 'instagram',
  fields: 'followers, engagement_rate',
  output: 'Weekly report!A1',
  mode: 'append-snapshot',
  every: 'week',
  day: '1',
  hour: '9',
  freshness: '',
};

describe('the schedule form', () => {
  it('reads a weekly report on Monday at 09:00', () => {
    expect(readScheduleForm(values)).toEqual({
      ok: true,
      form: {
        name: 'Weekly creators',
        kind: 'reports',
        input: 'Creators!A2',
        platform: 'instagram',
        fields: 'followers, engagement_rate',
        output: 'Weekly report!A1',
        mode: 'append-snapshot',
        cadence: { every: 'week', day: 1, hour: 9 },
      },
    });
  });

  it('drops what e-mail schedules do not take, and hours for an hourly one', () => {
    const checked = readScheduleForm({ ...values, kind: 'email-search', every: 'hour', freshness: '1' });
    expect(checked).toMatchObject({
      ok: true,
      form: { platform: '', fields: '', cadence: { every: 'hour' } },
    });
    expect(checked.ok && 'freshnessDays' in checked.form).toBe(false);
  });

  it("reads how old a report may be: days, or the cache's own when left at its first choice", () => {
    expect(readScheduleForm({ ...values, freshness: '1' })).toMatchObject({
      ok: true,
      form: { freshnessDays: 1 },
    });
    const cache = readScheduleForm(values);
    expect(cache.ok && 'freshnessDays' in cache.form).toBe(false);
  });

  it('sends who runs it only when the user picks one (issue 26); editing starts at "keep it"', () => {
    const auto = readScheduleForm({ ...values, runner: '' });
    expect(auto.ok && 'runner' in auto.form).toBe(false);
    expect(readScheduleForm({ ...values, runner: 'add-on' })).toMatchObject({
      ok: true,
      form: { runner: 'add-on' },
    });
    expect(readScheduleForm({ ...values, runner: 'worker' })).toMatchObject({
      ok: true,
      form: { runner: 'worker' },
    });
    const edited = scheduleFormValues({
      id: 'sch_1',
      documentId: 'doc',
      name: 'Weekly',
      kind: 'reports',
      input: { sheetName: 'Creators', row: 2, column: 1 },
      output: { sheetName: 'Report', row: 1, column: 1 },
      mode: 'replace',
      cadence: { every: 'day', hour: 9 },
      timeZone: 'Europe/Berlin',
      runner: 'add-on',
      createdBy: 'ana@team.com',
      createdAt: 0,
      status: 'active',
      pausedReason: null,
      failuresInARow: 0,
      lastRun: null,
      nextRunAt: null,
    });
    expect(edited.runner).toBe('');
  });

  it('names the field of the first problem', () => {
    expect(readScheduleForm({ ...values, input: ' ' })).toEqual({
      ok: false,
      field: 'input',
      message: 'Say where the inputs start, such as Creators!A2',
    });
    expect(readScheduleForm({ ...values, output: '' })).toMatchObject({ ok: false, field: 'output' });
    expect(readScheduleForm({ ...values, hour: '24' })).toMatchObject({ ok: false, field: 'every' });
    expect(readScheduleForm({ ...values, mode: 'overwrite' })).toMatchObject({ ok: false, field: 'mode' });
  });
});

describe('schedules in words', () => {
  const schedule = {
    name: 'Weekly creators',
    status: 'active',
    pausedReason: null,
    nextRunAt: Date.UTC(2026, 10, 30, 8),
    lastRun: null,
  } as unknown as ScheduleView;

  it('says the cadence on the spreadsheet’s clock, named once in the header, and a zone only when it is another', () => {
    expect(cadenceText({ every: 'week', day: 1, hour: 9 }, 'Europe/Berlin', 'Europe/Berlin')).toBe(
      'Every Monday at 09:00',
    );
    expect(cadenceText({ every: 'day', hour: 17 }, 'UTC', 'Europe/Berlin')).toBe('Every day at 17:00 (UTC)');
    expect(cadenceText({ every: 'hour' }, 'UTC', 'Europe/Berlin')).toBe('Every hour');
  });

  it('says the next run and the last on the spreadsheet’s clock, not the browser’s (issue 25)', () => {
    setSheetTimeZone('Europe/Berlin');
    try {
      // Monday 30 November 2026, 08:00 UTC: 09:00 in Berlin.
      expect(statusText(schedule)).toBe('Next run Mon 30 Nov, 09:00');
      expect(
        lastRunText({ at: Date.UTC(2026, 10, 23, 21, 28), outcome: 'ok', rows: 15, credits: 0, message: '' }),
      ).toBe('Refreshed 23 Nov, 22:28: 15 rows, 0 credits');
    } finally {
      setSheetTimeZone('UTC');
    }
  });

  it('says the last run, and why a schedule paused', () => {
    expect(lastRunText(null)).toBe('Not run yet');
    expect(lastRunText({ at: 0, outcome: 'ok', rows: 200, credits: 0, message: '' })).toMatch(
      /^Refreshed .+: 200 rows, 0 credits$/,
    );
    expect(
      lastRunText({ at: 0, outcome: 'failed', rows: 0, credits: 0, message: 'The tab is gone' }),
    ).toMatch(/^Failed .+: The tab is gone$/);
    expect(statusText({ ...schedule, status: 'paused', pausedReason: '3 failed runs in a row' })).toBe(
      'Paused: 3 failed runs in a row',
    );
    expect(statusText(schedule)).toMatch(/^Next run /);
  });
});

describe('the schedule form, issue 25', () => {
  const view = {
    id: 'sch_1',
    documentId: 'doc',
    createdBy: 'ana@team.com',
    createdAt: 0,
    status: 'active',
    pausedReason: null,
    failuresInARow: 0,
    lastRun: null,
    nextRunAt: null,
    ...{
      name: 'Weekly creators',
      kind: 'reports',
      input: { sheetName: 'Creators', row: 2, column: 1 },
      platform: 'instagram',
      fields: ['followers', 'engagement_rate'],
      output: { sheetName: 'Weekly report', row: 1, column: 3 },
      mode: 'append-snapshot',
      cadence: { every: 'week', day: 1, hour: 9 },
      timeZone: 'Europe/Berlin',
      monthlyBudget: 50,
    },
  } as ScheduleView;

  it('loads a schedule into the form as typed, and reads it back the same', () => {
    const loaded = scheduleFormValues(view);
    expect(loaded).toMatchObject({
      input: 'Creators!A2',
      output: "'Weekly report'!C1",
      fields: 'followers, engagement_rate',
      every: 'week',
      day: '1',
      hour: '9',
      budget: '50',
    });
    expect(readScheduleForm(loaded)).toMatchObject({
      ok: true,
      form: { monthlyBudget: 50, cadence: { every: 'week', day: 1, hour: 9 }, output: "'Weekly report'!C1" },
    });
  });

  it('schedules a saved search without an input column, never merged, and checks the budget', () => {
    const search = { ...values, kind: 'search', input: '', saved: 'Fitness DE', mode: 'replace', budget: '' };
    expect(readScheduleForm(search)).toMatchObject({
      ok: true,
      form: {
        kind: 'search',
        input: '',
        savedSearch: 'Fitness DE',
        monthlyBudget: null,
        platform: '',
        fields: '',
      },
    });
    expect(readScheduleForm({ ...search, saved: '' })).toMatchObject({ ok: false, field: 'saved' });
    expect(readScheduleForm({ ...search, mode: 'merge' })).toMatchObject({ ok: false, field: 'mode' });
    expect(readScheduleForm({ ...search, budget: 'lots' })).toMatchObject({ ok: false, field: 'budget' });
  });
});
