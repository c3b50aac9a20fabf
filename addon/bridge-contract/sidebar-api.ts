/**
 * The contract between the sidebar and the add-on's server functions (issue 5, "Menu and sidebar").
 * The server's public surface (addon/server/index.ts) implements `SidebarApi` exactly (it is checked
 * with `satisfies`), and the sidebar calls it through the typed bridge, so both sides agree at build
 * time. Payloads are JSON-safe (google.script.run passes plain values only): no Date, no class
 * instances, no undefined inside arrays. Times are ISO strings.
 */
import type { Platform } from '../../shared/platforms';
import type { JobKindName } from '../../shared/worker-api/job-kinds';
import type { JobStatus } from '../../shared/worker-api/job-status';
import type { AiSearchApi } from './ai-search-api';
import type { CollaborationsApi } from './collaborations-api';
import type { DictionariesApi } from './dictionaries-api';
import type { ConnectedDocumentsApi } from './connected-documents-api';
import type { DeliveryApi } from './delivery-api';
import type { DocumentStatusApi } from './document-status-api';
import type { SchedulesApi } from './schedules-api';
import type { SectionInputApi } from './section-input-api';
import type { FormulaAllowanceApi } from './formula-allowance-api';
import type { FormulaRefreshView } from './formula-refresh-api';
import type { HealthApi } from './health-api';
import type { ListsApi } from './lists-api';
import type { OverlapApi } from './overlap-api';
import type { RawDataApi } from './raw-data-api';
import type { SavedWorkApi } from './saved-work-api';
import type { TabWriteMode } from './tab-output';

/** Where the input of a bulk action comes from. */
export type ColumnSource =
  /** The active selection (first column of it); a header row is detected, not assumed. */
  | { kind: 'selection' }
  /**
   * A range the section keeps for this document (issue 25: the input remembered, whatever tab is
   * active), such as the selection it took: read as a selection is.
   */
  | { kind: 'range'; sheetName: string; a1: string }
  /** A whole column of a tab, from `firstRow` (1-based) to the last row with data. */
  | { kind: 'column'; sheetName: string; column: string; firstRow: number };

/** Where the results go. */
export type ResultTarget =
  /** In the columns right of the input, same rows; asks before overwriting non-empty cells. */
  | { kind: 'beside' }
  /**
   * A tab named after the action, or `name`: a new one (made unique when taken), or that tab
   * replaced or added to below its table (`mode`, issue 15; a new one when left out).
   */
  | { kind: 'newTab'; name?: string; mode?: TabWriteMode };

export interface Settings {
  workerUrl: string;
  /** Whether a worker key is stored in this user's properties. */
  connected: boolean;
  /** Who the worker says the key belongs to, when connected and known. */
  email: string | null;
  role: 'admin' | 'member' | null;
  /**
   * This document's formulas (every editor's): who connected the document to this worker, whose
   * budget pays for them, and whether that is this user; null when nobody has connected it.
   */
  formulas: { email: string | null; byYou: boolean } | null;
}

/**
 * Settings after Connect, and what became of the formulas that said "Not connected": refreshed at
 * once when the document's formulas got the new key (null when they did not, or it failed).
 */
export interface ConnectedSettings extends Settings {
  formulaRefresh: FormulaRefreshView | null;
  /**
   * Another person's key pays for this spreadsheet's formulas and stays (the worker moves it only
   * on "Use my account for formulas", with proof of edit access): what the worker said, or null.
   */
  formulasKeptBy: string | null;
}

export interface ConnectionTest {
  ok: boolean;
  /** A sentence for the user: what works, or what to do next. */
  message: string;
  email: string | null;
  role: 'admin' | 'member' | null;
  health: HealthView | null;
}

export type HealthStatus = 'Healthy' | 'Degraded' | 'Unhealthy' | 'Unknown';

export interface HealthView {
  /** The API's overall status and per group (search, reports, ...). */
  api: { status: HealthStatus; groups: { name: string; status: HealthStatus }[]; reachable: boolean };
  worker: { status: 'ok' | 'degraded' | 'down'; mode: 'sandbox' | 'live' | 'unknown'; uptimeSeconds: number };
  checkedAt: string;
}

export interface SpendView {
  credits: number;
  calls: number;
  cacheHits: number;
  creditsSaved: number;
}

export interface AccountView {
  email: string;
  role: 'admin' | 'member';
  /** The API account's balance: admins only (null for members, and when the API did not say). */
  creditsLeft: number | null;
  rawRequestsLeft: number | null;
  /** Members: the sentence to show in place of the balance, which only admins see. */
  balanceNote: string | null;
  spendToday: SpendView;
  spendMonth: SpendView;
  budgets: { day: number | null; month: number | null };
  /** Admins only: the team's spend and each user's. */
  team: {
    today: SpendView;
    month: SpendView;
    users: { email: string; today: number; month: number }[];
  } | null;
}

export interface SelectionInfo {
  sheetName: string;
  /** e.g. "B2:B200". */
  a1: string;
  rows: number;
  columns: number;
  /** Whether the first row looks like a header (text that is not an address or handle). */
  headerDetected: boolean;
  /** The first few values of the first column, for the user to recognise the data. */
  preview: string[];
}

/** What a bulk action will do and cost before it runs. */
export interface BulkEstimate {
  /** Non-blank input rows. */
  rows: number;
  blanks: number;
  invalid: number;
  /** Unique valid inputs: what is actually looked up. */
  unique: number;
  /**
   * The most it can cost: with `cached`, what the worker's cache lacks (issue 25); without it,
   * every unique input (cached results cost nothing, so the actual figure is often lower).
   */
  maxCredits: number;
  /** Unique inputs the worker's cache answers for free, when it was asked (reports). */
  cached?: number;
  /** The cells read, such as "Leads!A2:A21" (issue 25: the input named where it is used). */
  input?: string;
  /** True above the confirmation threshold: the sidebar asks before starting. */
  needsConfirmation: boolean;
  /** A sentence that states all of the above. */
  summary: string;
  /**
   * Non-empty cells where a "beside" target would write (its header row included), so the sidebar
   * can ask before starting; 0 when that area is empty. (Added by the server part, additive.)
   */
  besideOccupied?: number;
  /** That area, e.g. "Emails!C1:K200". */
  besideRange?: string;
}

// The sidebar names the kinds from here; the list is the worker's (shared/worker-api/job-kinds.ts).
export type { JobKindName };

export interface JobView {
  id: string;
  kind: JobKindName;
  status: JobStatus;
  done: number;
  total: number;
  creditsSpent: number;
  errors: number;
  lastError: string | null;
  /** Rows already written into the sheet (resumes from here after the sidebar closed). */
  rowsWritten: number;
  /** Where the rows go, e.g. "Enriched!C2". */
  destination: string;
  /** A sentence for the progress line. */
  message: string;
  /**
   * What the counts do not say (waiting out API trouble, who writes the rows, why it failed), for
   * the job's details in the sidebar; '' when nothing. Absent from an older server.
   */
  note?: string;
}

export interface BulkStart {
  source: ColumnSource;
  target: ResultTarget;
  /** The user confirmed the estimate (needed when it was above the threshold). */
  confirmedCost: boolean;
  /** The user agreed to overwrite non-empty cells in the target range. */
  confirmedOverwrite: boolean;
}

export interface ReportsOptions {
  /** Default platform for plain names and ids (URLs say their own). */
  platform: Platform;
  /** Column ids and/or group names from shared/rows/report-rows.ts; empty = the default set. */
  fields: string[];
}

/** Search form values as the sidebar collects them, mapped to the API's filter by the server. */
export interface SearchForm {
  platform: Platform;
  /** Shown as the new tab's name. */
  title: string;
  influencer: {
    followersMin?: number;
    followersMax?: number;
    /** A fraction (0.02 = 2%); the server reads a value above 1 as a percent (2 = 2%). */
    engagementRateMin?: number;
    locationIds?: number[];
    language?: string;
    gender?: 'MALE' | 'FEMALE' | 'KNOWN' | 'UNKNOWN';
    ageMin?: number;
    ageMax?: number;
    interestIds?: number[];
    brandIds?: number[];
    lastPostedDays?: number;
    keywords?: string;
    bio?: string;
    hasEmail?: boolean;
  };
  /** Weights and credibility are fractions like engagementRateMin (above 1: a percent). */
  audience: {
    locations?: { id: number; weight: number }[];
    language?: { id: string; weight: number };
    gender?: { id: 'MALE' | 'FEMALE'; weight: number };
    ages?: { id: string; weight: number }[];
    interests?: { id: number; weight: number }[];
    credibility?: number;
  };
  sort: { field: string; direction: 'asc' | 'desc'; value?: number };
  pages: number;
  /** The tab `title` names: a new one each run (when left out), or that tab replaced or added to. */
  tabMode?: TabWriteMode;
}

export interface SearchEstimate {
  pages: number;
  maxResults: number;
  maxCredits: number;
  needsConfirmation: boolean;
  summary: string;
}

export type DictionaryKind = 'locations' | 'interests' | 'brands' | 'languages';

export interface DictionaryOption {
  /** Location, interest and brand ids are numbers; language ids are codes. */
  id: number | string;
  label: string;
}

/**
 * Every server function the sidebar calls, with its exact signature. The sections added in part 2
 * (issue 6) each keep their part of the contract in their own file (`*-api.ts` beside this one).
 */
export interface SidebarApi
  extends
    OverlapApi,
    AiSearchApi,
    ListsApi,
    CollaborationsApi,
    RawDataApi,
    DictionariesApi,
    HealthApi,
    FormulaAllowanceApi,
    ConnectedDocumentsApi,
    DeliveryApi,
    SchedulesApi,
    SavedWorkApi,
    DocumentStatusApi,
    SectionInputApi {
  getSettings(): Settings;
  saveWorkerUrl(url: string): Settings;
  /** Exchanges this user's Google ID token for a worker key, kept in user properties. */
  connect(): ConnectedSettings;
  disconnect(): Settings;
  /** Connects this user and moves the document's formulas onto their account and budget. */
  connectFormulas(): ConnectedSettings;
  disconnectFormulas(): Settings;
  testConnection(): ConnectionTest;
  getHealth(): HealthView;
  getAccount(): AccountView;
  getSelectionInfo(): SelectionInfo | null;

  estimateEnrichment(source: ColumnSource): BulkEstimate;
  startEnrichment(start: BulkStart): JobView;
  estimateReports(source: ColumnSource, options: ReportsOptions): BulkEstimate;
  startReports(start: BulkStart, options: ReportsOptions): JobView;
  estimateSearch(form: SearchForm): SearchEstimate;
  startSearch(form: SearchForm, confirmedCost: boolean): JobView;

  /** Writes finished rows of a job into its sheet (one setValues per block) and reports progress. */
  pollJob(jobId: string): JobView;
  cancelJob(jobId: string): JobView;
  /** Jobs of this document still writing: what the sidebar resumes when it opens. */
  listActiveJobs(): JobView[];

  lookupDictionary(platform: Platform, kind: DictionaryKind, query: string): DictionaryOption[];
}

/** Above this many credits the sidebar asks for confirmation before a paid action. */
export const CONFIRM_ABOVE_CREDITS = 1;
