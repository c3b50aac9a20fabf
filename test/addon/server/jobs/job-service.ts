import type { Row } from '../../../../shared/rows/columns';
import { workerError, type RecordedRequest, type ScriptedWorker } from '../scripted-worker';

/**
 * The worker's jobs API (jobs-router.ts) in miniature, on the scripted worker: jobs are made by
 * `POST /api/jobs`, finish rows when the test says so, and serve them as the router does (in
 * input order from `after`, stopping at the first row not finished).
 */
export interface ServedJob {
  id: string;
  kind: string;
  input: Record<string, unknown>;
  idempotencyKey: string | undefined;
  total: number;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  finished: Set<number>;
  columns: { id: string; label: string; format: string }[];
}

const COLUMNS: Record<string, ServedJob['columns']> = {
  'email-enrichment': [
    { id: 'email', label: 'E-mail', format: 'text' },
    { id: 'status', label: 'Status', format: 'text' },
    { id: 'platform', label: 'Platform', format: 'text' },
    { id: 'handle', label: 'Handle', format: 'text' },
    { id: 'name', label: 'Name', format: 'text' },
    { id: 'followers', label: 'Followers', format: 'integer' },
    { id: 'engagement_rate', label: 'Engagement rate', format: 'percent' },
    { id: 'url', label: 'URL', format: 'url' },
    { id: 'other_accounts', label: 'Other accounts', format: 'text' },
  ],
  'search-pages': [
    { id: 'match_type', label: 'Match', format: 'text' },
    { id: 'handle', label: 'Handle', format: 'text' },
    { id: 'followers', label: 'Followers', format: 'integer' },
  ],
};

export class JobService {
  readonly jobs = new Map<string, ServedJob>();
  /** Rows finished at creation: all of them by default. */
  finishOnCreate = true;
  /** The columns each kind's jobs have; a test may give a kind the add-on's own columns. */
  readonly columnsByKind: Record<string, ServedJob['columns']> = { ...COLUMNS };

  constructor(worker: ScriptedWorker) {
    worker.on('post', 'api/jobs', (request) => this.create(request));
    worker.on('get', /^api\/jobs\/[^/]+$/, (request) => this.progressAnswer(this.idOf(request)));
    worker.on('get', /^api\/jobs\/[^/]+\/rows$/, (request) => this.rowsAnswer(request));
    worker.on('delete', /^api\/jobs\/[^/]+$/, (request) => this.cancel(this.idOf(request)));
  }

  /** The row a job has at a position: its input echoed, so a test can tell rows apart. */
  rowOf(job: ServedJob, position: number): Row {
    const inputs = (job.input.emails ?? job.input.handles) as unknown[] | undefined;
    const first = inputs === undefined ? `creator ${position}` : String(inputs[position]);
    const row: Row = [
      first,
      'matched',
      'instagram',
      `h${position}`,
      null,
      1000 + position,
      0.0346,
      null,
      null,
    ];
    return row.slice(0, job.columns.length);
  }

  finish(id: string, from: number, to: number, status?: ServedJob['status']): void {
    const job = this.require(id);
    for (let position = from; position < Math.min(to, job.total); position++) job.finished.add(position);
    job.status = status ?? (job.finished.size === job.total ? 'done' : 'running');
  }

  private idOf(request: RecordedRequest): string {
    return decodeURIComponent(request.path.split('/')[2]);
  }

  private require(id: string): ServedJob {
    const job = this.jobs.get(id);
    if (job === undefined) throw new Error(`no job ${id}`);
    return job;
  }

  private create(request: RecordedRequest) {
    const body = request.body as { kind: string; input: Record<string, unknown>; idempotencyKey?: string };
    for (const job of this.jobs.values()) {
      if (body.idempotencyKey !== undefined && job.idempotencyKey === body.idempotencyKey) {
        return { status: 200, body: { id: job.id, status: job.status, total: job.total } };
      }
    }
    const list = (body.input.emails ?? body.input.handles) as unknown[] | undefined;
    const total = list === undefined ? Number(body.input.pages) * 15 : list.length;
    const job: ServedJob = {
      id: `job-${this.jobs.size + 1}`,
      kind: body.kind,
      input: body.input,
      idempotencyKey: body.idempotencyKey,
      total,
      status: 'queued',
      finished: new Set(),
      columns: this.columnsByKind[body.kind] ?? COLUMNS['email-enrichment'],
    };
    this.jobs.set(job.id, job);
    if (this.finishOnCreate) this.finish(job.id, 0, total);
    return { status: 202, body: { id: job.id, status: job.status, total } };
  }

  private progressAnswer(id: string) {
    const job = this.jobs.get(id);
    if (job === undefined) return workerError(404, 'job_not_found', `No job "${id}"`);
    return {
      body: {
        id: job.id,
        kind: job.kind,
        status: job.status,
        done: job.finished.size,
        total: job.total,
        creditsSpent: 0.2,
        errors: 0,
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
        header: job.columns.map((col) => col.label),
        columns: job.columns,
      },
    };
  }

  private rowsAnswer(request: RecordedRequest) {
    const job = this.require(this.idOf(request));
    const after = Number(request.query.after ?? 0);
    const limit = Number(request.query.limit ?? 1000);
    const rows: { position: number; row: Row }[] = [];
    for (let position = after; position < job.total && rows.length < limit; position++) {
      if (!job.finished.has(position)) break;
      rows.push({ position, row: this.rowOf(job, position) });
    }
    return { body: { rows, next: after + rows.length } };
  }

  private cancel(id: string) {
    const job = this.require(id);
    if (job.status === 'done' || job.status === 'failed' || job.status === 'cancelled') {
      return workerError(409, 'job_ended', `Job ${id} has already ended (${job.status}); nothing to cancel`);
    }
    job.status = 'cancelled';
    return this.progressAnswer(id);
  }
}
