import type { Column } from '../../../shared/rows/columns';
import type { JobRecord, JobStatus } from '../store/job-repository';
import type { JobWait } from '../store/job-wait-repository';
import { readStoredJobInput } from './stored-job-input';

/** `GET /api/jobs/:id`: a job's progress as the sidebar polls it. */
export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  /** Rows ready to read (`GET /api/jobs/:id/rows`). */
  done: number;
  /**
   * Rows the job will have. Paged kinds (search pages, AI pages, raw feeds) cannot know it before
   * the last page: until they end it is the most the pages can hold, then the rows they produced.
   */
  total: number;
  creditsSpent: number;
  /** Rows that record an error for their input (invalid address, unknown handle...). */
  errors: number;
  /** Why the job stopped, or the last row error; absent when there is none. */
  lastError?: string;
  /**
   * The job is waiting out upstream trouble (its status stays `running`): until when (ISO 8601),
   * which pause of how many this is, and the error it waits out.
   */
  waiting?: { until: string; pause: number; maxPauses: number; reason: string };
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  /** Column labels, in order: the header row of the sheet. */
  header: string[];
  columns: Column[];
}

export function toJobView(job: JobRecord, wait: JobWait | null = null, maxPauses = 0): JobView {
  const stored = readStoredJobInput(job.input);
  const columns = stored?.columns ?? [];
  const { done, errors, creditsSpent } = job.progress;
  const total = job.status === 'done' ? done : job.progress.total;
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    done,
    total,
    creditsSpent,
    errors,
    ...(job.lastError === null ? {} : { lastError: job.lastError }),
    ...(wait === null || (job.status !== 'running' && job.status !== 'queued')
      ? {}
      : {
          waiting: {
            until: new Date(wait.until).toISOString(),
            pause: wait.pauses,
            maxPauses,
            reason: wait.reason,
          },
        }),
    createdAt: new Date(job.createdAt).toISOString(),
    updatedAt: new Date(job.updatedAt).toISOString(),
    header: columns.map((col) => col.label),
    columns,
  };
}
