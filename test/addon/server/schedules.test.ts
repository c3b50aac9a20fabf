import {
  createDocumentSchedule,
  deleteDocumentSchedule,
  listDocumentSchedules,
} from '../../../addon/server/schedules';
import type { ScheduleForm } from '../../../addon/shared/schedules-api';
import { installServerGlobals, type ServerGlobals } from './server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
});
afterEach(() => env.restore());

const form: ScheduleForm = {
  name: 'Weekly creators',
  kind: 'reports',
  input: 'Sheet1!A2',
  platform: 'instagram',
  fields: 'followers, engagement_rate',
  output: "'Weekly report'!A1",
  mode: 'replace',
  cadence: { every: 'week', day: 1, hour: 9 },
};

describe('scheduled reports from the sidebar', () => {
  it('lists nothing and asks nothing before this user connects', () => {
    expect(listDocumentSchedules()).toBeNull();
    expect(env.worker.requests).toHaveLength(0);
  });

  it("sends the places parsed, the spreadsheet's time zone, and makes the output tab first", () => {
    env.connect();
    const id = env.fakes.spreadsheet.getId();
    env.worker.on('post', `api/documents/${id}/schedules`, {
      status: 201,
      body: { id: 'sch_1', name: 'Weekly creators' },
    });
    expect(createDocumentSchedule(form)).toMatchObject({ id: 'sch_1' });
    expect(env.worker.requests[0].body).toEqual({
      name: 'Weekly creators',
      kind: 'reports',
      input: { sheetName: 'Sheet1', row: 2, column: 1 },
      platform: 'instagram',
      fields: ['followers', 'engagement_rate'],
      output: { sheetName: 'Weekly report', row: 1, column: 1 },
      mode: 'replace',
      cadence: { every: 'week', day: 1, hour: 9 },
      timeZone: 'Europe/Berlin',
    });
    expect(env.fakes.spreadsheet.getSheetByName('Weekly report')).not.toBeNull();
  });

  it('refuses an input tab that does not exist, before asking the worker', () => {
    env.connect();
    expect(() => createDocumentSchedule({ ...form, input: 'Nowhere!A2' })).toThrow(
      'There is no tab "Nowhere" for the input',
    );
    expect(env.worker.requests).toHaveLength(0);
  });

  it('deletes and lists again', () => {
    env.connect();
    const id = env.fakes.spreadsheet.getId();
    env.worker.on('delete', 'api/schedules/sch_1', { body: { id: 'sch_1' } });
    env.worker.on('get', `api/documents/${id}/schedules`, {
      body: { schedules: [{ id: 'sch_2', name: 'Daily' }] },
    });
    expect(deleteDocumentSchedule('sch_1')).toEqual([{ id: 'sch_2', name: 'Daily' }]);
  });
});
