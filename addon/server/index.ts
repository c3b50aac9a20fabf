/**
 * The add-on's public surface: every function Apps Script may call by name (triggers, menu items,
 * custom functions, google.script.run). The build gives each export a top-level stub in Code.js
 * carrying its JSDoc; everything else stays inside the bundle, since any global is callable from a
 * client. Export functions only.
 */
import type { SidebarApi } from '../bridge-contract/sidebar-api';
import type * as publicSurface from './index';

export { onOpen, onInstall } from './menu';
export { showSidebar, showSettings } from './sidebar';
export { enrichSelectedColumn, reportsForSelectedColumn, refreshFormulas } from './worker-menu-actions';
export { INFLUENCER_REPORT, EMAIL_SEARCH, AUDIENCE_OVERLAP } from './formulas/custom-functions';
export {
  getSettings,
  saveWorkerUrl,
  connect,
  disconnect,
  connectFormulas,
  disconnectFormulas,
  testConnection,
  getHealth,
  getAccount,
  getSelectionInfo,
  estimateEnrichment,
  startEnrichment,
  estimateReports,
  startReports,
  estimateSearch,
  startSearch,
  pollJob,
  cancelJob,
  listActiveJobs,
  lookupDictionary,
} from './sidebar-functions';
export * from './overlap/overlap-functions';
export * from './ai-search/ai-search-functions';
export * from './lists/lists-functions';
export * from './collaborations/collaborations-functions';
export * from './raw-data/raw-data-functions';
export * from './dictionaries/dictionaries-functions';
export * from './health/health-functions';
export * from './formulas/formula-allowance-functions';
export * from './settings/connected-documents-functions';
export * from './schedules/delivery-functions';
export * from './schedules/schedules-functions';
export * from './schedules/sheet-schedule-functions';
export * from './schedules/document-status-functions';
export * from './sheet/section-input-functions';
export * from './saved-work/saved-work-functions';

/*
 * `satisfies SidebarApi`, at the type level: every member of the contract is exported here with
 * exactly its parameters and return type (not merely compatible ones). A missing or different
 * function fails the build, naming it: `Type '"pollJob"' does not satisfy the constraint 'never'`.
 */
type Surface = typeof publicSurface;
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Differs<K extends keyof SidebarApi> = K extends keyof Surface
  ? Surface[K] extends (...args: infer P) => infer R
    ? Same<P, Parameters<SidebarApi[K]>> extends true
      ? Same<R, ReturnType<SidebarApi[K]>> extends true
        ? never
        : K
      : K
    : K
  : K;
type MustBeNever<T extends never> = T;
type _SidebarApiCheck = MustBeNever<Differs<keyof SidebarApi>>;
