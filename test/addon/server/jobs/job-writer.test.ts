import type { Row } from '../../../../shared/rows/columns';
import type { JobRecord } from '../../../../addon/server/jobs/job-records';
import { toJobView, writeFinishedRows, type JobWriterDeps } from '../../../../addon/server/jobs/job-writer';
import type { WorkerJobProgress } from '../../../../addon/server/worker-client/worker-answers';
import type { JobStatus } from '../../../../shared/worker-api/job-status';
import type { JobDeliveryState } from '../../../../shared/worker-api/jobs';

/**
 * The worker's side of a job (progress and finished rows, as jobs-router.ts serves them) and a
 * sheet that remembers every write, behind JobWriterDeps.
 */
class Bench implements JobWriterDeps {
  status: JobStatus = 'running';
  /** Positions finished on the worker (rows are served up to the first gap). */
  readonly finished = new Set<number>();
  readonly sheet = new Map<number, Row>();
  /** Every write: where it started and how many rows (one setValues each). */
  readonly writes: { after: number; rows: number }[] = [];
  saved: JobRecord | null = null;
  clock = 0;
  /** Fake ms each `rows` call takes. */
  rowsCallMs = 0;
  prepared = 0;
  /** Throws on the n-th save (a run cut off between setValues and the property update). */
  failOnSave: number | null = null;
  private saves = 0;
  waiting: WorkerJobProgress['waiting'] = null;
  /** false: a worker from before the rows answer carried the job's progress. */
  rowsCarryProgress = true;
  /** Calls to the worker, as UrlFetch counts them. */
  readonly calls = { progress: 0, rows: 0, delivery: 0 };
  /** What `PUT /api/jobs/:id/delivery` answers (a worker without a service account by default). */
  deliveryAnswer: JobDeliveryState = { mode: 'sidebar', rowsWritten: 0, reason: 'no service account' };
  /** The delivery the job's progress reports once asked. */
  delivery: JobDeliveryState | null = null;

  constructor(readonly total: number) {}

  finish(from: number, to: number): void {
    for (let position = from; position < to; position++) this.finished.add(position);
  }

  progress(id: string): WorkerJobProgress {
    this.calls.progress += 1;
    return this.view(id);
  }

  private view(id: string): WorkerJobProgress {
    return {
      id,
      kind: 'email-enrichment',
      status: this.status,
      done: this.finished.size,
      total: this.total,
      creditsSpent: 1.5,
      errors: 0,
      lastError: null,
      waiting: this.waiting,
      header: ['E-mail'],
      columns: [{ id: 'email', label: 'E-mail', format: 'text' }],
      delivery: this.delivery,
    };
  }

  requestDelivery(): JobDeliveryState {
    this.calls.delivery += 1;
    this.delivery = this.deliveryAnswer;
    return this.deliveryAnswer;
  }

  rows(id: string, after: number, limit: number) {
    this.calls.rows += 1;
    this.clock += this.rowsCallMs;
    // As the worker does: the job is read before its rows.
    const job = this.rowsCarryProgress ? this.view(id) : null;
    const rows: { position: number; row: Row }[] = [];
    for (let position = after; position < this.total && rows.length < limit; position++) {
      if (!this.finished.has(position)) break;
      rows.push({ position, row: [`row ${position}`] });
    }
    return { rows, next: after + rows.length, job };
  }

  prepare(record: JobRecord): JobRecord {
    this.prepared += 1;
    return { ...record, prepared: true };
  }

  write(_record: JobRecord, after: number, rows: Row[]): void {
    this.writes.push({ after, rows: rows.length });
    rows.forEach((row, i) => this.sheet.set(after + i, row));
  }

  save(record: JobRecord): void {
    this.saves += 1;
    if (this.failOnSave === this.saves) throw new Error('Exceeded maximum execution time');
    this.saved = record;
  }

  now(): number {
    return this.clock;
  }

  /** The sheet holds rows 0..n-1, each once, each at its own position. */
  expectRows(n: number): void {
    expect(this.sheet.size).toBe(n);
    for (let position = 0; position < n; position++)
      expect(this.sheet.get(position)).toEqual([`row ${position}`]);
  }
}

function newRecord(): JobRecord {
  return {
    id: 'job-1',
    kind: 'email-enrichment',
    owner: 'ana@team.com',
    destination: {
      sheetId: 1,
      sheetName: 'Emails',
      headerRow: 1,
      firstDataRow: 2,
      firstColumn: 3,
      width: 1,
      rows: 10_000,
      newTab: false,
    },
    rowsWritten: 0,
    prepared: false,
    delivery: 'ask',
    deliveryNote: null,
    sourceKey: 'k',
    startedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: null,
  };
}

const OPTIONS = { blockRows: 500, budgetMs: 240_000 };

describe('writeFinishedRows', () => {
  it('writes a finished job in blocks of 500, one write per block, and marks it finished', () => {
    const bench = new Bench(1234);
    bench.finish(0, 1234);
    bench.status = 'done';
    const outcome = writeFinishedRows(newRecord(), bench, OPTIONS);
    expect(bench.writes).toEqual([
      { after: 0, rows: 500 },
      { after: 500, rows: 500 },
      { after: 1000, rows: 234 },
    ]);
    bench.expectRows(1234);
    expect(outcome.finished).toBe(true);
    expect(outcome.record.rowsWritten).toBe(1234);
    expect(bench.saved?.finishedAt).not.toBeNull();
    expect(bench.prepared).toBe(1);
  });

  it('writes only up to the first row not finished yet, and resumes there on the next poll', () => {
    const bench = new Bench(1000);
    bench.finish(0, 300);
    bench.finish(600, 1000); // finished out of order: rows after the gap wait
    let outcome = writeFinishedRows(newRecord(), bench, OPTIONS);
    expect(outcome.record.rowsWritten).toBe(300);
    expect(outcome.finished).toBe(false);
    expect(bench.sheet.has(600)).toBe(false);

    bench.finish(300, 600);
    bench.status = 'done';
    outcome = writeFinishedRows(bench.saved ?? newRecord(), bench, OPTIONS);
    expect(outcome.finished).toBe(true);
    expect(bench.prepared).toBe(1);
    bench.expectRows(1000);
  });

  it('stops starting blocks when its time is up and the next poll goes on: 10,000 rows, none missing or doubled', () => {
    const bench = new Bench(10_000);
    bench.finish(0, 10_000);
    bench.status = 'done';
    bench.rowsCallMs = 30_000; // a slow worker: 8 blocks per 4-minute budget
    let record = newRecord();
    let polls = 0;
    for (;;) {
      const outcome = writeFinishedRows(record, bench, OPTIONS);
      polls += 1;
      record = outcome.record;
      if (outcome.finished) break;
      expect(outcome.stoppedEarly).toBe(true);
      expect(polls).toBeLessThan(10);
    }
    expect(polls).toBe(3);
    bench.expectRows(10_000);
    // Each block was written once: resuming starts where the last saved block ended.
    expect(bench.writes.map((w) => w.after)).toEqual(Array.from({ length: 20 }, (_, i) => i * 500));
  });

  it('after a run cut between a write and its save, rewrites that block on the same rows', () => {
    const bench = new Bench(2000);
    bench.finish(0, 2000);
    bench.status = 'done';
    bench.failOnSave = 4; // saves: prepare, who delivers, block 1, then block 2 is cut off
    expect(() => writeFinishedRows(newRecord(), bench, OPTIONS)).toThrow('Exceeded maximum execution time');
    expect(bench.saved?.rowsWritten).toBe(500);

    bench.failOnSave = null;
    const outcome = writeFinishedRows(bench.saved ?? newRecord(), bench, OPTIONS);
    expect(outcome.finished).toBe(true);
    bench.expectRows(2000);
    expect(bench.writes.map((w) => w.after)).toEqual([0, 500, 500, 1000, 1500]);
  });

  it('treats a cancelled job with a gap as finished: rows after the gap never come', () => {
    const bench = new Bench(100);
    bench.finish(0, 40);
    bench.finish(60, 100);
    bench.status = 'cancelled';
    const outcome = writeFinishedRows(newRecord(), bench, OPTIONS);
    expect(outcome.finished).toBe(true);
    expect(outcome.record.rowsWritten).toBe(40);
    expect(toJobView(outcome).message).toBe('Cancelled: 40 rows written, 1.5 credits spent.');
  });

  it('cuts a page at a position that does not follow on', () => {
    const bench = new Bench(10);
    bench.rows = (id, after) => ({
      rows: [
        { position: after, row: ['a'] },
        { position: after + 2, row: ['c'] },
      ],
      next: after + 3,
      job: bench.progress(id),
    });
    const outcome = writeFinishedRows(newRecord(), bench, OPTIONS);
    expect(outcome.record.rowsWritten).toBe(1);
    expect(bench.writes).toEqual([{ after: 0, rows: 1 }]);
  });
});

describe('toJobView', () => {
  it('states progress, destination and what was written in words', () => {
    const bench = new Bench(10_000);
    bench.finish(0, 1500);
    const view = toJobView(writeFinishedRows(newRecord(), bench, OPTIONS));
    expect(view).toMatchObject({
      id: 'job-1',
      status: 'running',
      done: 1500,
      total: 10_000,
      rowsWritten: 1500,
      destination: 'Emails!C2',
    });
    expect(view.message).toBe('Running: 1,500 of 10,000 rows ready, 1,500 written, 1.5 credits spent.');
  });

  it('says a job is waiting out upstream trouble, until about when and which pause, without alarm', () => {
    const bench = new Bench(25);
    bench.finish(0, 20);
    bench.waiting = {
      until: new Date(Date.now() + 4 * 60_000).toISOString(),
      pause: 3,
      maxPauses: 12,
      reason: 'The Discovery API failed: internal_server_error (gave up after 5 attempts).',
    };
    const view = toJobView(writeFinishedRows(newRecord(), bench, OPTIONS));
    expect(view.status).toBe('running');
    expect(view.message).toBe(
      'Waiting: The Discovery API failed: internal_server_error (gave up after 5 attempts). ' +
        'Trying again in about 4 min (pause 3 of 12); 20 of 25 rows ready, 20 written.',
    );
    // The sidebar's job line shows the counts; its details get the rest, said once (issue 15).
    expect(view.note).toBe(
      'Waiting: The Discovery API failed: internal_server_error (gave up after 5 attempts). ' +
        'Trying again in about 4 min (pause 3 of 12).',
    );
  });

  it('notes nothing beside the counts of a job that simply ran, and the reason of one that failed', () => {
    const bench = new Bench(10);
    bench.finish(0, 10);
    bench.status = 'done';
    const done = toJobView(writeFinishedRows(newRecord(), bench, OPTIONS));
    expect(done).toMatchObject({ status: 'done', rowsWritten: 10, note: '' });
    bench.status = 'failed';
    const failed = toJobView({
      ...writeFinishedRows(newRecord(), bench, OPTIONS),
      progress: { ...bench.progress('job-1'), lastError: 'Out of credits' },
    });
    expect(failed.note).toBe('Out of credits.');
  });

  it('keeps a job the worker finished as running while its rows are not all in the sheet', () => {
    const bench = new Bench(1000);
    bench.deliveryAnswer = { mode: 'server', rowsWritten: 0 };
    bench.finish(0, 1000);
    bench.status = 'done';
    const view = toJobView(writeFinishedRows(newRecord(), bench, OPTIONS));
    expect(view).toMatchObject({ status: 'running', rowsWritten: 0 });
    expect(view.note).toBe('The worker writes the rows into the sheet: this sidebar may close.');
  });
});

describe('writeFinishedRows and the UrlFetch quota (issue 13)', () => {
  it('makes one worker call per poll while nothing is new', () => {
    const bench = new Bench(100);
    bench.finish(0, 10);
    let record = writeFinishedRows(newRecord(), bench, OPTIONS).record;
    bench.calls.rows = 0;
    bench.calls.progress = 0;
    for (let poll = 0; poll < 5; poll++) record = writeFinishedRows(record, bench, OPTIONS).record;
    // Who delivers is asked once, on the first poll.
    expect(bench.calls).toEqual({ rows: 5, progress: 0, delivery: 1 });
    expect(record.rowsWritten).toBe(10);
  });

  it('asks for the progress apart from an older worker whose rows answer lacks it', () => {
    const bench = new Bench(100);
    bench.rowsCarryProgress = false;
    bench.finish(0, 100);
    bench.status = 'done';
    const outcome = writeFinishedRows(newRecord(), bench, OPTIONS);
    expect(outcome.finished).toBe(true);
    expect(bench.calls.progress).toBe(1);
    bench.expectRows(100);
  });
});

describe('server delivery (issue 14)', () => {
  it('asks the worker once the target is prepared, then only follows its progress, writing nothing', () => {
    const bench = new Bench(1000);
    bench.deliveryAnswer = { mode: 'server', rowsWritten: 0 };
    bench.finish(0, 400);

    const first = writeFinishedRows(newRecord(), bench, OPTIONS);
    expect(bench.prepared).toBe(1);
    expect(bench.calls.delivery).toBe(1);
    expect(first.record).toMatchObject({ delivery: 'server', rowsWritten: 0 });
    expect(bench.writes).toEqual([]);
    expect(toJobView(first).message).toContain(
      'The worker writes the rows into the sheet: this sidebar may close.',
    );

    // The worker wrote 400 rows meanwhile: a poll is one progress call and writes nothing.
    bench.delivery = { mode: 'server', rowsWritten: 400 };
    const calls = { ...bench.calls };
    const second = writeFinishedRows(first.record, bench, OPTIONS);
    expect(bench.calls).toEqual({ ...calls, progress: calls.progress + 1 });
    expect(second.record.rowsWritten).toBe(400);
    expect(bench.writes).toEqual([]);

    bench.finish(400, 1000);
    bench.status = 'done';
    bench.delivery = { mode: 'server', rowsWritten: 1000 };
    const last = writeFinishedRows(second.record, bench, OPTIONS);
    expect(last.finished).toBe(true);
    expect(last.record.finishedAt).not.toBeNull();
    expect(bench.writes).toEqual([]);
  });

  it('writes from where the worker stopped when it gives up, and says why', () => {
    const bench = new Bench(900);
    bench.deliveryAnswer = { mode: 'server', rowsWritten: 0 };
    bench.finish(0, 900);
    const first = writeFinishedRows(newRecord(), bench, OPTIONS);
    // Rows 0-299 are in the sheet, written by the worker; then someone unshared the sheet.
    for (let position = 0; position < 300; position++) bench.sheet.set(position, [`row ${position}`]);
    bench.delivery = { mode: 'sidebar', rowsWritten: 300, reason: 'The sheet is no longer shared.' };
    bench.status = 'done';

    const outcome = writeFinishedRows(first.record, bench, OPTIONS);

    expect(bench.writes[0]).toEqual({ after: 300, rows: 500 });
    expect(outcome.finished).toBe(true);
    bench.expectRows(900);
    expect(outcome.record).toMatchObject({
      delivery: 'sidebar',
      deliveryNote: 'The sheet is no longer shared.',
    });
    bench.status = 'running';
    expect(toJobView({ ...outcome, progress: bench.progress('job-1') }).message).toContain(
      'This sidebar writes the rows (The sheet is no longer shared).',
    );
  });

  it('keeps writing itself when the worker cannot deliver from the start', () => {
    const bench = new Bench(600);
    bench.finish(0, 100);
    const outcome = writeFinishedRows(newRecord(), bench, OPTIONS);
    expect(outcome.record).toMatchObject({ delivery: 'sidebar', deliveryNote: null });
    expect(bench.writes).toEqual([{ after: 0, rows: 100 }]);
    // Settings says why (no service account, not shared); the progress line stays about progress.
    expect(toJobView(outcome).message).not.toContain('This sidebar writes');
  });
});
