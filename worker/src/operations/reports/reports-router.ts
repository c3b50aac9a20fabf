import { Router, type RequestHandler } from 'express';
import { MAX_REPORT_INPUTS, MAX_REPORT_JOB_INPUTS } from '../../../../shared/worker-api/request-limits';
import { WORKER_ROUTES } from '../../../../shared/worker-api/routes';
import { jsonBody, KB } from '../../request-io/json-body';
import { parseBody } from '../../request-io/parse-body';
import { sendJsonBytes, sendJsonText, sheetAnswerJson } from '../../request-io/sheet-answer-json';
import { served, type ServedRoute } from '../../request-io/served-route';
import { operationContext, type OperationDeps } from '../operation-deps';
import { createReportAnswerMemo, type CachedAnswerSources } from './report-answer-memo';
import { freshSince } from './report-freshness';
import { runReports } from './reports';
import { reportsRequestSchema } from './reports-request';
import { estimateReports, reportsEstimateRequestSchema } from './reports-estimate';
import { reportsHistory, reportsHistoryRequestSchema } from './reports-history';

/**
 * A formula's body: up to 2,000 handle cells of at most 256 bytes each (a profile URL with its
 * query string; a name is about 15), and the fields list.
 */
export const REPORTS_BODY_LIMIT = MAX_REPORT_INPUTS * 256 + 64 * KB;

/** An estimate's body: a bulk job's column, handles of about 30 bytes (URLs are cut to their name by then). */
const ESTIMATE_BODY_LIMIT = MAX_REPORT_JOB_INPUTS * 64 + 64 * KB;

export const REPORTS_PATH = WORKER_ROUTES.reports.path;

/**
 * `POST /api/reports` `{ handles, platform?, fields?, calculationMethod?, refresh?, withHeader?,
 * deadlineMs?, cell? }` -> `{ header, columns, rows, pending, counts }` (see runReports): the credential,
 * the body, the answer. createApp mounts them on the app itself (a formula's route is the busiest
 * there is: no router of its own to pass through), createReportsRouter in a router.
 */
export function reportsHandlers(deps: OperationDeps): RequestHandler[] {
  const memo = createReportAnswerMemo(deps.store.cache);
  return [
    deps.authenticate,
    jsonBody(REPORTS_BODY_LIMIT),
    async (req, res) => {
      const context = operationContext(req, deps);
      // The parsed body, as text: the same request again is the same text.
      const text: unknown = JSON.stringify(req.body);
      // A freshness bound moves with the clock: the same text may want a newer report tomorrow.
      const memoable = typeof text === 'string' && !hasFreshness(req.body);
      const kept = memoable ? memo.recall(text, deps.clock.now()) : null;
      if (kept !== null) {
        await deps.paid.recordSavings(context, 'report', kept.sources);
        sendJsonBytes(res, kept.body);
        return;
      }
      const input = parseBody(reportsRequestSchema, req.body);
      let sources: CachedAnswerSources | null = null;
      const since = freshSince(input, deps.store.cacheTtlMs.reports, deps.clock.now());
      const answer = await runReports(deps, context, input, {
        namePlatforms: true,
        fromCacheOnly: (made) => (sources = made),
        ...(since === null ? {} : { freshSince: since }),
      });
      const json = sheetAnswerJson(answer);
      if (sources !== null && memoable) memo.keep(text, json, sources, deps.clock.now());
      sendJsonText(res, json);
    },
  ];
}

function hasFreshness(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'freshnessDays' in body;
}

/** `POST /api/reports` alone, in a router of its own (createApp mounts reportsHandlers on the app). */
export function createReportsRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post(REPORTS_PATH, ...reportsHandlers(deps));
  return router;
}

/**
 * `POST /api/reports/estimate` `{ handles, platform? }` -> `{ creators, cached, toFetch, credits }`
 * (see estimateReports): free, for the sidebar's prompts before a paid run; `POST
 * /api/reports/history` `{ handles, platform? }` -> `{ history }` (see reportsHistory): free, the
 * cached reports' months for the add-on runner's first snapshot. `POST /api/reports` itself is
 * served by the app first (reportsHandlers).
 */
export function reportsEstimateRoutes(deps: OperationDeps): ServedRoute[] {
  return [
    served(
      'reportsHistory',
      { body: reportsHistoryRequestSchema },
      {
        bodyLimit: REPORTS_BODY_LIMIT,
        handle: async ({ body }, _req, res) => {
          res.set('Cache-Control', 'no-store');
          return reportsHistory(deps, body);
        },
      },
    ),
    served(
      'reportsEstimate',
      { body: reportsEstimateRequestSchema },
      {
        bodyLimit: ESTIMATE_BODY_LIMIT,
        handle: async ({ body }, _req, res) => {
          res.set('Cache-Control', 'no-store');
          return estimateReports(deps, body);
        },
      },
    ),
  ];
}
