import type {
  ScheduleAlert,
  ScheduleAnswer,
  ScheduleRequest,
  ScheduleRun,
  ScheduleRunner,
} from '../../../shared/worker-api/schedules';

/**
 * Scheduled shared reports (issue 14, part 3). A schedule is taken for a run with a lease, one
 * conditional UPDATE on `running_until`, so it never runs twice at once, whichever process or
 * restart asks; a lease whose worker died simply expires. Only the holder of the lease (its
 * token) may record the run's end.
 */
export interface ScheduleRecord extends ScheduleAnswer {
  /** The rows the last run wrote: the next run of a `replace` schedule clears what it no longer writes. */
  rowsWritten: number;
  /** A run holds the schedule until then; null when none does. */
  runningUntil: number | null;
}

/** A run's hold on a schedule. */
export interface ScheduleLease {
  schedule: ScheduleRecord;
  token: string;
}

/** What a run's end changes, decided from the schedule as it stands then (it may have been edited). */
export interface ScheduleRunEnd {
  lastRun: ScheduleRun;
  failuresInARow: number;
  status: 'active' | 'paused';
  pausedReason: string | null;
  nextRunAt: number | null;
  /** The rows the run wrote, when it says (kept as they were otherwise). */
  rowsWritten?: number;
}

/** Thrown by `create` when the document already has `cap` schedules. */
export class ScheduleCapError extends Error {
  override readonly name = 'ScheduleCapError';
  constructor(readonly cap: number) {
    super(`the document already has ${cap} schedules`);
  }
}

export interface ScheduleRepository {
  /**
   * With `cap`, counted and inserted as one step (a transaction on SQLite; on Postgres under a
   * lock on the document), so that creates racing through several instances never pass it
   * (issue 22); ScheduleCapError when the document is full.
   */
  create(
    documentId: string,
    request: ScheduleRequest,
    createdBy: string,
    nextRunAt: number,
    cap?: number,
  ): Promise<ScheduleRecord>;
  get(id: string): Promise<ScheduleRecord | null>;
  /** A document's schedules, oldest first. */
  ofDocument(documentId: string): Promise<ScheduleRecord[]>;
  /** Every schedule, by document then age (admins). */
  all(): Promise<ScheduleRecord[]>;
  /** Replaces what the schedule runs; its next run as given (null while paused). */
  update(id: string, request: ScheduleRequest, nextRunAt: number | null): Promise<ScheduleRecord | null>;
  /** Pauses (next run null) or resumes (failures cleared, next run as given). */
  setStatus(
    id: string,
    status: 'active' | 'paused',
    nextRunAt: number | null,
    pausedReason: string | null,
  ): Promise<ScheduleRecord | null>;
  /** Due now (run now): only an active schedule no run holds. False otherwise. */
  runNow(id: string): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /** Active schedules the worker runs, due by `now`, that no live lease holds, earliest first. */
  due(now: number, limit: number): Promise<ScheduleRecord[]>;
  /**
   * When the earliest active schedule the worker runs can run: its next run, or for one a live lease holds at
   * `now`, the later of that and the lease's end. Null when none is active.
   */
  earliestNextRun(now: number): Promise<number | null>;
  /**
   * Takes the schedule for a run until `now + leaseMs` if it is active, due, held by no live
   * lease and run by `runner` (the worker when absent: the scheduler never takes an add-on's
   * schedule); null when it is not (another run holds it, it was paused, edited or deleted meanwhile).
   */
  take(id: string, now: number, leaseMs: number, runner?: ScheduleRunner): Promise<ScheduleLease | null>;
  /** Moves a held lease on (a long run); false when the lease is no longer this run's. */
  renew(id: string, token: string, until: number): Promise<boolean>;
  /**
   * Records a run's end and frees the lease, with `end` decided from the schedule as it stands
   * (edited, paused or resumed during the run); false when the lease is no longer this run's.
   */
  finish(id: string, token: string, end: (current: ScheduleRecord) => ScheduleRunEnd): Promise<boolean>;
  /** Frees a held lease without recording a run (one cut short by shutdown runs again). */
  release(id: string, token: string): Promise<boolean>;
  /** Frees every lease (SQLite at start: one process owns the data, so each is an earlier run's); how many. */
  freeLeases(): Promise<number>;
  /** Gives the schedule to another person (issue 25): its runs are theirs from now on. */
  handOver(id: string, to: string): Promise<ScheduleRecord | null>;
  /** The alert of a failed run, or null; `finish` of a good run and a resume clear it too. */
  setAlert(id: string, alert: ScheduleAlert | null): Promise<void>;
  /** Its runs, newest first, up to `limit` (the store keeps SCHEDULE_RUNS_KEPT). */
  runs(id: string, limit: number): Promise<ScheduleRun[]>;
}
