import { SealedDataError, type SealedBox } from '../sealing/sealed-box';
import type { JobWait } from '../job-wait-repository';

/** A wait as either engine stores it. */
export interface WaitRow {
  job_id: string;
  until: number;
  pauses: number;
  code: string;
  sealed_reason: Buffer;
  since: number;
}

function waitReasonContext(jobId: string): string {
  return `job ${jobId} wait reason`;
}

export function sealWaitReason(box: SealedBox, wait: JobWait): Buffer {
  return box.seal(wait.reason, waitReasonContext(wait.jobId));
}

/** The wait a row holds; a reason that can no longer be opened reads as a sentence saying so. */
export function waitOf(box: SealedBox, row: WaitRow): JobWait {
  let reason: string;
  try {
    reason = box.open(row.sealed_reason, waitReasonContext(row.job_id));
  } catch (error) {
    if (!(error instanceof SealedDataError)) throw error;
    reason = "the reason cannot be read: the data directory's secret changed";
  }
  return {
    jobId: row.job_id,
    until: row.until,
    pauses: row.pauses,
    code: row.code,
    reason,
    since: row.since,
  };
}
