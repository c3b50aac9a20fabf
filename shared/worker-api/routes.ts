import type {
  AccountAnswer,
  AccountQuery,
  BreakdownAnswer,
  BreakdownQuery,
  UsageAnswer,
  UsageQuery,
} from './account';
import type {
  AiListAnswer,
  AiListChangeAnswer,
  AiListDeletedAnswer,
  AiListMembersAnswer,
  AiListMembersRequest,
  AiListParams,
  AiListRowsQuery,
  AiListsAnswer,
  NewAiListRequest,
} from './ai-lists';
import type { AiSearchAnswer, AiSearchRequest } from './ai-search';
import type { BudgetsAnswer, BudgetUpdateAnswer, BudgetUpdateRequest } from './budgets';
import type {
  CollaborationPostsAnswer,
  CollaborationsRequest,
  CollaborationSummaryAnswer,
  DeprecatedCollaborationsRequest,
  CollaborationPagesAnswer,
} from './collaborations';
import type {
  AiBrandsQuery,
  AiHashtagsQuery,
  AiMentionsQuery,
  DictionaryAnswer,
  DictionaryParams,
  DictionaryQuery,
} from './dictionaries';
import type { DeliveryStatusAnswer } from './delivery';
import type { DocumentStatusAnswer } from './document-status';
import type { EmailSearchAnswer, EmailSearchRequest } from './email-search';
import type {
  DocumentParams,
  FormulaAllowanceAnswer,
  FormulaAllowanceRequest,
  FormulaApprovalRequest,
} from './formula-allowance';
import type { HealthAnswer } from './health';
import type { EditProofAnswer } from './edit-proof';
import type {
  JobDeliveryRequest,
  JobDeliveryState,
  JobListAnswer,
  JobListQuery,
  JobParams,
  JobProgressAnswer,
  JobRowsAnswer,
  JobRowsQuery,
  JobStartedAnswer,
  StartJobRequest,
} from './jobs';
import type {
  IssuedKeyAnswer,
  KeyListAnswer,
  KeyListQuery,
  KeyParams,
  KeyRequest,
  KeyRevokedAnswer,
} from './keys';
import type { OverlapAnswer, OverlapRequest } from './overlap';
import type { LivenessAnswer, ReadinessAnswer } from './probes';
import type { RawAnswer, RawFeedUsageAnswer, RawRequest } from './raw';
import type {
  ReportsAnswer,
  ReportsEstimateAnswer,
  ReportsEstimateRequest,
  ReportsHistoryAnswer,
  ReportsHistoryRequest,
  ReportsRequest,
} from './reports';
import type {
  ScheduleAlertSettingsAnswer,
  ScheduleAlertSettingsRequest,
  ScheduleAnswer,
  ScheduleDuplicateRequest,
  ScheduleHandoverRequest,
  ScheduleEstimateAnswer,
  ScheduleEstimateRequest,
  ScheduleListAnswer,
  ScheduleParams,
  ScheduleRequest,
  ScheduleRunRecordRequest,
  ScheduleSearchAnswer,
  ScheduleStatusRequest,
} from './schedules';
import type { SearchAnswer, SearchRequest } from './search';
import type {
  UnreadableAnswerBodyAnswer,
  UnreadableAnswerParams,
  UnreadableAnswersAnswer,
  UnreadableAnswersQuery,
} from './unreadable-answers';

/**
 * The worker's HTTP API, route by route: the one table the add-on calls through
 * (addon/server/worker-client.ts `callRoute`), the worker describes as OpenAPI
 * (`GET /api/openapi.json`, worker/src/openapi/openapi.ts) and a test holds equal to the routes the
 * worker's app really serves. Each route carries, as types only, what it takes and answers, so a
 * renamed field breaks the build of the side that did not follow.
 */

/** Who may call: anyone; a Google ID token only; any signed-in caller; admins only. */
export type RouteAccess = 'public' | 'id-token' | 'signed-in' | 'admin';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where a route finds the spreadsheet it acts on, for the routes bound to one (issue 22): the
 * worker serves them only with proof that the caller can edit it (edit-proof.ts), and the add-on
 * answers a route's `edit_proof_required` by writing the challenge into the active spreadsheet.
 * - `path`: `:documentId`;
 * - `body.documentId`, `body.spreadsheetId`: a field of the JSON body;
 * - `schedule`: the spreadsheet of the schedule `:id`.
 */
export type SpreadsheetBinding = 'path' | 'body.documentId' | 'body.spreadsheetId' | 'schedule';

/** What a route answers on success (successStatus): 200 unless the table says otherwise. */
export type SuccessStatus = 200 | 201 | 202;

/** What a route takes (path `:params`, query string, JSON body) and answers. Types only. */
export interface RouteShapes {
  params?: object;
  query?: object;
  body?: unknown;
  answer: unknown;
}

export interface WorkerRoute<S extends RouteShapes = RouteShapes> {
  readonly method: RouteMethod;
  /** Express-style, `:name` for a path parameter. */
  readonly path: `/${string}`;
  /** One sentence for the OpenAPI description. */
  readonly summary: string;
  readonly access: RouteAccess;
  /**
   * A document key (a spreadsheet's formulas) may call it. Every other route refuses one: the key
   * sits in document properties, where every editor's formulas can read it, so it must not open
   * the sidebar's routes (jobs, usage, keys) of the person who connected the document.
   */
  readonly formulas?: true;
  /** The spreadsheet it acts on, when it acts on one: served only with proof of edit access. */
  readonly spreadsheet?: SpreadsheetBinding;
  /**
   * The status of a success when it is not 200 (`POST /api/jobs`: 202 Accepted, the job still to
   * run). The worker answers it and the OpenAPI description says it; a test holds them equal.
   */
  readonly status?: SuccessStatus;
  /** A second success and when it comes (the job an idempotency key already made: 200). */
  readonly alsoAnswers?: { readonly status: SuccessStatus; readonly when: string };
  /** When it answers 503 (the readiness probe: the worker is not ready). */
  readonly unavailableWhen?: string;
  /** Never set: carries S for the compiler. */
  readonly shapes?: S;
}

function route<S extends RouteShapes>(spec: Omit<WorkerRoute<S>, 'shapes'>): WorkerRoute<S> {
  return spec;
}

/** The status `route` answers on success. */
export function successStatus(route: WorkerRoute): SuccessStatus {
  return route.status ?? 200;
}

export const WORKER_ROUTES = {
  reports: route<{ body: ReportsRequest; answer: ReportsAnswer }>({
    method: 'POST',
    path: '/api/reports',
    summary: 'One report row per handle or profile URL, in input order (cached creators are free).',
    access: 'signed-in',
    formulas: true,
  }),
  reportsEstimate: route<{ body: ReportsEstimateRequest; answer: ReportsEstimateAnswer }>({
    method: 'POST',
    path: '/api/reports/estimate',
    summary:
      'What reports of these handles would cost now: distinct creators, those the cache answers for free, the most the rest costs.',
    access: 'signed-in',
  }),
  reportsHistory: route<{ body: ReportsHistoryRequest; answer: ReportsHistoryAnswer }>({
    method: 'POST',
    path: '/api/reports/history',
    summary:
      "Each handle's monthly history (followers and averages, oldest first) from the reports the worker's cache holds; free, never the API.",
    access: 'signed-in',
    formulas: true,
  }),
  emailSearch: route<{ body: EmailSearchRequest; answer: EmailSearchAnswer }>({
    method: 'POST',
    path: '/api/email-search',
    summary: 'One row per e-mail address: the creators the address belongs to, batched up to 1,000 per call.',
    access: 'signed-in',
    formulas: true,
  }),
  // No body when the ID token is the bearer.
  issueKey: route<{ body: KeyRequest | undefined; answer: IssuedKeyAnswer }>({
    method: 'POST',
    path: '/api/keys',
    summary: 'Trades a Google ID token (bearer or body) for a worker key, shown once.',
    access: 'id-token',
    spreadsheet: 'body.documentId',
  }),
  listKeys: route<{ query: KeyListQuery; answer: KeyListAnswer }>({
    method: 'GET',
    path: '/api/keys',
    summary: "The caller's worker keys (an admin's: everyone's, `email` narrows); never the keys themselves.",
    access: 'signed-in',
  }),
  revokeKey: route<{ params: KeyParams; answer: KeyRevokedAnswer }>({
    method: 'DELETE',
    path: '/api/keys/:id',
    summary: 'Revokes a worker key: a member their own, an admin any, a document key itself.',
    access: 'signed-in',
    formulas: true,
  }),
  formulaAllowance: route<{ params: DocumentParams; answer: FormulaAllowanceAnswer }>({
    method: 'GET',
    path: '/api/documents/:documentId/formula-allowance',
    summary:
      "A document's formula allowance: per day, spent, left, and the formulas waiting for an approval.",
    access: 'signed-in',
    spreadsheet: 'path',
  }),
  setFormulaAllowance: route<{
    params: DocumentParams;
    body: FormulaAllowanceRequest;
    answer: FormulaAllowanceAnswer;
  }>({
    method: 'PUT',
    path: '/api/documents/:documentId/formula-allowance',
    summary: "Sets a document's formula allowance (credits per UTC day): who connected it, or an admin.",
    access: 'signed-in',
    spreadsheet: 'path',
  }),
  approveFormulas: route<{
    params: DocumentParams;
    body: FormulaApprovalRequest;
    answer: FormulaAllowanceAnswer;
  }>({
    method: 'POST',
    path: '/api/documents/:documentId/formula-approvals',
    summary: "Approves credits on top of today's formula allowance: who connected the document, or an admin.",
    access: 'signed-in',
    spreadsheet: 'path',
  }),
  proveEditAccess: route<{ params: DocumentParams; answer: EditProofAnswer }>({
    method: 'POST',
    path: '/api/documents/:documentId/edit-proof',
    summary:
      'Proves that the caller can edit this spreadsheet (403 with a challenge, then again with it in X-Edit-Proof); any signed-in caller, admins too.',
    access: 'signed-in',
    spreadsheet: 'path',
  }),
  deliveryStatus: route<{ params: DocumentParams; answer: DeliveryStatusAnswer }>({
    method: 'GET',
    path: '/api/documents/:documentId/delivery',
    summary:
      "The worker's service account and whether this spreadsheet is shared with it (the worker then writes rows itself).",
    access: 'signed-in',
    spreadsheet: 'path',
  }),
  usage: route<{ query: UsageQuery; answer: UsageAnswer }>({
    method: 'GET',
    path: '/api/account/usage',
    summary: "The caller's spend, budget lines and recent calls; an admin's also the team's.",
    access: 'signed-in',
  }),
  breakdown: route<{ query: BreakdownQuery; answer: BreakdownAnswer }>({
    method: 'GET',
    path: '/api/account/breakdown',
    summary:
      "The caller's spend per operation and per UTC day over the last days; an admin's also the team's.",
    access: 'signed-in',
  }),
  budgets: route<{ answer: BudgetsAnswer }>({
    method: 'GET',
    path: '/api/budgets',
    summary: 'The configured budget defaults and every override.',
    access: 'admin',
  }),
  setBudgets: route<{ body: BudgetUpdateRequest; answer: BudgetUpdateAnswer }>({
    method: 'PUT',
    path: '/api/budgets',
    summary: 'Sets daily and monthly limits, in credits or raw requests, for the team or one user.',
    access: 'admin',
  }),
  account: route<{ query: AccountQuery; answer: AccountAnswer }>({
    method: 'GET',
    path: '/api/account',
    summary: "The caller's spend and budgets as sheet rows; for admins also the API account's balance.",
    access: 'signed-in',
  }),
  health: route<{ answer: HealthAnswer }>({
    method: 'GET',
    path: '/api/health',
    summary: "The API's health and the worker's own; admins also see contract drift and reconciliation.",
    access: 'signed-in',
  }),
  unreadableAnswers: route<{ query: UnreadableAnswersQuery; answer: UnreadableAnswersAnswer }>({
    method: 'GET',
    path: '/api/admin/unreadable-answers',
    summary: 'Paid answers this version could not read, kept for a fix.',
    access: 'admin',
  }),
  unreadableAnswer: route<{ params: UnreadableAnswerParams; answer: UnreadableAnswerBodyAnswer }>({
    method: 'GET',
    path: '/api/admin/unreadable-answers/:id',
    summary: 'One unreadable answer with its body.',
    access: 'admin',
  }),
  search: route<{ body: SearchRequest; answer: SearchAnswer }>({
    method: 'POST',
    path: '/api/search',
    summary: 'A creator search, paginated by the worker (`pages` or `maxResults`); `dryRun` estimates only.',
    access: 'signed-in',
  }),
  overlap: route<{ body: OverlapRequest; answer: OverlapAnswer }>({
    method: 'POST',
    path: '/api/overlap',
    summary: 'Audience overlap of 2 to 100 creators.',
    access: 'signed-in',
    formulas: true,
  }),
  dictionary: route<{ params: DictionaryParams; query: DictionaryQuery; answer: DictionaryAnswer }>({
    method: 'GET',
    path: '/api/dictionaries/:platform/:kind',
    summary: "A search dictionary's items (brands, interests, languages, locations...), free and cached.",
    access: 'signed-in',
  }),
  aiSearch: route<{ body: AiSearchRequest; answer: AiSearchAnswer }>({
    method: 'POST',
    path: '/api/ai/search',
    summary: 'AI search by text, image or lookalikes, paginated by the worker.',
    access: 'signed-in',
  }),
  aiBrands: route<{ query: AiBrandsQuery; answer: DictionaryAnswer }>({
    method: 'GET',
    path: '/api/ai/brands',
    summary: "The AI search's brand dictionary (`q` is the typed text).",
    access: 'signed-in',
  }),
  aiHashtags: route<{ query: AiHashtagsQuery; answer: DictionaryAnswer }>({
    method: 'GET',
    path: '/api/ai/hashtags',
    summary: "The AI search's hashtags starting with `q`.",
    access: 'signed-in',
  }),
  aiMentions: route<{ query: AiMentionsQuery; answer: DictionaryAnswer }>({
    method: 'GET',
    path: '/api/ai/mentions',
    summary: "The AI search's mentions starting with `q` (Instagram and TikTok).",
    access: 'signed-in',
  }),
  aiLists: route<{ query: AiListRowsQuery; answer: AiListsAnswer }>({
    method: 'GET',
    path: '/api/ai/lists',
    summary: "The account's AI lists with their owners.",
    access: 'signed-in',
  }),
  newAiList: route<{ body: NewAiListRequest; answer: AiListAnswer }>({
    method: 'POST',
    path: '/api/ai/lists',
    summary: 'Creates an AI list (its platform is fixed); the caller owns it.',
    access: 'signed-in',
    status: 201,
  }),
  aiList: route<{ params: AiListParams; answer: AiListAnswer }>({
    method: 'GET',
    path: '/api/ai/lists/:id',
    summary: 'One AI list.',
    access: 'signed-in',
  }),
  deleteAiList: route<{ params: AiListParams; answer: AiListDeletedAnswer }>({
    method: 'DELETE',
    path: '/api/ai/lists/:id',
    summary: 'Deletes an AI list: its owner or an admin.',
    access: 'signed-in',
  }),
  aiListMembers: route<{ params: AiListParams; query: AiListRowsQuery; answer: AiListMembersAnswer }>({
    method: 'GET',
    path: '/api/ai/lists/:id/members',
    summary: "Every member of an AI list (the worker reads the API's pages).",
    access: 'signed-in',
  }),
  addAiListMembers: route<{ params: AiListParams; body: AiListMembersRequest; answer: AiListChangeAnswer }>({
    method: 'POST',
    path: '/api/ai/lists/:id/members',
    summary: 'Adds creators to an AI list, any number (sent in chunks the API takes).',
    access: 'signed-in',
  }),
  deleteAiListMembers: route<{
    params: AiListParams;
    body: AiListMembersRequest;
    answer: AiListChangeAnswer;
  }>({
    method: 'DELETE',
    path: '/api/ai/lists/:id/members',
    summary: 'Removes creators from an AI list.',
    access: 'signed-in',
  }),
  removeAiListMembers: route<{
    params: AiListParams;
    body: AiListMembersRequest;
    answer: AiListChangeAnswer;
  }>({
    method: 'POST',
    path: '/api/ai/lists/:id/members/remove',
    summary: 'Removes creators from an AI list, for callers that cannot send a DELETE body.',
    access: 'signed-in',
  }),
  collaborationPosts: route<{ body: CollaborationsRequest; answer: CollaborationPostsAnswer }>({
    method: 'POST',
    path: '/api/collaborations/posts',
    summary: "Sponsored posts between an influencer and brands, or a brand's influencers, page by page.",
    access: 'signed-in',
  }),
  collaborationSummary: route<{ body: CollaborationsRequest; answer: CollaborationSummaryAnswer }>({
    method: 'POST',
    path: '/api/collaborations/summary',
    summary: 'One row per collaboration partner, then the totals.',
    access: 'signed-in',
  }),
  deprecatedCollaborations: route<{
    body: DeprecatedCollaborationsRequest;
    answer: CollaborationPagesAnswer;
  }>({
    method: 'POST',
    path: '/api/collaborations/deprecated',
    summary: 'The older per-platform collaboration endpoints, 1 credit per page of 30.',
    access: 'signed-in',
  }),
  raw: route<{ body: RawRequest; answer: RawAnswer }>({
    method: 'POST',
    path: '/api/raw',
    summary: 'One raw data request (feeds, posts, comments...), billed in raw requests, not credits.',
    access: 'signed-in',
  }),
  rawFeedUsage: route<{ params: JobParams; answer: RawFeedUsageAnswer }>({
    method: 'GET',
    path: '/api/raw/jobs/:id',
    summary: 'What a raw-feed job pulled and the raw requests left.',
    access: 'signed-in',
  }),
  startJob: route<{ body: StartJobRequest; answer: JobStartedAnswer }>({
    method: 'POST',
    path: '/api/jobs',
    summary: 'Starts a long job (202), or answers the job an idempotency key already made (200).',
    access: 'signed-in',
    status: 202,
    alsoAnswers: { status: 200, when: 'The job this idempotency key already made' },
  }),
  jobDelivery: route<{ params: JobParams; body: JobDeliveryRequest; answer: JobDeliveryState }>({
    method: 'PUT',
    path: '/api/jobs/:id/delivery',
    summary:
      "Asks the worker to write a job's rows into the sheet itself (its service account); answers who writes them.",
    access: 'signed-in',
    spreadsheet: 'body.spreadsheetId',
  }),
  jobs: route<{ query: JobListQuery; answer: JobListAnswer }>({
    method: 'GET',
    path: '/api/jobs',
    summary: "The caller's jobs, newest first.",
    access: 'signed-in',
  }),
  job: route<{ params: JobParams; answer: JobProgressAnswer }>({
    method: 'GET',
    path: '/api/jobs/:id',
    summary: "A job's progress.",
    access: 'signed-in',
  }),
  jobRows: route<{ params: JobParams; query: JobRowsQuery; answer: JobRowsAnswer }>({
    method: 'GET',
    path: '/api/jobs/:id/rows',
    summary: "A job's finished rows in input order from `after`.",
    access: 'signed-in',
  }),
  cancelJob: route<{ params: JobParams; answer: JobProgressAnswer }>({
    method: 'DELETE',
    path: '/api/jobs/:id',
    summary: 'Cancels a job; rows already written stay.',
    access: 'signed-in',
  }),
  documentSchedules: route<{ params: DocumentParams; answer: ScheduleListAnswer }>({
    method: 'GET',
    path: '/api/documents/:documentId/schedules',
    summary: "A document's scheduled reports, with their last run and next run: any signed-in member.",
    access: 'signed-in',
    spreadsheet: 'path',
  }),
  documentStatus: route<{ params: DocumentParams; answer: DocumentStatusAnswer }>({
    method: 'GET',
    path: '/api/documents/:documentId/status',
    summary:
      "A document's schedules and formula allowance in one answer: what an open sidebar reads once a minute.",
    access: 'signed-in',
    spreadsheet: 'path',
  }),
  schedules: route<{ answer: ScheduleListAnswer }>({
    method: 'GET',
    path: '/api/schedules',
    summary: 'Every scheduled report of every document.',
    access: 'admin',
  }),
  createSchedule: route<{ params: DocumentParams; body: ScheduleRequest; answer: ScheduleAnswer }>({
    method: 'POST',
    path: '/api/documents/:documentId/schedules',
    summary:
      "Sets up a scheduled report (201); billed like the document's formulas, so they must be connected (409).",
    access: 'signed-in',
    spreadsheet: 'path',
    status: 201,
  }),
  updateSchedule: route<{ params: ScheduleParams; body: ScheduleRequest; answer: ScheduleAnswer }>({
    method: 'PUT',
    path: '/api/schedules/:id',
    summary: 'Changes a scheduled report: who set it up, who connected the document, or an admin.',
    access: 'signed-in',
    spreadsheet: 'schedule',
  }),
  setScheduleStatus: route<{ params: ScheduleParams; body: ScheduleStatusRequest; answer: ScheduleAnswer }>({
    method: 'PATCH',
    path: '/api/schedules/:id',
    summary: 'Pauses a scheduled report, or resumes it (its failures cleared, its next run set).',
    access: 'signed-in',
    spreadsheet: 'schedule',
  }),
  deleteSchedule: route<{ params: ScheduleParams; answer: ScheduleAnswer }>({
    method: 'DELETE',
    path: '/api/schedules/:id',
    summary: 'Deletes a scheduled report (what it wrote stays in the sheet).',
    access: 'signed-in',
    spreadsheet: 'schedule',
  }),
  estimateSchedule: route<{ body: ScheduleEstimateRequest; answer: ScheduleEstimateAnswer }>({
    method: 'POST',
    path: '/api/schedule-estimates',
    summary:
      "What a schedule's first and later runs cost, counting the reports the worker's cache holds fresh enough; nothing is spent.",
    access: 'signed-in',
  }),
  runSchedule: route<{ params: ScheduleParams; answer: ScheduleAnswer }>({
    method: 'POST',
    path: '/api/schedules/:id/run',
    summary: 'Runs a scheduled report now (202, the run under way); 409 while it runs or is paused.',
    access: 'signed-in',
    spreadsheet: 'schedule',
    status: 202,
  }),
  recordScheduleRun: route<{
    params: ScheduleParams;
    body: ScheduleRunRecordRequest;
    answer: ScheduleAnswer;
  }>({
    method: 'POST',
    path: '/api/schedules/:id/runs',
    summary:
      "Records the add-on's run of a schedule it runs from a trigger (issue 26): whoever set it up; 409 when it is not due or the worker runs it.",
    access: 'signed-in',
    spreadsheet: 'schedule',
  }),
  scheduleSearch: route<{ params: ScheduleParams; answer: ScheduleSearchAnswer }>({
    method: 'POST',
    path: '/api/schedules/:id/search',
    summary:
      "The table of a saved search the add-on runs (issue 26), paged by the worker: with the schedule's document key only, billed like its formulas.",
    access: 'signed-in',
    formulas: true,
    spreadsheet: 'schedule',
  }),
  duplicateSchedule: route<{
    params: ScheduleParams;
    body: ScheduleDuplicateRequest;
    answer: ScheduleAnswer;
  }>({
    method: 'POST',
    path: '/api/schedules/:id/duplicate',
    summary:
      "Copies a scheduled report (201), set up by the caller; billed like the document's formulas, so they must be connected (409).",
    access: 'signed-in',
    spreadsheet: 'schedule',
    status: 201,
  }),
  handOverSchedule: route<{ params: ScheduleParams; body: ScheduleHandoverRequest; answer: ScheduleAnswer }>({
    method: 'POST',
    path: '/api/schedules/:id/handover',
    summary:
      'Hands a scheduled report over to another editor, who must have proven edit access to its spreadsheet lately (409 otherwise).',
    access: 'signed-in',
    spreadsheet: 'schedule',
  }),
  takeOverSchedule: route<{ params: ScheduleParams; answer: ScheduleAnswer }>({
    method: 'POST',
    path: '/api/schedules/:id/takeover',
    summary:
      "Takes over a schedule the add-on runs whose owner's trigger stopped (paused after failures, or 6 hours overdue), by whoever connected its formulas or proves edit access; recorded and told (409 while it still runs).",
    access: 'signed-in',
    spreadsheet: 'schedule',
  }),
  scheduleAlertSettings: route<{ params: DocumentParams; answer: ScheduleAlertSettingsAnswer }>({
    method: 'GET',
    path: '/api/documents/:documentId/schedule-alerts',
    summary:
      "Where a document's failed scheduled runs are told: its chat webhook (a hint of it only) and e-mail.",
    access: 'signed-in',
    spreadsheet: 'path',
  }),
  setScheduleAlertSettings: route<{
    params: DocumentParams;
    body: ScheduleAlertSettingsRequest;
    answer: ScheduleAlertSettingsAnswer;
  }>({
    method: 'PUT',
    path: '/api/documents/:documentId/schedule-alerts',
    summary:
      "Sets or removes a document's chat webhook for failed scheduled runs (https): whoever connected it, or an admin.",
    access: 'signed-in',
    spreadsheet: 'path',
  }),
  openApi: route<{ answer: object }>({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This description of the API (OpenAPI 3.1).',
    access: 'public',
  }),
  // For the host that runs the worker (health checks), never called by the add-on.
  liveness: route<{ answer: LivenessAnswer }>({
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness probe: the process answers; it asks nothing of the store or the API.',
    access: 'public',
  }),
  readiness: route<{ answer: ReadinessAnswer }>({
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness probe: the store answers and the worker is neither starting nor shutting down.',
    access: 'public',
    unavailableWhen:
      'Not ready: starting, shutting down, or the store does not answer (the message says which)',
  }),
} as const;

export type WorkerRouteName = keyof typeof WORKER_ROUTES;

/**
 * `route.path` with its `:name` parameters filled in, each percent-encoded, without the leading
 * slash (the add-on's URLs are `<worker URL>api/...`, the URL ending in `/`).
 */
export function routePath(route: WorkerRoute, params?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return route.path.slice(1).replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`${route.method} ${route.path} needs its "${name}"`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The routes bound to a spreadsheet (`spreadsheet` set), by name. */
export const SPREADSHEET_ROUTES: readonly WorkerRouteName[] = (
  Object.keys(WORKER_ROUTES) as WorkerRouteName[]
).filter((name) => (WORKER_ROUTES[name] as WorkerRoute).spreadsheet !== undefined);

/** The routes a document key may call, as `METHOD /path` with Express's `:params`. */
export const FORMULA_ROUTES: ReadonlySet<string> = new Set(
  Object.values(WORKER_ROUTES as Record<string, WorkerRoute>)
    .filter((route) => route.formulas === true)
    .map((route) => `${route.method} ${route.path}`),
);
