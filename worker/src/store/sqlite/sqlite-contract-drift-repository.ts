import type Database from 'better-sqlite3';
import type { OperationId } from '../../../../shared/operations';
import type { Clock } from '../../../common/clock';
import type { ContractDriftRepository } from '../contract-drift-repository';
import {
  DEFAULT_DRIFT_FLUSH_MS,
  createDriftSums,
  type PendingDrift,
  type ReadsRow,
  type DriftRow,
  summarizeDrift,
} from '../rows/contract-drift-sums';

/** What the SQLite store needs beyond the interface: the last write before closing. */
interface SqliteContractDriftRepository extends ContractDriftRepository {
  /** Writes what is summed in memory. */
  flushNow(): void;
}

export function createSqliteContractDriftRepository(
  db: Database.Database,
  clock: Clock,
  flushMs = DEFAULT_DRIFT_FLUSH_MS,
): SqliteContractDriftRepository {
  const sums = createDriftSums(clock);
  let timer: NodeJS.Timeout | null = null;

  const upsertReads = db.prepare(
    `INSERT INTO contract_reads (operation_id, answers, unreadable, first_at, last_at, last_unreadable_at)
     VALUES (@operation, @answers, @unreadable, @firstAt, @lastAt, @lastUnreadable)
     ON CONFLICT (operation_id) DO UPDATE SET
       answers = answers + excluded.answers,
       unreadable = unreadable + excluded.unreadable,
       last_at = excluded.last_at,
       last_unreadable_at = COALESCE(excluded.last_unreadable_at, last_unreadable_at)`,
  );
  const upsertDrift = db.prepare(
    `INSERT INTO contract_drift (operation_id, kind, path, value, answers, first_at, last_at)
     VALUES (@operation, @kind, @path, @value, @answers, @firstAt, @lastAt)
     ON CONFLICT (operation_id, kind, path, value) DO UPDATE SET
       answers = answers + excluded.answers, last_at = excluded.last_at`,
  );
  const write = db.transaction((taken: readonly [OperationId, PendingDrift][]) => {
    for (const [operation, pending] of taken) {
      upsertReads.run({
        operation,
        answers: pending.answers,
        unreadable: pending.unreadable,
        firstAt: pending.firstAt,
        lastAt: pending.lastAt,
        lastUnreadable: pending.lastUnreadableAt,
      });
      for (const { finding, answers, firstAt, lastAt } of pending.findings.values()) {
        upsertDrift.run({ operation, ...finding, value: finding.value ?? '', answers, firstAt, lastAt });
      }
    }
  });

  const flushNow = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!db.open) return;
    const taken = sums.take();
    if (taken.length === 0) return;
    try {
      write(taken);
    } catch (error) {
      sums.restore(taken);
      throw error;
    }
  };

  return {
    record(operation, findings, unreadable) {
      sums.record(operation, findings, unreadable);
      if (timer === null) {
        timer = setTimeout(flushNow, flushMs);
        // A pending sum never keeps the process alive; shutdown flushes through close().
        timer.unref();
      }
    },

    async summary() {
      flushNow();
      const reads = db.prepare<[], ReadsRow>('SELECT * FROM contract_reads').all();
      const drift = db
        .prepare<[], DriftRow>('SELECT * FROM contract_drift ORDER BY answers DESC, path')
        .all();
      return summarizeDrift(reads, drift);
    },

    flushNow,
  };
}
