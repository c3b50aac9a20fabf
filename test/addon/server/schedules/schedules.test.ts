import {
  checkDocumentSchedule,
  createDocumentSchedule,
  deleteDocumentSchedule,
  listDocumentSchedules,
} from '../../../../addon/server/schedules/schedules';
import type { ScheduleForm } from '../../../../addon/bridge-contract/schedules-api';
import { workerError } from '../scripted-worker';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

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
    // The sharing check first (it says who runs it: issue 26), then the schedule.
    expect(env.worker.requests[0].path).toBe(`api/documents/${id}/delivery`);
    expect(env.worker.requests[1].body).toEqual({
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
    expect(deleteDocumentSchedule('sch_1')).toEqual([
      { id: 'sch_2', name: 'Daily', runnerLine: 'Runs in the worker, as its service account.' },
    ]);
  });

  describe("the first run's cost", () => {
    const allowance = (over: object) => ({
      documentId: 'x',
      connectedBy: 'bo@team.com',
      perDay: 5,
      isDefault: true,
      approvedToday: 0,
      spentToday: 2,
      pending: 0,
      left: 3,
      resetsAt: 0,
      asks: [],
      askedCredits: 0,
      mayChange: true,
      ...over,
    });

    function withHandles(count: number): void {
      const sheet = env.fakes.spreadsheet.getSheetByName('Sheet1');
      if (sheet === null) throw new Error('no Sheet1');
      sheet.getRange(1, 1).setValue('Creator');
      if (sheet.getMaxRows() < count + 1)
        sheet.insertRowsAfter(sheet.getMaxRows(), count + 1 - sheet.getMaxRows());
      const handles = Array.from({ length: count }, (_, i) => [`creator_${i}`]);
      sheet.getRange(2, 1, count, 1).setValues(handles);
    }

    const runs = (over: object = {}) => ({
      creators: 8,
      fresh: 2,
      firstRunCredits: 6,
      laterRunCredits: 8,
      runsPerPurchase: 1,
      creditsPer30Days: 6 + 3 * 8,
      freshnessDays: 1,
      summary:
        "8 creators, 2 of them in the worker's cache fresh enough: the first run costs at most 6 credits.",
      ...over,
    });

    it('asks the worker what every run costs, counting its cache, and to approve what the allowance lacks, changing nothing', () => {
      env.connect();
      withHandles(8);
      const id = env.fakes.spreadsheet.getId();
      env.worker.on('get', `api/documents/${id}/formula-allowance`, { body: allowance({}) });
      env.worker.on('post', 'api/schedule-estimates', { body: runs() });
      const check = checkDocumentSchedule({ ...form, freshnessDays: 1 });
      // 6 to buy, 3 left today: 3 to approve, not the 8 of the worst case.
      expect(check).toMatchObject({ allowanceLeft: 3, toApprove: 3, mayApprove: true, runs: runs() });
      expect(check.estimate).toMatchObject({ rows: 8, unique: 8, cached: 2, maxCredits: 6 });
      expect(check.summary).toContain('the first run costs at most 6 credits');
      expect(check.summary).toContain('confirming approves up to 3 credits more for it');
      // The schedule as it would be saved, and the input column as read.
      const [asked] = env.worker.calls('api/schedule-estimates');
      expect(asked.body).toMatchObject({
        schedule: { kind: 'reports', freshnessDays: 1, fields: ['followers', 'engagement_rate'] },
        inputs: Array.from({ length: 8 }, (_, i) => `creator_${i}`),
      });
      // A check makes no tab and changes nothing: a read of the allowance and the estimate, and
      // whether the worker may write here (who would run it, issue 26).
      expect(env.fakes.spreadsheet.getSheetByName('Weekly report')).toBeNull();
      expect(env.worker.requests.map((request) => `${request.method} ${request.path}`).sort()).toEqual([
        `get api/documents/${id}/delivery`,
        `get api/documents/${id}/formula-allowance`,
        'post api/schedule-estimates',
      ]);
    });

    it('prices the first run against what the worker’s cache holds with a worker without schedule estimates (issue 25)', () => {
      env.connect();
      withHandles(15);
      const id = env.fakes.spreadsheet.getId();
      env.worker.on(
        'post',
        'api/schedule-estimates',
        workerError(404, 'not_found', 'No route POST /api/schedule-estimates'),
      );
      env.worker.on('post', 'api/reports/estimate', {
        body: { creators: 15, cached: 15, toFetch: 0, credits: 0 },
      });
      env.worker.on('get', `api/documents/${id}/formula-allowance`, { body: allowance({ left: 0.94 }) });
      const check = checkDocumentSchedule(form);
      expect(check).toMatchObject({ toApprove: 0, estimate: { unique: 15, cached: 15, maxCredits: 0 } });
      expect(check.summary).toContain('The worker holds all 15 (reports are kept 30 days): 0 credits.');
      expect(env.worker.calls('api/reports/estimate')[0].body).toEqual({
        handles: Array.from({ length: 15 }, (_, i) => `creator_${i}`),
        platform: 'instagram',
      });
    });

    it('checks the columns before anything else, in one sentence with a guess (issue 25)', () => {
      env.connect();
      withHandles(3);
      expect(() => checkDocumentSchedule({ ...form, fields: 'followers, folowers_growth' })).toThrow(
        /^Unknown field "folowers_growth" \(did you mean "followers_growth"\?\)\./,
      );
      expect(env.worker.requests).toHaveLength(0);
    });

    it("keeps its own count with a worker that cannot estimate, and the worker's sentence for an unknown column", () => {
      env.connect();
      withHandles(8);
      const id = env.fakes.spreadsheet.getId();
      env.worker.on('get', `api/documents/${id}/formula-allowance`, { body: allowance({}) });
      env.worker.on(
        'post',
        'api/schedule-estimates',
        workerError(404, 'not_found', 'No route POST /api/schedule-estimates'),
      );
      const check = checkDocumentSchedule(form);
      expect(check).toMatchObject({ allowanceLeft: 3, toApprove: 5 });
      expect(check.runs).toBeUndefined();
      expect(check.summary).toContain('8 creators to report on');
      expect(check.summary).toContain("Later runs fetch only what the worker's cache lacks.");

      env.worker.on(
        'post',
        'api/schedule-estimates',
        workerError(400, 'bad_request', 'Unknown field "folowers". Fields: handle, name'),
      );
      expect(() => checkDocumentSchedule({ ...form, fields: 'folowers' })).toThrow(
        'Unknown field "folowers"',
      );
    });

    it('tells an editor who may not approve who may', () => {
      env.connect();
      withHandles(8);
      const id = env.fakes.spreadsheet.getId();
      env.worker.on('get', `api/documents/${id}/formula-allowance`, {
        body: allowance({ mayChange: false }),
      });
      const check = checkDocumentSchedule(form);
      expect(check.mayApprove).toBe(false);
      expect(check.summary).toContain('only bo@team.com or an admin may approve it');
    });

    it('refuses an input column past what a schedule takes, before any cost', () => {
      env.connect();
      withHandles(2001);
      expect(() => checkDocumentSchedule(form)).toThrow(
        'The input column holds 2,001 rows; a scheduled report takes at most 2,000',
      );
      expect(env.worker.requests).toHaveLength(0);
    });

    it('on Confirm makes the schedule, approves the credits and runs it now, in that order', () => {
      env.connect();
      const id = env.fakes.spreadsheet.getId();
      env.worker.on('post', `api/documents/${id}/schedules`, {
        status: 201,
        body: { id: 'sch_1', name: 'W' },
      });
      env.worker.on('post', `api/documents/${id}/formula-approvals`, { body: allowance({}) });
      env.worker.on('post', 'api/schedules/sch_1/run', { status: 202, body: { id: 'sch_1', name: 'W' } });
      expect(createDocumentSchedule(form, { approveCredits: 5, runNow: true })).toMatchObject({
        id: 'sch_1',
      });
      expect(env.worker.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        `get api/documents/${id}/delivery`,
        `post api/documents/${id}/schedules`,
        `post api/documents/${id}/formula-approvals`,
        'post api/schedules/sch_1/run',
      ]);
      // For the first run only: asks waiting meanwhile stay for their own approval.
      expect(env.worker.requests[2].body).toEqual({ credits: 5, asks: [] });
    });
  });
});
