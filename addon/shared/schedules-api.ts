import type {
  ScheduleAnswer,
  ScheduleCadence,
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
}

/** The sidebar's Schedules section: a document's scheduled reports, refreshed by the worker. */
export interface SchedulesApi {
  /** null when this user is not connected (the sidebar's calls need their own key). */
  listSchedules(): ScheduleView[] | null;
  createSchedule(form: ScheduleForm): ScheduleView;
  setScheduleStatus(id: string, status: 'active' | 'paused'): ScheduleView;
  deleteSchedule(id: string): ScheduleView[];
  runScheduleNow(id: string): ScheduleView;
}
