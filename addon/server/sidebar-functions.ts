import type { Platform } from '../../shared/platforms';
import type {
  AccountView,
  BulkEstimate,
  BulkStart,
  ColumnSource,
  ConnectedSettings,
  ConnectionTest,
  DictionaryKind,
  DictionaryOption,
  HealthView,
  JobView,
  ReportsOptions,
  SearchEstimate,
  SearchForm,
  SelectionInfo,
  Settings,
} from '../bridge-contract/sidebar-api';
import { lookupDictionaryOptions } from './dictionaries/dictionary-lookup';
import {
  cancelJobRun,
  estimateEmailSource,
  estimateReportSource,
  estimateSearchForm,
  listActiveJobViews,
  pollJobRows,
  startBulkReports,
  startEmailEnrichment,
  startSearchJob,
} from './jobs/jobs';
import { readSelectionInfo } from './sheet/selection-info';
import {
  connectToWorker,
  disconnectFormulasOfDocument,
  disconnectFromWorker,
  readSettings,
  saveWorkerUrlAndRead,
  testWorkerConnection,
} from './settings/settings';
import { fetchAccount } from './settings/worker-account';
import { fetchHealth } from './health/worker-health';

/**
 * The server functions the sidebar calls through google.script.run, one per member of SidebarApi
 * (addon/bridge-contract/sidebar-api.ts), with its exact signature. Each failure reaches the sidebar as an
 * Error whose message is a sentence for the user.
 */

/** Sidebar: the worker this document talks to, and whether (and as whom) this user is connected. */
export function getSettings(): Settings {
  return readSettings();
}

/** Sidebar: sets this document's worker URL; an empty text goes back to the build's worker. */
export function saveWorkerUrl(url: string): Settings {
  return saveWorkerUrlAndRead(url);
}

/**
 * Sidebar: exchanges this user's Google ID token for a worker key, kept in user properties, and a
 * document key for this spreadsheet's formulas, billed to this user (replacing whoever connected
 * the document before).
 */
export function connect(): ConnectedSettings {
  return connectToWorker();
}

/**
 * Sidebar ("Use my account for formulas"): connects this user and moves the document's formulas
 * onto their account and budget, revoking the previous document key.
 */
export function connectFormulas(): ConnectedSettings {
  return connectToWorker(true);
}

/** Sidebar: forgets (and revokes) this user's worker key. */
export function disconnect(): Settings {
  return disconnectFromWorker();
}

/**
 * Sidebar: this document's formulas stop working until someone connects it again (its document
 * key is revoked with itself, so any editor may do it).
 */
export function disconnectFormulas(): Settings {
  return disconnectFormulasOfDocument();
}

/** Sidebar: who the worker says this user is, and the health of the worker and the API. */
export function testConnection(): ConnectionTest {
  return testWorkerConnection();
}

/** Sidebar: the health badge. */
export function getHealth(): HealthView {
  return fetchHealth();
}

/** Sidebar: credits left, this user's spend and budgets, the team's for admins. */
export function getAccount(): AccountView {
  return fetchAccount();
}

/** Sidebar: the active selection, to recognise the column a bulk action would use. */
export function getSelectionInfo(): SelectionInfo | null {
  return readSelectionInfo();
}

/** Sidebar: what enriching a column of e-mail addresses looks up and costs at most. */
export function estimateEnrichment(source: ColumnSource): BulkEstimate {
  return estimateEmailSource(source);
}

/** Sidebar: starts an e-mail enrichment job and writes its first rows. */
export function startEnrichment(start: BulkStart): JobView {
  return startEmailEnrichment(start);
}

/** Sidebar: what reports for a column of handles look up and cost at most. */
export function estimateReports(source: ColumnSource, options: ReportsOptions): BulkEstimate {
  return estimateReportSource(source, options);
}

/** Sidebar: starts a bulk reports job and writes its first rows. */
export function startReports(start: BulkStart, options: ReportsOptions): JobView {
  return startBulkReports(start, options);
}

/** Sidebar: pages, results and the most a search can cost. */
export function estimateSearch(form: SearchForm): SearchEstimate {
  return estimateSearchForm(form);
}

/** Sidebar: starts a search over several pages into a new tab named after it. */
export function startSearch(form: SearchForm, confirmedCost: boolean): JobView {
  return startSearchJob(form, confirmedCost);
}

/** Sidebar: writes a job's finished rows (one setValues per block, bounded work) and reports progress. */
export function pollJob(jobId: string): JobView {
  return pollJobRows(jobId);
}

/** Sidebar: cancels a job; rows it already finished are still written. */
export function cancelJob(jobId: string): JobView {
  return cancelJobRun(jobId);
}

/** Sidebar: this user's jobs still writing into this document, to resume when the sidebar opens. */
export function listActiveJobs(): JobView[] {
  return listActiveJobViews();
}

/** Sidebar: typeahead options of a dictionary (locations, interests, brands, languages). */
export function lookupDictionary(
  platform: Platform,
  kind: DictionaryKind,
  query: string,
): DictionaryOption[] {
  return lookupDictionaryOptions(platform, kind, query);
}
