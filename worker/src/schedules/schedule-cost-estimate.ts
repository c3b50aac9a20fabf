import { parseHandle, parsePlatform } from '../../../shared/handles';
import { sumCharges, type CreditCharge } from '../../../shared/pricing';
import { selectReportColumns } from '../../../shared/rows/report-rows';
import type {
  ScheduleCadence,
  ScheduleEstimateAnswer,
  ScheduleEstimateRequest,
} from '../../../shared/worker-api/schedules';
import type { Clock } from '../../common/clock';
import { reportMaxAgeMs } from '../operations/reports/report-freshness';
import { badRequest } from '../request-io/worker-error';
import { REPORT_MISSES_NAMESPACE, reportEstimate, reportTarget } from '../operations/reports/reports-fetch';
import { CACHE_NAMESPACES } from '../store/cache/cache-namespaces';
import type { Store } from '../store/store';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MONTH_MS = 30 * DAY_MS;

/** Time between two runs of a cadence. */
const INTERVAL_MS: Readonly<Record<ScheduleCadence['every'], number>> = {
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
};

export interface ScheduleEstimateDeps {
  store: Pick<Store, 'cache' | 'cacheTtlMs'>;
  clock: Clock;
}

/**
 * What a scheduled report's runs cost (issue 25), before it is saved: its columns checked first
 * (an unknown one is refused with the list of known ones, as a run would be), then its input
 * counted as a run reads it (each creator once, URLs saying their platform), against what the
 * worker's cache holds now, young enough for the schedule's freshness (schedule-run-freshness.ts):
 * those are free on the first run. A later run pays again for every report past its freshness by
 * then; reports bought together expire together, so such a run may buy them all. Reads the cache
 * only: nothing is fetched, stored or charged.
 */
export async function estimateScheduleCost(
  deps: ScheduleEstimateDeps,
  request: ScheduleEstimateRequest,
): Promise<ScheduleEstimateAnswer> {
  const { schedule, inputs } = request;
  if (schedule.kind !== 'reports') {
    throw badRequest(
      "Only a scheduled report's cost is estimated here: an e-mail schedule costs its addresses' lookups, as the sidebar counts them.",
    );
  }
  const columns = selectReportColumns(schedule.fields);
  if (!columns.ok) throw badRequest(columns.error);

  const defaultPlatform = parsePlatform(schedule.platform) ?? undefined;
  const targets = new Map<string, CreditCharge>();
  for (const cell of inputs) {
    const parsed = parseHandle(cell, undefined, { defaultPlatform });
    if (!parsed.ok) continue;
    const target = reportTarget(parsed.platform, parsed.handle, parsed.kind, 'median');
    targets.set(target.key, reportEstimate(target));
  }
  const keys = [...targets.keys()];
  const ttl = deps.store.cacheTtlMs.reports;
  const maxAge = reportMaxAgeMs(schedule, ttl);
  const now = deps.clock.now();
  const cached =
    keys.length === 0 ? new Map() : await deps.store.cache.getMany(CACHE_NAMESPACES.reports, keys, now);
  const fresh = keys.filter((key) => (cached.get(key)?.storedAt ?? -Infinity) >= now - maxAge);
  // Handles the API said it does not know are remembered a day: asking again costs nothing.
  const missed = await deps.store.cache.getMany(
    REPORT_MISSES_NAMESPACE,
    keys.filter((key) => !fresh.includes(key)),
    now,
  );
  const free = new Set([...fresh, ...missed.keys()]);

  const firstRunCredits = sumCharges(
    keys.filter((key) => !free.has(key)).map((key) => targets.get(key) as CreditCharge),
  ).credits;
  const laterRunCredits = sumCharges(targets.values()).credits;
  const interval = INTERVAL_MS[schedule.cadence.every];
  const runsPerPurchase = Math.max(1, Math.ceil(maxAge / interval));
  const runsIn30Days = Math.ceil(MONTH_MS / interval);
  const laterPurchases = Math.floor((runsIn30Days - 1) / runsPerPurchase);
  const creditsPer30Days = round3(firstRunCredits + laterRunCredits * laterPurchases);
  const answer = {
    creators: keys.length,
    fresh: fresh.length,
    firstRunCredits,
    laterRunCredits,
    runsPerPurchase,
    creditsPer30Days,
    freshnessDays: schedule.freshnessDays ?? Math.round(ttl / DAY_MS),
  };
  return { ...answer, summary: estimateSentence(answer, schedule.cadence) };
}

function round3(credits: number): number {
  return Math.round(credits * 1000) / 1000;
}

/**
 * "50 creators, 12 of them in the worker's cache fresh enough: the first run costs at most 38
 * credits. Reports older than 1 day are bought again: every later run costs at most 50 credits,
 * at most 1,488 in 30 days."
 */
export function estimateSentence(
  estimate: Omit<ScheduleEstimateAnswer, 'summary'>,
  cadence: ScheduleCadence,
): string {
  const creators = estimate.creators === 1 ? '1 creator' : `${count(estimate.creators)} creators`;
  const cachedPart =
    estimate.fresh === 0
      ? "none of them in the worker's cache fresh enough"
      : `${count(estimate.fresh)} of them in the worker's cache fresh enough`;
  const first = `${creators}, ${cachedPart}: the first run costs at most ${credits(estimate.firstRunCredits)}.`;
  const age = estimate.freshnessDays === 1 ? '1 day' : `${count(estimate.freshnessDays)} days`;
  const later =
    estimate.runsPerPurchase === 1
      ? `every later run costs at most ${credits(estimate.laterRunCredits)}`
      : `each is bought once every ${count(estimate.runsPerPurchase)} ${runName(cadence)}s, up to ${credits(estimate.laterRunCredits)} on such a run`;
  return `${first} Reports older than ${age} are bought again: ${later}, at most ${credits(estimate.creditsPer30Days)} in 30 days.`;
}

function runName(cadence: ScheduleCadence): string {
  return cadence.every === 'hour' ? 'hourly run' : cadence.every === 'day' ? 'daily run' : 'weekly run';
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function credits(n: number): string {
  return n === 1 ? '1 credit' : `${n.toLocaleString('en-US', { maximumFractionDigits: 3 })} credits`;
}
