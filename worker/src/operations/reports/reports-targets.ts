import type { CalculationMethod } from '../../../../shared/enums';
import { parseHandle } from '../../../../shared/handles';
import type { Platform } from '../../../../shared/platforms';
import type { ReportRowInput } from '../../../../shared/rows/report-rows';
import { CACHE_NAMESPACES } from '../../store/cache/cache-namespaces';
import type { CacheEntry } from '../../store/cache-repository';
import type { OperationDeps } from '../operation-deps';
import {
  cachedReportOutcome,
  REPORT_MISSES_NAMESPACE,
  reportTarget,
  type ReportOutcome,
  type ReportTarget,
} from './reports-fetch';

/** One row's input: blank, unreadable (with why), or the creator it names (by cache key). */
export type ReportRowTarget = ReportRowInput | { kind: 'target'; key: string };

/**
 * Cells as creators, one entry per cell in order, and the distinct creators they name: each
 * creator is one report, however many rows name it (URLs say their platform, others take
 * `platform`). What a run fetches and what an estimate counts, read by the same rules.
 */
export function parseReportTargets(
  cells: readonly unknown[],
  platform: Platform | undefined,
  calculationMethod: CalculationMethod,
): { rowInputs: ReportRowTarget[]; targets: Map<string, ReportTarget> } {
  const rowInputs: ReportRowTarget[] = [];
  const targets = new Map<string, ReportTarget>();
  for (const cell of cells) {
    const parsed = parseHandle(cell, undefined, { defaultPlatform: platform });
    if (!parsed.ok) {
      rowInputs.push(parsed.blank ? { kind: 'blank' } : { kind: 'error', message: parsed.error });
      continue;
    }
    const target = reportTarget(parsed.platform, parsed.handle, parsed.kind, calculationMethod);
    targets.set(target.key, target);
    rowInputs.push({ kind: 'target', key: target.key });
  }
  return { rowInputs, targets };
}

/**
 * What the worker's cache already answers of these creators, free: reports it holds (`cached`
 * counts them) and handles the API said it does not know (an error row, also free).
 */
export async function cachedOutcomes(
  deps: Pick<OperationDeps, 'store' | 'clock'>,
  keys: readonly string[],
  /** Only reports stored since then count (a schedule's freshness); null: the cache as it is. */
  freshSince: number | null = null,
): Promise<{ outcomes: Map<string, ReportOutcome>; cached: number; hits: [string, CacheEntry][] }> {
  const outcomes = new Map<string, ReportOutcome>();
  const used: [string, CacheEntry][] = [];
  if (keys.length === 0) return { outcomes, cached: 0, hits: used };
  const now = deps.clock.now();
  const hits = await deps.store.cache.getMany(CACHE_NAMESPACES.reports, keys, now);
  for (const [key, entry] of hits) {
    if (freshSince !== null && entry.storedAt < freshSince) continue;
    outcomes.set(key, cachedReportOutcome(entry.value, entry.storedAt));
    used.push([key, entry]);
  }
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
  return { outcomes, cached: used.length, hits: used };
}
