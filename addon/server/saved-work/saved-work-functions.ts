import {
  isSavedFormSection,
  type FormJson,
  type FormMemory,
  type RunHistoryView,
  type RunLine,
  type SavedForm,
  type SavedFormSection,
} from '../../bridge-contract/saved-work-api';
import { withDocumentLock } from '../apps-script/document-lock';
import { listJobRecords } from '../jobs/job-records';
import { readLastForm, rememberLastForm } from './last-forms';
import { readRunLines } from './run-history';
import { scheduledRunLines } from '../schedules/scheduled-run-lines';
import { deleteNamedForm, listSavedForms, readSavedForm, saveNamedForm } from './saved-forms';
import { fetchBreakdown } from '../settings/worker-account';
import { readConnection } from '../worker-client/worker-key';

/**
 * Sidebar: saved work (issue 15), one function per member of SavedWorkApi
 * (addon/bridge-contract/saved-work-api.ts). Forms saved under a name are the document's; the last form of
 * a section is each user's (last-forms.ts says why); the run history is the document's.
 */

function checkedSection(section: unknown): SavedFormSection {
  if (!isSavedFormSection(section))
    throw new Error(`Unknown section "${String(section)}": reload the sidebar.`);
  return section;
}

function documentId(): string {
  return SpreadsheetApp.getActiveSpreadsheet().getId();
}

/** `properties`: the document's store when the caller has it already (one read per call). */
function memory(section: SavedFormSection, properties?: Record<string, string>): FormMemory {
  return {
    section,
    saved: listSavedForms(section, properties),
    last: readLastForm(section, documentId()),
  };
}

/** Sidebar: the document's saved forms of a section and this user's last form of it here. */
export function getFormMemory(section: SavedFormSection): FormMemory {
  return memory(checkedSection(section));
}

/** Sidebar: one saved form with its values. */
export function loadSavedForm(section: SavedFormSection, name: string): SavedForm {
  return readSavedForm(checkedSection(section), name);
}

/** Sidebar: saves the form under a name for every editor; a name taken is replaced only with `overwrite`. */
export function saveForm(
  section: SavedFormSection,
  name: string,
  form: FormJson,
  overwrite: boolean,
): FormMemory {
  const checked = checkedSection(section);
  const save = () => saveNamedForm(checked, name, form, overwrite === true, readConnection()?.email ?? null);
  // The lock keeps two editors' saves from adding up past the room they were each checked against.
  const properties = withDocumentLock(save, () => {
    throw new Error('Another save or job of this spreadsheet is running: try again in a few seconds.');
  });
  return memory(checked, properties);
}

/** Sidebar: deletes a saved form for every editor. */
export function deleteSavedForm(section: SavedFormSection, name: string): FormMemory {
  const checked = checkedSection(section);
  deleteNamedForm(checked, name);
  return memory(checked);
}

/** Sidebar: keeps this user's form of a section in this document, for the next time it opens. */
export function rememberForm(section: SavedFormSection, form: FormJson): void {
  rememberLastForm(checkedSection(section), documentId(), form);
}

/** Sidebar: the document's tabs, for the tab name fields to offer. */
export function listTabNames(): string[] {
  return SpreadsheetApp.getActiveSpreadsheet()
    .getSheets()
    .map((sheet) => sheet.getName());
}

/**
 * A line still "running" whose job this document no longer follows ended out of sight.
 * `properties`: the document's store, read once for the lines and the jobs alike.
 */
function withLostJobs(lines: RunLine[], properties: Readonly<Record<string, string>>): RunLine[] {
  if (!lines.some((line) => line.outcome === 'running')) return lines;
  const followed = new Set(listJobRecords(properties).map((record) => record.id));
  return lines.map((line) =>
    line.outcome === 'running' && !line.id.startsWith('table-') && !followed.has(line.id)
      ? { ...line, outcome: 'unknown' }
      : line,
  );
}

/** Sidebar (Account): the document's runs and the credits per operation and per UTC day. */
export function getRunHistory(): RunHistoryView {
  const properties = PropertiesService.getDocumentProperties().getProperties();
  // The worker's scheduled runs (issue 25) among the sidebar's own, newest first.
  const runs = [...withLostJobs(readRunLines(properties), properties), ...scheduledRunLines()].sort((a, b) =>
    a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : 0,
  );
  return { runs, ...fetchBreakdown() };
}
