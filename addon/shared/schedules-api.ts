import type { BulkEstimate } from './sidebar-api';
import type {
  ScheduleAnswer,
  ScheduleCadence,
  ScheduleEstimateAnswer,
  ScheduleKind,
  ScheduleMode,
} from '../../shared/worker-api/schedules';

/** A schedule as the sidebar shows it (shared/worker-api/schedules.ts). */
export type ScheduleView = ScheduleAnswer;

/** The sidebar's form: places in A1 notation, as a person types them. */
export interface ScheduleForm {
  name: string;
  kind: ScheduleKind;
  /** The first input cell, such as `Creators!A2` (the column runs down from there). */
  input: string;
  /** Reports: the platform of inputs that do not say theirs; '' for none. */
  platform: string;
  /** Reports: columns or groups, comma-separated; '' for the default set. */
  fields: string;
  /** The table's top-left cell (its header), such as `Weekly report!A1`; a missing tab is made. */
  output: string;
  mode: ScheduleMode;
  cadence: ScheduleCadence;
  /** Reports: how old a report a run may use, in days (1, 7, 30); absent: what the cache holds. */
  freshnessDays?: number;
}

/**
 * What a new schedule's first run will cost, read before it is made: the input column counted as
 * a bulk run counts it, and this sheet's formula allowance (scheduled runs are billed like the
 * sheet's formulas, within it).
 */
export interface ScheduleCheck {
  estimate: BulkEstimate;
  /** What the formulas may still spend today without asking; null: no daily cap. */
  allowanceLeft: number | null;
  /** Credits to approve on top of it for the first run to go through; 0 when it fits. */
  toApprove: number;
  /** This user may approve (they connected the sheet's formulas, or they are an admin). */
  mayApprove: boolean;
  /** Who connected the sheet's formulas (their budget pays), when known. */
  connectedBy: string | null;
  /** The confirmation's sentence: cost of the first run, of later ones, and any approval. */
  summary: string;
  /**
   * Reports: the worker's estimate of every run (issue 25), counting the reports its cache holds
   * fresh enough for the schedule; absent for e-mail schedules, or from a worker without it.
   */
  runs?: ScheduleEstimateAnswer;
}

/** What Confirm does besides making the schedule. */
export interface ScheduleStart {
  /** Credits approved on top of today's allowance for the first run (0: none). */
  approveCredits: number;
  /** Run it at once rather than at its first time. */
  runNow: boolean;
}

/** The sidebar's Schedules section: a document's scheduled reports, refreshed by the worker. */
export interface SchedulesApi {
  /** null when this user is not connected (the sidebar's calls need their own key). */
  listSchedules(): ScheduleView[] | null;
  /** Before Confirm: what the first run costs and whether it needs an approval. */
  checkSchedule(form: ScheduleForm): ScheduleCheck;
  createSchedule(form: ScheduleForm, start?: ScheduleStart): ScheduleView;
  setScheduleStatus(id: string, status: 'active' | 'paused'): ScheduleView;
  deleteSchedule(id: string): ScheduleView[];
  runScheduleNow(id: string): ScheduleView;
}
