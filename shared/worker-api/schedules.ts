import type { SheetTable } from './sheet-table';
/**
 * Scheduled shared reports (issue 14, part 3): a tab that the worker refreshes on a schedule by
 * itself, as its service account, without anyone's sidebar open. Set up from the sidebar of a
 * connected document; runs are billed like the document's formulas (to whoever connected the
 * document, within its budgets), and fetch only what the worker's cache lacks.
 */

/**
 * What a run fetches: reports of the creators in the input column, or the e-mail addresses in it
 * (`email-search`); or, with no input column, a saved search (`search`) or AI search (`ai-search`)
 * paged into the output tab (issue 25).
 */
export type ScheduleKind = 'reports' | 'email-search' | 'search' | 'ai-search';

/** Kind `search`: the search as `POST /api/jobs` kind `search-pages` takes it. */
export interface ScheduledSearch {
  platform: string;
  filter?: Record<string, unknown>;
  sort?: Record<string, unknown>;
  /** Pages of 15 results, each run. */
  pages: number;
}

/**
 * Kind `ai-search`: as `ai-search-pages` takes it, by text, lookalikes or an image link (an
 * uploaded image is not kept: a run would carry megabytes).
 */
export interface ScheduledAiSearch {
  mode: 'text' | 'image' | 'lookalikes';
  platform: string;
  query?: string;
  imageUrl?: string;
  userIds?: string[];
  filters?: Record<string, unknown>;
  pageSize?: number;
  pages: number;
}

/**
 * - `replace`: the output table is rewritten each run (rows the input lost are cleared).
 * - `append-snapshot`: each run appends its rows below the table, each with the run's date first
 *   (a long table over time: date, creator, followers...).
 * - `merge`: rows are matched by their key (the input cell) and updated in place; new keys are
 *   appended; rows whose key left the input stay.
 */
export type ScheduleMode = 'replace' | 'append-snapshot' | 'merge';

/** When it runs, on the spreadsheet's clock (its time zone). Hours 0 to 23; days 0 (Sunday) to 6. */
export type ScheduleCadence =
  { every: 'hour' } | { every: 'day'; hour: number } | { every: 'week'; day: number; hour: number };

/** A place in the sheet: a tab and a 1-based row and column. */
export interface SheetPlace {
  sheetName: string;
  row: number;
  column: number;
}

/** `POST /api/documents/:documentId/schedules`: a new schedule (and `PUT /api/schedules/:id`). */
export interface ScheduleRequest {
  /** Shown in the sidebar and the history tab. */
  name: string;
  kind: ScheduleKind;
  /** The input column: its first input cell (header excluded); it runs down to the last non-empty cell. */
  input: SheetPlace;
  /** Reports: the platform of inputs that do not say theirs. */
  platform?: string;
  /** Reports: column ids or groups (as `POST /api/reports` takes them); the default set when absent. */
  fields?: string[];
  /** Where the table goes: its header row at `row`, data below. */
  output: SheetPlace;
  mode: ScheduleMode;
  cadence: ScheduleCadence;
  /** The spreadsheet's time zone (IANA), for the cadence and the dates written. */
  timeZone: string;
  /** Kind `search`: what it searches. */
  search?: ScheduledSearch;
  /** Kind `ai-search`: what it searches. */
  aiSearch?: ScheduledAiSearch;
  /** The saved search it was made from, by name (a copy is kept: editing the saved one later changes nothing). */
  savedSearch?: string;
  /** Credits this schedule may spend per calendar month (UTC); absent or null: no cap of its own. */
  monthlyBudget?: number | null;
  /**
   * Reports: how old a report a run may use, in days (1 to 365): older ones are bought again, so
   * a daily snapshot with 1 sees each creator's numbers of that day. Absent: whatever the worker's
   * cache holds (REPORT_CACHE_DAYS, 30 by default), as schedules made before it had.
   */
  freshnessDays?: number;
  /**
   * Who runs it (issue 26): `worker`, the worker as its service account (absent: the worker); or
   * `add-on`, the add-on from an installable time-driven trigger, as the person who set it up,
   * where the worker may not write (the domain refuses outside sharing, or the sheet is not shared
   * with it). The worker's scheduler never runs an add-on schedule; the add-on records its runs.
   */
  runner?: ScheduleRunner;
}

export type ScheduleRunner = 'worker' | 'add-on';

/**
 * `POST /api/schedules/:id/runs`: the add-on's run of an add-on schedule ended (issue 26); the
 * worker records it as its own runs are (run log, last run, failures and pause, next run).
 */
export interface ScheduleRunRecordRequest {
  /**
   * Without its credits: the worker counts them in its ledger by the run's request id
   * (add-on-run-id.ts), which its `at` names.
   */
  run: Omit<ScheduleRun, 'credits'>;
  /** Data rows the run wrote (the next replace run blanks what it no longer writes). */
  rowsWritten: number;
  /**
   * A failed run: whether the add-on wrote its banner in the sheet (in its last good run's stamp
   * cell), so the alert says where it was told; absent from an add-on of before.
   */
  banner?: boolean;
}

/**
 * `POST /api/schedules/:id/search`: the table of a saved search or AI search the add-on runs
 * (issue 26), every page the schedule asks for, paged by the worker; rows without the header.
 */
export type ScheduleSearchAnswer = SheetTable;

/** One run, as the history tab and the sidebar show it. */
export interface ScheduleRun {
  /** When it started (ms since 1970). */
  at: number;
  outcome: 'ok' | 'failed';
  rows: number;
  credits: number;
  /** What happened, in a sentence (why it failed). */
  message: string;
}

export interface ScheduleAnswer extends ScheduleRequest {
  id: string;
  documentId: string;
  /** Who set it up. */
  createdBy: string;
  createdAt: number;
  /** `paused` after 3 failed runs in a row (or by hand): `pausedReason` says why. */
  status: 'active' | 'paused';
  pausedReason: string | null;
  failuresInARow: number;
  lastRun: ScheduleRun | null;
  /** null while paused. */
  nextRunAt: number | null;
  /** Its recent runs, newest first (the store keeps the last SCHEDULE_RUNS_KEPT). */
  runs?: ScheduleRun[];
  /** Credits its runs spent this calendar month (UTC), against `monthlyBudget`. */
  spentThisMonth?: number;
  /** Raised by a failed run (or the pause after failures) until a run succeeds or it is resumed. */
  alert?: ScheduleAlert | null;
}

/** Failed runs in a row that pause a schedule (the worker's runs and the add-on's alike). */
export const MAX_FAILURES_IN_A_ROW = 3;

/** Runs kept per schedule in the store (and listed with it). */
export const SCHEDULE_RUNS_KEPT = 50;

/** Where a failed run's alert went besides the sidebar, and how that went. */
export type ScheduleAlertChannel = 'banner' | 'email' | 'webhook';

export interface ScheduleAlert {
  /** `paused`: this failure paused the schedule (3 in a row). */
  kind: 'failed' | 'paused';
  /** When the run started (ms since 1970). */
  at: number;
  /** The run's reason, a sentence. */
  message: string;
  /** Each place it was raised: `ok` false with the reason when it could not be (no secret in it). */
  channels: { channel: ScheduleAlertChannel; ok: boolean; note: string }[];
}

/** `POST /api/schedules/:id/duplicate`: the copy's name and place (the original's when absent). */
export interface ScheduleDuplicateRequest {
  name?: string;
  output?: SheetPlace;
}

/** `POST /api/schedules/:id/handover`: who runs it from now on (they must have proven edit access lately). */
export interface ScheduleHandoverRequest {
  to: string;
}

/** `GET|PUT /api/documents/:documentId/schedule-alerts`: where a document's failed runs are told. */
export interface ScheduleAlertSettingsAnswer {
  /** The chat webhook, never in full: its host and last characters; null: none. */
  webhook: { hint: string; setBy: string; setAt: number } | null;
  /** The worker can send e-mail (SMTP settings): alerts go to the schedule's owner and the connector. */
  email: boolean;
  /** The caller may change the webhook: whoever connected the document, or an admin. */
  mayChange: boolean;
}

/** `PUT /api/documents/:documentId/schedule-alerts`: an https URL, or null to remove it. */
export interface ScheduleAlertSettingsRequest {
  webhookUrl: string | null;
}

export interface ScheduleListAnswer {
  schedules: ScheduleAnswer[];
}

/** `PATCH /api/schedules/:id`: pause, resume (which clears the failure count). */
export interface ScheduleStatusRequest {
  status: 'active' | 'paused';
}

export interface ScheduleParams {
  id: string;
}

/**
 * `POST /api/schedule-estimates`: what a schedule's runs will cost, asked before it is saved. The
 * add-on sends the input column as it reads it; nothing is fetched, stored or charged.
 */
export interface ScheduleEstimateRequest {
  schedule: ScheduleRequest;
  /** The input column's cells, from its first input cell down (reports: at most 2,000). */
  inputs: unknown[];
}

/** A schedule's cost per run, counting what the worker's cache already holds fresh enough. */
export interface ScheduleEstimateAnswer {
  /** Distinct creators the input names (blank and unreadable cells left out). */
  creators: number;
  /** Of them, reports the cache holds now, young enough for the first run: free. */
  fresh: number;
  /** The first run, at most: the creators the cache lacks. */
  firstRunCredits: number;
  /** A later run, at most: every report past its freshness by then is bought again. */
  laterRunCredits: number;
  /** Runs one bought report serves before it is bought again (1: every run buys every creator). */
  runsPerPurchase: number;
  /** At most, over 30 days at this cadence, first run included. */
  creditsPer30Days: number;
  /** How old a report a run may use, in days: the schedule's freshness, or the cache's own. */
  freshnessDays: number;
  /** The same in a sentence, for the confirmation. */
  summary: string;
}
