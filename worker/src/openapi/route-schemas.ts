import type { z } from 'zod';
import type { RouteShapes, WorkerRoute, WorkerRouteName } from '../../../shared/worker-api/routes';
import { WORKER_ROUTES as R } from '../../../shared/worker-api/routes';
import { accountQuerySchema } from '../operations/account/account-router';
import {
  aiBrandsRequestSchema,
  aiHashtagsRequestSchema,
  aiMentionsRequestSchema,
} from '../operations/dictionaries/ai-dictionaries-request';
import {
  aiListCreateBodySchema,
  aiListIdSchema,
  aiListMembersBodySchema,
  aiListRowsQuerySchema,
} from '../operations/ai-lists/ai-lists-request';
import { aiSearchRequestSchema } from '../operations/ai-search/ai-search-request';
import {
  collaborationsRequestSchema,
  deprecatedCollaborationsRequestSchema,
} from '../operations/collaborations/collaborations-request';
import {
  dictionaryPathRequestSchema,
  dictionaryQueryRequestSchema,
} from '../operations/dictionaries/dictionaries-request';
import { emailSearchRequestSchema } from '../operations/email-search/email-search-request';
import { overlapRequestSchema } from '../operations/overlap/overlap-request';
import { rawRequestSchema } from '../operations/raw/raw-request';
import { reportsRequestSchema } from '../operations/reports/reports-request';
import { reportsEstimateRequestSchema } from '../operations/reports/reports-estimate';
import { reportsHistoryRequestSchema } from '../operations/reports/reports-history';
import { searchRequestSchema } from '../operations/search/search-request';
import { unreadableAnswersQuerySchema } from '../operations/unreadable-answers/unreadable-answers-router';
import { budgetUpdateSchema } from '../budgets/budgets-router';
import {
  formulaAllowanceRequestSchema,
  formulaApprovalRequestSchema,
} from '../budgets/formula-allowance-router';
import { documentParamsSchema } from '../request-io/document-params';
import { breakdownQuerySchema, usageQuerySchema } from '../budgets/usage-router';
import { keyListQuerySchema, keyRequestSchema } from '../documents/keys-router';
import { jobDeliveryRequestSchema } from '../jobs/job-delivery-request';
import { jobListQuerySchema, jobRequestSchema, jobRowsQuerySchema } from '../jobs/job-request';
import {
  scheduleAlertSettingsRequestSchema,
  scheduleDuplicateRequestSchema,
  scheduleHandoverRequestSchema,
  scheduleRunRecordRequestSchema,
  scheduleEstimateRequestSchema,
  scheduleParamsSchema,
  scheduleRequestSchema,
  scheduleStatusRequestSchema,
} from '../schedules/schedule-request';
import type { RouteSchemas } from '../request-io/served-route';

/**
 * The zod schema each route reads its path, query and body with, tied at compile time to what
 * shared/worker-api says the add-on sends: `tsc` fails here when a schema stops accepting the
 * shared request (a field renamed or made required on one side only), reads a field the shared
 * type does not name, or ignores one it names (zod would drop, or pass unread, what the add-on
 * sends). The OpenAPI description (openapi.ts) is generated from the same schemas.
 */

/** A route's schemas, as request-io/served-route.ts serves a route with them. */
export type { RouteSchemas };

/** T's named properties, without the index signature a loose object adds. */
type Named<T> = T extends unknown ? { [K in keyof T as string extends K ? never : K]: T[K] } : never;

/** What S says is sent in part P; a part that may be left out is checked for when it is sent. */
type Part<S extends RouteShapes, P extends keyof RouteShapes> = S extends { [K in P]: infer T }
  ? Exclude<T, undefined>
  : undefined;

/** Every key of any member of a union (`keyof` of a union is only the keys all members share). */
type AnyKey<T> = T extends unknown ? keyof T : never;

/**
 * unknown when every `Sent` is an input the schema takes and the two name the same fields; else a
 * message naming the fields one side lacks.
 */
type Reads<Sent, Schema> = Schema extends z.ZodType
  ? [Sent] extends [Named<z.input<Schema>>]
    ? [Exclude<keyof Named<z.input<Schema>>, keyof Sent>] extends [never]
      ? [Exclude<AnyKey<Sent>, AnyKey<Named<z.input<Schema>>>>] extends [never]
        ? unknown
        : {
            'the schema ignores fields the shared type sends': Exclude<
              AnyKey<Sent>,
              AnyKey<Named<z.input<Schema>>>
            >;
          }
      : { 'the schema reads fields the shared type lacks': Exclude<keyof Named<z.input<Schema>>, keyof Sent> }
    : { 'the schema refuses the shared request type': Sent }
  : unknown;

type Checked<S extends RouteShapes, G extends RouteSchemas> = {
  [P in keyof G]: P extends 'params' | 'query' | 'body' ? G[P] & Reads<Part<S, P>, G[P]> : never;
};

/** The schemas of `route`, checked against its shared types. */
export function schemasOf<S extends RouteShapes, G extends RouteSchemas>(
  _route: WorkerRoute<S>,
  schemas: G & Checked<S, G>,
): G {
  return schemas;
}

export const ROUTE_SCHEMAS = {
  reports: schemasOf(R.reports, { body: reportsRequestSchema }),
  reportsEstimate: schemasOf(R.reportsEstimate, { body: reportsEstimateRequestSchema }),
  reportsHistory: schemasOf(R.reportsHistory, { body: reportsHistoryRequestSchema }),
  emailSearch: schemasOf(R.emailSearch, { body: emailSearchRequestSchema }),
  issueKey: schemasOf(R.issueKey, { body: keyRequestSchema }),
  listKeys: schemasOf(R.listKeys, { query: keyListQuerySchema }),
  revokeKey: {},
  formulaAllowance: schemasOf(R.formulaAllowance, { params: documentParamsSchema }),
  setFormulaAllowance: schemasOf(R.setFormulaAllowance, {
    params: documentParamsSchema,
    body: formulaAllowanceRequestSchema,
  }),
  approveFormulas: schemasOf(R.approveFormulas, {
    params: documentParamsSchema,
    body: formulaApprovalRequestSchema,
  }),
  proveEditAccess: schemasOf(R.proveEditAccess, { params: documentParamsSchema }),
  deliveryStatus: schemasOf(R.deliveryStatus, { params: documentParamsSchema }),
  usage: schemasOf(R.usage, { query: usageQuerySchema }),
  breakdown: schemasOf(R.breakdown, { query: breakdownQuerySchema }),
  budgets: {},
  setBudgets: schemasOf(R.setBudgets, { body: budgetUpdateSchema }),
  account: schemasOf(R.account, { query: accountQuerySchema }),
  health: {},
  unreadableAnswers: schemasOf(R.unreadableAnswers, { query: unreadableAnswersQuerySchema }),
  unreadableAnswer: {},
  search: schemasOf(R.search, { body: searchRequestSchema }),
  overlap: schemasOf(R.overlap, { body: overlapRequestSchema }),
  dictionary: schemasOf(R.dictionary, {
    params: dictionaryPathRequestSchema,
    query: dictionaryQueryRequestSchema,
  }),
  aiSearch: schemasOf(R.aiSearch, { body: aiSearchRequestSchema }),
  aiBrands: schemasOf(R.aiBrands, { query: aiBrandsRequestSchema }),
  aiHashtags: schemasOf(R.aiHashtags, { query: aiHashtagsRequestSchema }),
  aiMentions: schemasOf(R.aiMentions, { query: aiMentionsRequestSchema }),
  aiLists: schemasOf(R.aiLists, { query: aiListRowsQuerySchema }),
  newAiList: schemasOf(R.newAiList, { body: aiListCreateBodySchema }),
  aiList: schemasOf(R.aiList, { params: aiListIdSchema }),
  deleteAiList: schemasOf(R.deleteAiList, { params: aiListIdSchema }),
  aiListMembers: schemasOf(R.aiListMembers, { params: aiListIdSchema, query: aiListRowsQuerySchema }),
  addAiListMembers: schemasOf(R.addAiListMembers, { params: aiListIdSchema, body: aiListMembersBodySchema }),
  deleteAiListMembers: schemasOf(R.deleteAiListMembers, {
    params: aiListIdSchema,
    body: aiListMembersBodySchema,
  }),
  removeAiListMembers: schemasOf(R.removeAiListMembers, {
    params: aiListIdSchema,
    body: aiListMembersBodySchema,
  }),
  collaborationPosts: schemasOf(R.collaborationPosts, { body: collaborationsRequestSchema }),
  collaborationSummary: schemasOf(R.collaborationSummary, { body: collaborationsRequestSchema }),
  deprecatedCollaborations: schemasOf(R.deprecatedCollaborations, {
    body: deprecatedCollaborationsRequestSchema,
  }),
  raw: schemasOf(R.raw, { body: rawRequestSchema }),
  rawFeedUsage: {},
  startJob: schemasOf(R.startJob, { body: jobRequestSchema }),
  jobDelivery: schemasOf(R.jobDelivery, { body: jobDeliveryRequestSchema }),
  jobs: schemasOf(R.jobs, { query: jobListQuerySchema }),
  job: {},
  jobRows: schemasOf(R.jobRows, { query: jobRowsQuerySchema }),
  cancelJob: {},
  documentSchedules: schemasOf(R.documentSchedules, { params: documentParamsSchema }),
  documentStatus: schemasOf(R.documentStatus, { params: documentParamsSchema }),
  schedules: {},
  createSchedule: schemasOf(R.createSchedule, { params: documentParamsSchema, body: scheduleRequestSchema }),
  updateSchedule: schemasOf(R.updateSchedule, { params: scheduleParamsSchema, body: scheduleRequestSchema }),
  setScheduleStatus: schemasOf(R.setScheduleStatus, {
    params: scheduleParamsSchema,
    body: scheduleStatusRequestSchema,
  }),
  deleteSchedule: schemasOf(R.deleteSchedule, { params: scheduleParamsSchema }),
  estimateSchedule: schemasOf(R.estimateSchedule, { body: scheduleEstimateRequestSchema }),
  runSchedule: schemasOf(R.runSchedule, { params: scheduleParamsSchema }),
  recordScheduleRun: schemasOf(R.recordScheduleRun, {
    params: scheduleParamsSchema,
    body: scheduleRunRecordRequestSchema,
  }),
  scheduleSearch: schemasOf(R.scheduleSearch, { params: scheduleParamsSchema }),
  takeOverSchedule: schemasOf(R.takeOverSchedule, { params: scheduleParamsSchema }),
  duplicateSchedule: schemasOf(R.duplicateSchedule, {
    params: scheduleParamsSchema,
    body: scheduleDuplicateRequestSchema,
  }),
  handOverSchedule: schemasOf(R.handOverSchedule, {
    params: scheduleParamsSchema,
    body: scheduleHandoverRequestSchema,
  }),
  scheduleAlertSettings: schemasOf(R.scheduleAlertSettings, { params: documentParamsSchema }),
  setScheduleAlertSettings: schemasOf(R.setScheduleAlertSettings, {
    params: documentParamsSchema,
    body: scheduleAlertSettingsRequestSchema,
  }),
  openApi: {},
  liveness: {},
  readiness: {},
} satisfies Record<WorkerRouteName, RouteSchemas>;
