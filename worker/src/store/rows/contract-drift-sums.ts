import type { OperationId } from '../../../../shared/operations';
import type { DriftFinding } from '../../../../shared/responses/tolerant';
import type { Clock } from '../../../common/clock';
import type { DriftCount, OperationDrift } from '../../../../shared/worker-api/health';
import type { ContractDriftSummary } from '../contract-drift-repository';

export const DEFAULT_DRIFT_FLUSH_MS = 1000;
const MAX_FINDINGS_SHOWN = 20;

/** Sums since the last flush; times are when the answers were read, not when they are written. */
export interface PendingDrift {
  answers: number;
  unreadable: number;
  firstAt: number;
  lastAt: number;
  lastUnreadableAt: number | null;
  findings: Map<string, { finding: DriftFinding; answers: number; firstAt: number; lastAt: number }>;
}

export interface ReadsRow {
  operation_id: string;
  answers: number;
  unreadable: number;
  first_at: number;
  last_at: number;
  last_unreadable_at: number | null;
}

export interface DriftRow {
  operation_id: string;
  kind: DriftFinding['kind'];
  path: string;
  value: string;
  answers: number;
  first_at: number;
  last_at: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The drift counted in memory since the last write, per operation, on either engine. */
interface DriftSums {
  record(operation: OperationId, findings: readonly DriftFinding[], unreadable: boolean): void;
  /** Every operation's sums, removed: the caller writes them, or gives them back with `restore`. */
  take(): [OperationId, PendingDrift][];
  /** Sums whose write failed, merged with whatever was counted meanwhile. */
  restore(taken: readonly [OperationId, PendingDrift][]): void;
}

export function createDriftSums(clock: Clock): DriftSums {
  let pending = new Map<OperationId, PendingDrift>();
  const sumsOf = (operation: OperationId, now: number): PendingDrift => {
    let sums = pending.get(operation);
    if (sums === undefined) {
      sums = {
        answers: 0,
        unreadable: 0,
        firstAt: now,
        lastAt: now,
        lastUnreadableAt: null,
        findings: new Map(),
      };
      pending.set(operation, sums);
    }
    return sums;
  };
  return {
    record(operation, findings, unreadable) {
      const now = clock.now();
      const sums = sumsOf(operation, now);
      sums.answers += 1;
      sums.lastAt = now;
      if (unreadable) {
        sums.unreadable += 1;
        sums.lastUnreadableAt = now;
      }
      for (const finding of findings) {
        const key = `${finding.kind}\u0000${finding.path}\u0000${finding.value ?? ''}`;
        const counted = sums.findings.get(key);
        if (counted === undefined) sums.findings.set(key, { finding, answers: 1, firstAt: now, lastAt: now });
        else {
          counted.answers += 1;
          counted.lastAt = now;
        }
      }
    },

    take() {
      const taken = [...pending];
      pending = new Map();
      return taken;
    },

    restore(taken) {
      for (const [operation, earlier] of taken) {
        const later = pending.get(operation);
        pending.set(operation, later === undefined ? earlier : mergeDrift(earlier, later));
      }
    },
  };
}

function mergeDrift(earlier: PendingDrift, later: PendingDrift): PendingDrift {
  const findings = new Map(earlier.findings);
  for (const [key, counted] of later.findings) {
    const before = findings.get(key);
    findings.set(
      key,
      before === undefined
        ? counted
        : { ...before, answers: before.answers + counted.answers, lastAt: counted.lastAt },
    );
  }
  return {
    answers: earlier.answers + later.answers,
    unreadable: earlier.unreadable + later.unreadable,
    firstAt: earlier.firstAt,
    lastAt: later.lastAt,
    lastUnreadableAt: later.lastUnreadableAt ?? earlier.lastUnreadableAt,
    findings,
  };
}

/**
 * The summary of sums never written (a check that reads answers without a store, as
 * `npm run verify:live` does), made the way the stored ones are.
 */
export function summarizeDriftSums(taken: readonly [OperationId, PendingDrift][]): ContractDriftSummary {
  const reads: ReadsRow[] = taken.map(([operation, sums]) => ({
    operation_id: operation,
    answers: sums.answers,
    unreadable: sums.unreadable,
    first_at: sums.firstAt,
    last_at: sums.lastAt,
    last_unreadable_at: sums.lastUnreadableAt,
  }));
  const drift: DriftRow[] = taken
    .flatMap(([operation, sums]) =>
      [...sums.findings.values()].map(({ finding, answers, firstAt, lastAt }) => ({
        operation_id: operation,
        kind: finding.kind,
        path: finding.path,
        value: finding.value ?? '',
        answers,
        first_at: firstAt,
        last_at: lastAt,
      })),
    )
    .sort((a, b) => b.answers - a.answers || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return summarizeDrift(reads, drift);
}

/** The summary admins read, from the stored rows (drift rows most answers first, then by path). */
export function summarizeDrift(reads: readonly ReadsRow[], drift: readonly DriftRow[]): ContractDriftSummary {
  const findingsOf = new Map<string, DriftCount[]>();
  for (const row of drift) {
    const list = findingsOf.get(row.operation_id) ?? [];
    if (list.length < MAX_FINDINGS_SHOWN) {
      list.push({
        kind: row.kind,
        path: row.path,
        ...(row.value === '' ? {} : { value: row.value }),
        answers: row.answers,
        firstAt: iso(row.first_at),
        lastAt: iso(row.last_at),
      });
    }
    findingsOf.set(row.operation_id, list);
  }
  const drifting = reads
    .filter((row) => row.unreadable > 0 || findingsOf.has(row.operation_id))
    .map((row): OperationDrift => ({
      operation: row.operation_id as OperationId,
      answers: row.answers,
      unreadable: row.unreadable,
      firstAt: iso(row.first_at),
      lastAt: iso(row.last_at),
      lastUnreadableAt: row.last_unreadable_at === null ? null : iso(row.last_unreadable_at),
      findings: findingsOf.get(row.operation_id) ?? [],
    }))
    .sort(
      (a, b) => b.unreadable - a.unreadable || (b.findings[0]?.answers ?? 0) - (a.findings[0]?.answers ?? 0),
    );
  return {
    drifting,
    answersRead: reads.reduce((sum, row) => sum + row.answers, 0),
    operationsRead: reads.length,
  };
}
