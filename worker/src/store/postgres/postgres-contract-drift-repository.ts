import type { OperationId } from '../../../../shared/operations';
import type { Clock } from '../../../common/clock';
import type { ContractDriftRepository } from '../contract-drift-repository';
import {
  createDriftSums,
  DEFAULT_DRIFT_FLUSH_MS,
  summarizeDrift,
  type DriftRow,
  type PendingDrift,
  type ReadsRow,
} from '../rows/contract-drift-sums';
import type { PostgresDatabase, Sql } from './postgres-database';

/** What the store needs beyond the interface: the last write before closing. */
interface PostgresContractDriftRepository extends ContractDriftRepository {
  /** Writes what is summed; a failure is given to `onError`, not thrown. */
  flushBeforeClose(onError: (error: unknown) => void): Promise<void>;
}

/**
 * Contract drift on Postgres. Each instance sums its own answers in memory and adds them to the
 * shared rows (`answers = answers + excluded.answers`), so counts from all instances add up. Rows
 * are upserted in key order, so two instances' flushes never wait on each other in a circle.
 */
export function createPostgresContractDriftRepository(
  db: PostgresDatabase,
  clock: Clock,
  flushMs = DEFAULT_DRIFT_FLUSH_MS,
): PostgresContractDriftRepository {
  const sums = createDriftSums(clock);
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const writeTaken = async () => {
    const taken = sums.take().sort(([a], [b]) => compareText(a, b));
    if (taken.length === 0) return;
    try {
      await db.transaction(async (sql) => {
        for (const [operation, pending] of taken) await writeSums(sql, operation, pending);
      });
    } catch (error) {
      sums.restore(taken);
      throw error;
    }
  };

  const flush = (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const next = writing.catch(() => undefined).then(writeTaken);
    writing = next;
    return next;
  };

  return {
    record(operation, findings, unreadable) {
      sums.record(operation, findings, unreadable);
      if (timer === null) {
        timer = setTimeout(() => {
          // Kept for the next flush; an admin's read of the summary says what failed.
          flush().catch(() => undefined);
        }, flushMs);
        // A pending sum never keeps the process alive; shutdown flushes through close().
        timer.unref();
      }
    },

    async summary() {
      await flush();
      const reads = await db.query<ReadsRow>('SELECT * FROM contract_reads');
      const drift = await db.query<DriftRow>(
        'SELECT * FROM contract_drift ORDER BY answers DESC, path COLLATE "C"',
      );
      return summarizeDrift(reads.rows, drift.rows);
    },

    async flushBeforeClose(onError) {
      await flush().catch(onError);
    },
  };
}

async function writeSums(sql: Sql, operation: OperationId, pending: PendingDrift): Promise<void> {
  await sql.query(
    `INSERT INTO contract_reads (operation_id, answers, unreadable, first_at, last_at, last_unreadable_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (operation_id) DO UPDATE SET
       answers = contract_reads.answers + excluded.answers,
       unreadable = contract_reads.unreadable + excluded.unreadable,
       last_at = GREATEST(contract_reads.last_at, excluded.last_at),
       last_unreadable_at = COALESCE(excluded.last_unreadable_at, contract_reads.last_unreadable_at)`,
    [
      operation,
      pending.answers,
      pending.unreadable,
      pending.firstAt,
      pending.lastAt,
      pending.lastUnreadableAt,
    ],
  );
  const findings = [...pending.findings.values()].sort((a, b) =>
    compareText(
      `${a.finding.kind}\u0000${a.finding.path}\u0000${a.finding.value ?? ''}`,
      `${b.finding.kind}\u0000${b.finding.path}\u0000${b.finding.value ?? ''}`,
    ),
  );
  for (const { finding, answers, firstAt, lastAt } of findings) {
    await sql.query(
      `INSERT INTO contract_drift (operation_id, kind, path, value, answers, first_at, last_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (operation_id, kind, path, value) DO UPDATE SET
         answers = contract_drift.answers + excluded.answers,
         last_at = GREATEST(contract_drift.last_at, excluded.last_at)`,
      [
        operation,
        finding.kind,
        withoutNul(finding.path),
        withoutNul(finding.value ?? ''),
        answers,
        firstAt,
        lastAt,
      ],
    );
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Postgres text cannot hold NUL, which an answer's odd enum value could carry; SQLite's can. */
function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}
