import { sumCharges } from '../../../../shared/pricing';
import { selectReportColumns, type ReportRowInput } from '../../../../shared/rows/report-rows';
import { unreadableAnswerMessage } from '../../../../shared/unreadable-answer';
import type { FormulaAskSource } from '../../../../shared/worker-api/formula-allowance';
import type { ReportsAnswer } from '../../../../shared/worker-api/reports';
import { fileFormulaAsk } from '../../billing/formula-ask';
import { formulaAskSource } from '../operation-helpers/formula-cell-field';
import type { PaidBudget } from '../../billing/paid-call';
import { createConcurrencyLimit } from '../../concurrency/concurrency-limit';
import { settledBy, STILL_FETCHING } from '../../upstream/deadline';
import { badRequest } from '../../request-io/worker-error';
import type { OperationContext, OperationDeps } from '../operation-deps';
import type { CachedAnswerSources } from './report-answer-memo';
import { reportRowsWithMemo } from './report-row-memo';
import {
  fetchReport,
  reportError,
  reportEstimate,
  type ReportOutcome,
  type ReportTarget,
} from './reports-fetch';
import { cachedOutcomes, parseReportTargets } from './reports-targets';
import { columnsNamingPlatforms } from './report-platform-column';
import type { ReportsRequest } from './reports-request';

export type { ReportsAnswer };

/** What a caller inside the worker may ask beyond the route's request. */
export interface ReportsOptions {
  /**
   * Only reports stored since then count as cached (a schedule's freshness): older ones are
   * bought again, once, however many requests ask for them at once. None: the cache as it is.
   */
  freshSince?: number;
  /** A formula's rows say their platform when not all are the formula's (issue 25). */
  namePlatforms?: boolean;
  /** Hears what the answer was made of when the report cache answered every creator (issue 28). */
  fromCacheOnly?: (sources: CachedAnswerSources) => void;
}

/**
 * Reports for many handles, one row per input in input order: parse each input (URLs say their
 * platform; a formula's rows then say theirs, `namePlatforms`), deduplicate by creator, answer
 * from the cache, fetch the rest (one budget check for all of them first; single flight per
 * creator; bounded concurrency, paced by the throttle), and answer by the deadline with what is
 * ready. `fromCacheOnly` (an option) hears what the answer was made of when the report cache
 * answered every creator (report-answer-memo.ts).
 */
export async function runReports(
  deps: OperationDeps,
  context: OperationContext,
  input: ReportsRequest,
  options: ReportsOptions = {},
): Promise<ReportsAnswer> {
  const askedAt = deps.clock.now();
  const freshSince = input.refresh ? askedAt : (options.freshSince ?? null);
  const selection = selectReportColumns(input.fields ?? undefined);
  if (!selection.ok) throw badRequest(selection.error);

  const { rowInputs, targets } = parseReportTargets(input.handles, input.platform, input.calculationMethod);
  // A formula's rows say their platform when not all are the formula's; a job's or a schedule's
  // table keeps the columns it was set up with.
  const columns =
    options.namePlatforms === true
      ? columnsNamingPlatforms(selection.columns, targets.values(), input.platform)
      : selection.columns;
  const keys = [...targets.keys()];
  const { outcomes, cached, hits } = input.refresh
    ? { outcomes: new Map<string, ReportOutcome>(), cached: 0, hits: [] }
    : await cachedOutcomes(deps, keys, freshSince);
  const savedByCache = sumCharges(
    [...outcomes.keys()].flatMap((key) => {
      const target = targets.get(key);
      const kind = outcomes.get(key)?.kind;
      return target !== undefined && kind !== 'error' ? [reportEstimate(target)] : [];
    }),
  ).credits;

  const missing = keys.filter((key) => !outcomes.has(key)).map((key) => targets.get(key) as ReportTarget);
  const counts = { creators: targets.size, cached, fetched: 0, shared: 0, failed: 0 };
  let pendingKeys = new Set<string>();
  let awaitingApproval = new Set<string>();
  const budget =
    missing.length === 0
      ? null
      : await reserveOrAsk(deps, context, missing, context.asker ?? formulaAskSource(input.cell));
  if (typeof budget === 'string') {
    // Past the document's formula allowance: nothing new is fetched, the cached rows stand.
    for (const target of missing)
      outcomes.set(target.key, { kind: 'error', message: budget, requestWide: null });
    awaitingApproval = new Set(missing.map((target) => target.key));
  } else if (budget !== null) {
    const work = fetchMissing(deps, context, budget, missing, freshSince, outcomes, counts);
    const inTime = await settledBy(work, input.deadlineMs ?? deps.config.formulaDeadlineMs, deps.sleep);
    if (!inTime) {
      deps.background.track(work);
      pendingKeys = new Set(
        missing.filter((target) => !outcomes.has(target.key)).map((target) => target.key),
      );
      context.log.info(
        { pending: pendingKeys.size, creators: targets.size },
        'reports answered at the deadline; fetching goes on',
      );
    }
  }
  await deps.paid.recordSavings(context, 'report', { cacheHits: cached, creditsSaved: savedByCache });
  if (!input.refresh && hits.length === keys.length)
    options.fromCacheOnly?.({ entries: hits, cacheHits: cached, creditsSaved: savedByCache });

  const anyReport = [...outcomes.values()].some((outcome) => outcome.kind !== 'error');
  if (!anyReport && pendingKeys.size === 0) {
    // Nothing to show and the cause is not any one creator: answer the cause with its status.
    for (const outcome of outcomes.values()) {
      if (outcome.kind === 'error' && outcome.requestWide !== null) throw outcome.requestWide;
    }
  }

  const resolved: ReportRowInput[] = rowInputs.map((row) => {
    if (row.kind !== 'target') return row;
    const outcome = outcomes.get(row.key);
    if (outcome === undefined || pendingKeys.has(row.key)) return { kind: 'error', message: STILL_FETCHING };
    if (outcome.kind === 'error') return { kind: 'error', message: outcome.message };
    if (outcome.kind === 'unreadable')
      return { kind: 'error', message: unreadableAnswerMessage(outcome.answer) };
    const target = targets.get(row.key) as ReportTarget;
    return {
      kind: 'report',
      platform: target.platform,
      report: outcome.report,
      reportDate: outcome.storedAt,
    };
  });
  const pending = resolved.filter((row) => row.kind === 'error' && row.message === STILL_FETCHING).length;
  return {
    header: columns.map((col) => col.label),
    columns,
    rows: reportRowsWithMemo(resolved, columns, { withHeader: input.withHeader, timeZone: input.timeZone }),
    pending,
    awaitingApproval: rowInputs.filter((row) => row.kind === 'target' && awaitingApproval.has(row.key))
      .length,
    counts,
  };
}

/**
 * One budget check for the whole request, refused (402) before anything is sent; creators another
 * request is fetching right now are not counted (this one will share that call). Past a
 * document's formula allowance the answer is the sentence the rows show instead.
 */
async function reserveOrAsk(
  deps: OperationDeps,
  context: OperationContext,
  missing: readonly ReportTarget[],
  source: FormulaAskSource,
): Promise<PaidBudget | string> {
  const toPay = missing.filter((target) => !deps.singleFlight.has(target.key));
  const estimate = sumCharges(toPay.map(reportEstimate));
  try {
    return await deps.paid.reserve(context, estimate);
  } catch (error) {
    return fileFormulaAsk(deps.store.formulaAllowances, context, error, {
      operation: 'report',
      credits: estimate.credits,
      itemKeys: toPay.map((target) => target.key),
      source,
    });
  }
}

/** Fetches every missing creator; each outcome lands in `outcomes` as soon as it is known. */
async function fetchMissing(
  deps: OperationDeps,
  context: OperationContext,
  budget: PaidBudget,
  missing: readonly ReportTarget[],
  /** A refresh: when it was asked for (an answer stored since counts); null otherwise. */
  refreshedSince: number | null,
  outcomes: Map<string, ReportOutcome>,
  counts: ReportsAnswer['counts'],
): Promise<void> {
  const limit = createConcurrencyLimit(deps.config.reportFetchConcurrency);
  let savedByShare = 0;
  try {
    await Promise.all(
      missing.map((target) =>
        limit(async () => {
          let outcome: ReportOutcome;
          let joined = false;
          try {
            const flight = await deps.singleFlight.runAcrossInstances(target.key, () =>
              fetchReport(deps, budget, target, refreshedSince),
            );
            outcome = flight.value;
            joined = flight.shared;
          } catch (error) {
            outcome = reportError(target, error);
          }
          outcomes.set(target.key, outcome);
          if (outcome.kind === 'error') counts.failed += 1;
          else if (outcome.paid && !joined) counts.fetched += 1;
          else {
            // Another request's call (in flight, or just stored) answered it: nothing paid here.
            counts.shared += 1;
            savedByShare += reportEstimate(target).credits;
          }
        }),
      ),
    );
  } finally {
    budget.release();
  }
  await deps.paid.recordSavings(context, 'report', { cacheHits: counts.shared, creditsSaved: savedByShare });
}
