import type { CacheRepository } from '../store/cache-repository';
import type { BatchLedgerRow } from './job-batch-billing';

/**
 * What the API billed for batches not committed yet, written down the moment each paid call
 * answers. A batch's cost reaches the ledger with its rows (commitBatch), but a process killed
 * between the API's answer and that commit would lose it: the data is in the cache (nothing is
 * paid twice), yet the ledger, the budgets and the job's credits would never see the charge. The
 * runner commits what a killed run noted when the job resumes, and forgets a note once its batch
 * has committed.
 *
 * Kept in the cache table (namespace `job-charges`, one entry per job): it needs nothing the store
 * does not already offer, and holds counts and credits only.
 */
export interface JobChargeNotes {
  /** Replaces what is noted for one batch attempt (`key`) of the job. */
  note(jobId: string, key: string, rows: BatchLedgerRow[]): Promise<void>;
  forget(jobId: string, key: string): Promise<void>;
  /** What earlier runs noted and never forgot, by batch attempt. */
  pending(jobId: string): Promise<Map<string, BatchLedgerRow[]>>;
}

export const JOB_CHARGES_NAMESPACE = 'job-charges';
/** Longer than any job runs; a note outliving its job is a handful of bytes until the purge. */
const NOTE_TTL_MS = 90 * 24 * 60 * 60 * 1000;

type Note = Record<string, BatchLedgerRow[]>;

export function createJobChargeNotes(cache: CacheRepository): JobChargeNotes {
  /** Writes to one job's note, one after another: concurrent calls of a batch all note. */
  const chains = new Map<string, Promise<void>>();

  const read = async (jobId: string): Promise<Note> => {
    const entry = await cache.get(JOB_CHARGES_NAMESPACE, jobId);
    const value = entry?.value;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as Note) } : {};
  };

  const update = (jobId: string, change: (note: Note) => void): Promise<void> => {
    const next = (chains.get(jobId) ?? Promise.resolve()).then(async () => {
      const note = await read(jobId);
      change(note);
      if (Object.keys(note).length === 0) await cache.delete(JOB_CHARGES_NAMESPACE, jobId);
      else await cache.set(JOB_CHARGES_NAMESPACE, jobId, note, NOTE_TTL_MS);
    });
    // The chain goes on after a failed write; the caller hears of the failure through `next`.
    const settled: Promise<void> = next.then(
      () => undefined,
      () => undefined,
    );
    chains.set(jobId, settled);
    void settled.then(() => {
      if (chains.get(jobId) === settled) chains.delete(jobId);
    });
    return next;
  };

  return {
    note: (jobId, key, rows) =>
      update(jobId, (note) => {
        note[key] = rows;
      }),
    forget: (jobId, key) =>
      update(jobId, (note) => {
        delete note[key];
      }),
    async pending(jobId) {
      await chains.get(jobId);
      return new Map(Object.entries(await read(jobId)));
    },
  };
}
