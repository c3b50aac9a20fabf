import type { JobRecord } from '../store/job-repository';
import type { JobWait } from '../store/job-wait-repository';
import { readStoredJobInput } from './stored-job-input';
import type { JobDeliveryState, JobProgressAnswer } from '../../../shared/worker-api/jobs';
import { isActiveJobStatus } from '../../../shared/worker-api/job-status';
type JobView = JobProgressAnswer;

export function toJobView(
  job: JobRecord,
  wait: JobWait | null = null,
  maxPauses = 0,
  delivery: JobDeliveryState | null = null,
): JobView {
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
    ...(wait === null || !isActiveJobStatus(job.status)
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
    ...(delivery === null ? {} : { delivery }),
  };
}
