import { readScheduleForm, type ScheduleFormValues } from '../../../addon/sidebar/schedules-form';
import { cadenceText, lastRunText, statusText } from '../../../addon/sidebar/schedules-text';
import type { ScheduleView } from '../../../addon/shared/schedules-api';

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

  it('says the cadence in the spreadsheet’s zone', () => {
    expect(cadenceText({ every: 'week', day: 1, hour: 9 }, 'Europe/Berlin')).toBe(
      'Every Monday at 09:00 (Europe/Berlin)',
    );
    expect(cadenceText({ every: 'day', hour: 17 }, 'UTC')).toBe('Every day at 17:00 (UTC)');
    expect(cadenceText({ every: 'hour' }, 'UTC')).toBe('Every hour');
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
