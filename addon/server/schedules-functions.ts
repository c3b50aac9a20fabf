import type { ScheduleForm, ScheduleView } from '../shared/schedules-api';
import {
  createDocumentSchedule,
  deleteDocumentSchedule,
  listDocumentSchedules,
  runDocumentScheduleNow,
  setDocumentScheduleStatus,
} from './schedules';

/**
 * The server functions of the sidebar's Schedules section (addon/shared/schedules-api.ts). Every
 * function here becomes a top-level Apps Script function, so this file holds those only.
 */

/** Sidebar: this document's scheduled reports; null before this user connects. */
export function listSchedules(): ScheduleView[] | null {
  return listDocumentSchedules();
}

/** Sidebar: turns a tab into a report the worker refreshes on a schedule. */
export function createSchedule(form: ScheduleForm): ScheduleView {
  return createDocumentSchedule(form);
}

/** Sidebar: pauses, or resumes (which clears the count of failed runs). */
export function setScheduleStatus(id: string, status: 'active' | 'paused'): ScheduleView {
  return setDocumentScheduleStatus(id, status);
}

/** Sidebar: deletes a schedule (the tab it wrote stays) and lists the rest. */
export function deleteSchedule(id: string): ScheduleView[] {
  return deleteDocumentSchedule(id);
}

/** Sidebar: runs a schedule now, outside its cadence. */
export function runScheduleNow(id: string): ScheduleView {
  return runDocumentScheduleNow(id);
}
