import type { AiSearchRequest } from './ai-search-api';
import type { BulkEstimate, SearchForm } from './sidebar-api';
import type {
  ScheduleAlertSettingsAnswer,
  ScheduleAnswer,
  ScheduleCadence,
  ScheduleEstimateAnswer,
  ScheduleKind,
  ScheduleMode,
  ScheduleRunner,
} from '../../shared/worker-api/schedules';

/** A schedule as the sidebar shows it: the worker's answer, and who runs it and why (issue 26). */
export type ScheduleView = ScheduleAnswer & {
  runnerLine?: string;
  /**
   * Why this user may take it over (issue 26): it runs from this sheet and its owner's trigger
   * stopped (shared/worker-api/schedule-orphan.ts); absent otherwise.
   */
  takeOver?: string;
};

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
  /** Credits a calendar month (UTC) this schedule may spend; null or absent: no cap of its own. */
  monthlyBudget?: number | null;
  /** Kind `search`: the saved search, as the Search section builds it (its `pages` run each time). */
  search?: SearchForm;
  /** Kind `ai-search`: the saved AI search, as the AI search section builds it. */
  aiSearch?: AiSearchRequest;
  /** The saved search's name, shown with the schedule. */
  savedSearch?: string;
  /** Reports: how old a report a run may use, in days (1, 7, 30); absent: what the cache holds. */
  freshnessDays?: number;
  /**
   * Who runs it (issue 26): absent, the worker where it may write this sheet and else the add-on
   * from this user's hourly trigger; `add-on` or `worker` when the user or an admin chooses.
   */
  runner?: ScheduleRunner;
}

/** Settings > Schedule alerts: where failed runs are told besides the sidebar and the sheet. */
export type ScheduleAlertsView = ScheduleAlertSettingsAnswer;

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
   * Who would run it and why (issue 26), as the schedule's line will say it: "Runs from this sheet
   * as you: the worker may not write here (outside sharing refused)."
   */
  runnerLine?: string;
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
  /** Saves an edited schedule (PUT): what it runs, where, when and its budget. */
  updateSchedule(id: string, form: ScheduleForm): ScheduleView;
  /** A copy of the schedule writing into a new tab "<its tab> (copy)", set up by this user. */
  duplicateSchedule(id: string, outputTab: string): ScheduleView[];
  /** Gives the schedule to another editor, who must have opened Creator Sheets here lately. */
  handOverSchedule(id: string, to: string): ScheduleView;
  /** Takes over a schedule whose owner's trigger stopped: it runs from this user's trigger, as them. */
  takeOverSchedule(id: string): ScheduleView;
  /** Where failed runs are told (Settings). */
  getScheduleAlerts(): ScheduleAlertsView | null;
  /** Sets (an https URL) or removes (null) the document's chat webhook for failed runs. */
  setScheduleAlertWebhook(url: string | null): ScheduleAlertsView;
}
