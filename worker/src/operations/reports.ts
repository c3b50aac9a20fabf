import { parseHandle } from '../../../shared/handles';
import { sumCharges } from '../../../shared/pricing';
import { selectReportColumns, type ReportRowInput } from '../../../shared/rows/report-rows';
import { unreadableAnswerMessage } from '../../../shared/unreadable-answer';
import type { ReportsAnswer } from '../../../shared/worker-api/reports';
import { fileFormulaAsk } from '../billing/formula-ask';
import type { PaidBudget } from '../billing/paid-call';
import { createConcurrencyLimit } from '../concurrency-limit';
import { settledBy, STILL_FETCHING } from '../http/deadline';
import { badRequest } from '../http/worker-error';
import { CACHE_NAMESPACES } from '../store/cache-namespaces';
import type { CacheEntry } from '../store/cache-repository';
import type { OperationContext, OperationDeps } from './operation-deps';
import type { CachedAnswerSources } from './report-answer-memo';
import { reportRowsWithMemo } from './report-row-memo';
import {
  cachedReportOutcome,
  fetchReport,
  REPORT_MISSES_NAMESPACE,
  reportError,
  reportEstimate,
  reportTarget,
  type ReportOutcome,
  type ReportTarget,
} from './reports-fetch';
import type { ReportsRequest } from './reports-request';

export type { ReportsAnswer };

/**
 * Reports for many handles, one row per input in input order: parse each input (URLs say their
 * platform), deduplicate by creator, answer from the cache, fetch the rest (one budget check for
 * all of them first; single flight per creator; bounded concurrency, paced by the throttle), and
 * answer by the deadline with what is ready. `fromCacheOnly` hears what the answer was made of
 * when the report cache answered every creator (report-answer-memo.ts).
 */
export async function runReports(
  deps: OperationDeps,
  context: OperationContext,
  input: ReportsRequest,
  fromCacheOnly?: (sources: CachedAnswerSources) => void,
): Promise<ReportsAnswer> {
  const askedAt = deps.clock.now();
  const selection = selectReportColumns(input.fields ?? undefined);
  if (!selection.ok) throw badRequest(selection.error);
  const { columns } = selection;

  const rowInputs: (ReportRowInput | { kind: 'target'; key: string })[] = [];
  const targets = new Map<string, ReportTarget>();
  for (const cell of input.handles) {
    const parsed = parseHandle(cell, undefined, { defaultPlatform: input.platform });
    if (!parsed.ok) {
      rowInputs.push(parsed.blank ? { kind: 'blank' } : { kind: 'error', message: parsed.error });
      continue;
    }
    const target = reportTarget(parsed.platform, parsed.handle, parsed.kind, input.calculationMethod);
    targets.set(target.key, target);
    rowInputs.push({ kind: 'target', key: target.key });
  }

  const outcomes = new Map<string, ReportOutcome>();
  const keys = [...targets.keys()];
  let cached = 0;
  let hits = new Map<string, CacheEntry>();
  if (!input.refresh && keys.length > 0) {
    const now = deps.clock.now();
    hits = await deps.store.cache.getMany(CACHE_NAMESPACES.reports, keys, now);
    for (const [key, entry] of hits) outcomes.set(key, cachedReportOutcome(entry.value, entry.storedAt));
    cached = hits.size;
    const unknown = keys.filter((key) => !outcomes.has(key));
    const misses =
      unknown.length === 0
        ? new Map<string, CacheEntry>()
        : await deps.store.cache.getMany(REPORT_MISSES_NAMESPACE, unknown, now);
    for (const [key, entry] of misses) {
      const message = (entry.value as { message?: unknown }).message;
      outcomes.set(key, {
        kind: 'error',
        message: typeof message === 'string' ? message : 'Unknown handle',
        requestWide: null,
      });
    }
  }
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
  const budget = missing.length === 0 ? null : await reserveOrAsk(deps, context, missing);
  if (typeof budget === 'string') {
    // Past the document's formula allowance: nothing new is fetched, the cached rows stand.
    for (const target of missing)
      outcomes.set(target.key, { kind: 'error', message: budget, requestWide: null });
    awaitingApproval = new Set(missing.map((target) => target.key));
  } else if (budget !== null) {
    const refreshedSince = input.refresh ? askedAt : null;
    const work = fetchMissing(deps, context, budget, missing, refreshedSince, outcomes, counts);
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
  if (!input.refresh && hits.size === keys.length)
    fromCacheOnly?.({ entries: [...hits], cacheHits: cached, creditsSaved: savedByCache });

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
