/**
 * The saved-work part of the sidebar's contract (issue 15, "Nothing is kept"; see sidebar-api.ts):
 * forms saved under a name in the document, each user's last form of a section, the document's
 * run history and the credits per operation and per day.
 */
import type { JobKindName } from '../../shared/worker-api/job-kinds';
import type { TabWriteMode } from './tab-output';

/** The sections whose forms are kept. */
const SAVED_FORM_SECTIONS = ['search', 'ai', 'raw'] as const;
export type SavedFormSection = (typeof SAVED_FORM_SECTIONS)[number];

export function isSavedFormSection(value: unknown): value is SavedFormSection {
  return typeof value === 'string' && (SAVED_FORM_SECTIONS as readonly string[]).includes(value);
}

/** A form as kept: plain JSON (each section reads it back with its own checks). */
export type FormJson = string | number | boolean | null | FormJson[] | { [key: string]: FormJson };

/** One saved form of the document, without its values. */
export interface SavedFormSummary {
  name: string;
  /** Who saved it last (their worker address), when known. */
  savedBy: string | null;
  /** ISO time. */
  savedAt: string;
}

/** What a section shows of its kept forms when it opens. */
export interface FormMemory {
  section: SavedFormSection;
  /** The document's saved forms of the section, by name. */
  saved: SavedFormSummary[];
  /** This user's last form of the section in this document, or null. */
  last: FormJson | null;
}

export interface SavedForm extends SavedFormSummary {
  form: FormJson;
}

/** What kind of run wrote a table: a worker job, or a table written at once. */
export type RunKind =
  | JobKindName
  | 'overlap'
  | 'collaboration-summary'
  | 'raw-request'
  | 'list-members'
  | 'dictionary'
  /** A run of one of the document's schedules, by the worker (issue 25). */
  | 'scheduled-run';

export type RunOutcome = 'running' | 'done' | 'cancelled' | 'failed' | 'unknown';

/** One run that wrote into this document. Times are ISO. */
export interface RunLine {
  /** The job's id, or a made-up one for a table written at once. */
  id: string;
  kind: RunKind;
  /** Who ran it: their worker address, when known. */
  who: string | null;
  /** The tab written into (as named when the run started). */
  tab: string;
  /** Where its first row went, e.g. "'Search'!A2". */
  place: string;
  mode: TabWriteMode | 'beside';
  rows: number;
  credits: number;
  /** Raw requests, when the run spent some and said how many. */
  rawRequests: number | null;
  outcome: RunOutcome;
  /** Rows with an error, or why it failed. */
  note: string | null;
  startedAt: string;
  endedAt: string | null;
}

/** What was spent per operation (by id; the sidebar names it) or per UTC day. */
export interface SpendLine {
  /** An operation id, or a day `YYYY-MM-DD`. */
  key: string;
  credits: number;
  calls: number;
  rawRequests: number;
}

export interface SpendBreakdownView {
  credits: number;
  calls: number;
  rawRequests: number;
  byOperation: SpendLine[];
  byDay: SpendLine[];
}

export interface RunHistoryView {
  /** This document's runs, newest first. */
  runs: RunLine[];
  /** The worker's breakdown, or null with the reason when it could not be read. */
  breakdown: {
    days: number;
    from: string;
    to: string;
    mine: SpendBreakdownView;
    /** Admins only. */
    team: SpendBreakdownView | null;
  } | null;
  breakdownNote: string | null;
}

export interface SavedWorkApi {
  /** The document's saved forms of a section, and this user's last form of it here. */
  getFormMemory(section: SavedFormSection): FormMemory;
  /** One saved form with its values. */
  loadSavedForm(section: SavedFormSection, name: string): SavedForm;
  /**
   * Saves the form under a name for every editor of the document; a name already taken is
   * replaced only with `overwrite`. Refuses, with a sentence, what the document cannot keep.
   */
  saveForm(section: SavedFormSection, name: string, form: FormJson, overwrite: boolean): FormMemory;
  deleteSavedForm(section: SavedFormSection, name: string): FormMemory;
  /** Keeps this user's form of a section, to be restored when the sidebar opens again. */
  rememberForm(section: SavedFormSection, form: FormJson): void;
  /** The document's tabs, for the tab name fields to offer. */
  listTabNames(): string[];
  /** The document's runs and the credits per operation and per day (Account). */
  getRunHistory(): RunHistoryView;
}
