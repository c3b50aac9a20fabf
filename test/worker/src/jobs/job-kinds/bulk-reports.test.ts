import { REPORT_GROUPS, selectReportColumns } from '../../../../../shared/rows/report-rows';
import { callsOf } from '../../worker-fixture';
import { allRows, getJob, postTo, startJobsWorld, submitJob, type JobsWorld } from '../jobs-fixture';

/** Bulk report jobs: the rows of /api/reports, batch by batch, each creator paid once. */

let jobs: JobsWorld;

beforeAll(async () => {
  jobs = await startJobsWorld();
});
afterAll(async () => {
  await jobs.close();
});
beforeEach(async () => {
  await jobs.world.resetStats();
});

describe('a bulk-reports job', () => {
  it('gives one row per cell in order, as /api/reports does, paying each creator once', async () => {
    const creators = jobs.world.handles(30, 'instagram', 400);
    const [tiktok] = jobs.world.handles(1, 'tiktok', 400);
    // Repeats land in later batches of 20, spelled differently: the cache answers them.
    const handles: unknown[] = [
      ...creators,
      '',
      null,
      `@${creators[0].toUpperCase()}`,
      `https://www.instagram.com/${creators[1]}/`,
      '@no_such_creator_qq',
      `https://www.tiktok.com/@${tiktok}`,
      ...creators.slice(2, 12),
    ];
    const created = await submitJob(jobs, {
      kind: 'bulk-reports',
      input: { handles, platform: 'ig', fields: ['default', 'audience_geo'] },
    });
    expect(created.body).toMatchObject({ status: 'queued', total: handles.length });
    await jobs.runner.idle();

    const selection = selectReportColumns(['default', 'audience_geo']);
    if (!selection.ok) throw new Error(selection.error);
    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`);
    expect(progress.body).toMatchObject({
      status: 'done',
      done: handles.length,
      errors: 1,
      creditsSpent: 31,
      header: selection.columns.map((col) => col.label),
    });
    expect(progress.body.columns.map((col: { id: string }) => col.id)).toEqual([
      ...REPORT_GROUPS.default,
      ...REPORT_GROUPS.audience_geo.filter((id) => !REPORT_GROUPS.default.includes(id)),
    ]);
    expect(callsOf(await jobs.world.stats(), 'report')).toBe(32); // 31 creators and the unknown handle

    const rows = await allRows(jobs, created.body.id, 9);
    await jobs.world.resetStats();
    const direct = await postTo(jobs, '/api/reports', {
      handles,
      platform: 'ig',
      fields: ['default', 'audience_geo'],
    });
    expect(direct.status).toBe(200);
    // A formula's rows name their platform when a URL names another (issue 25); a job's table keeps
    // the columns it was set up with: the same rows, without that first column.
    expect(direct.body.header[0]).toBe('Platform');
    // A row of a message (an unknown handle) has it first, in the Platform column.
    const withoutPlatform = (row: unknown[]) =>
      ['instagram', 'tiktok', 'youtube', null].includes(row[0] as string | null)
        ? row.slice(1)
        : [row[0], ...row.slice(2)];
    expect(rows.map((r) => r.row)).toEqual(direct.body.rows.map(withoutPlatform));
    expect((await jobs.world.stats()).calls).toBe(0);
    expect(rows[30].row.every((cell) => cell === null)).toBe(true);
    expect(rows[34].row[0]).toBe('Unknown handle "@no_such_creator_qq" on instagram');
  });

  it('refuses handles that are not a list, and a platform it does not know', async () => {
    const notList = await submitJob(jobs, { kind: 'bulk-reports', input: { handles: 'a, b' } });
    expect(notList.status).toBe(400);
    expect(notList.body.error.message).toMatch(/^input\.handles /);
    const badPlatform = await submitJob(jobs, {
      kind: 'bulk-reports',
      input: { handles: ['a'], platform: 'myspace' },
    });
    expect(badPlatform.body.error.message).toBe(
      'input.platform must be instagram, tiktok or youtube, got "myspace"',
    );
  });
});
