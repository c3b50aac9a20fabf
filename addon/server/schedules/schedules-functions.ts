import type {
  ScheduleAlertsView,
  ScheduleCheck,
  ScheduleForm,
  ScheduleStart,
  ScheduleView,
} from '../../bridge-contract/schedules-api';
import {
  checkDocumentSchedule,
  createDocumentSchedule,
  deleteDocumentSchedule,
  duplicateDocumentSchedule,
  handOverDocumentSchedule,
  takeOverDocumentSchedule,
  listDocumentSchedules,
  readScheduleAlerts,
  runDocumentScheduleNow,
  setDocumentScheduleStatus,
  updateDocumentSchedule,
  writeScheduleAlertWebhook,
} from './schedules';

/**
 * The server functions of the sidebar's Schedules section (addon/bridge-contract/schedules-api.ts). Every
 * function here becomes a top-level Apps Script function, so this file holds those only.
 */

/** Sidebar: this document's scheduled reports; null before this user connects. */
export function listSchedules(): ScheduleView[] | null {
  return listDocumentSchedules();
}

/** Sidebar: what a new schedule's first run costs, before Confirm. */
export function checkSchedule(form: ScheduleForm): ScheduleCheck {
  return checkDocumentSchedule(form);
}

/** Sidebar: turns a tab into a report the worker refreshes on a schedule (and runs it now, if asked). */
export function createSchedule(form: ScheduleForm, start?: ScheduleStart): ScheduleView {
  return createDocumentSchedule(form, start);
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

/** Sidebar: saves an edited schedule. */
export function updateSchedule(id: string, form: ScheduleForm): ScheduleView {
  return updateDocumentSchedule(id, form);
}

/** Sidebar: a copy of a schedule into a new tab, and the list with it. */
export function duplicateSchedule(id: string, outputTab: string): ScheduleView[] {
  return duplicateDocumentSchedule(id, outputTab);
}

/** Sidebar: gives a schedule to another editor of this spreadsheet. */
export function handOverSchedule(id: string, to: string): ScheduleView {
  return handOverDocumentSchedule(id, to);
}

/** Sidebar: takes over a schedule whose owner's trigger stopped (issue 26). */
export function takeOverSchedule(id: string): ScheduleView {
  return takeOverDocumentSchedule(id);
}

/** Sidebar (Settings): where this spreadsheet's failed scheduled runs are told; null before connecting. */
export function getScheduleAlerts(): ScheduleAlertsView | null {
  return readScheduleAlerts();
}

/** Sidebar (Settings): sets or removes the chat webhook of failed scheduled runs. */
export function setScheduleAlertWebhook(url: string | null): ScheduleAlertsView {
  return writeScheduleAlertWebhook(url);
}
