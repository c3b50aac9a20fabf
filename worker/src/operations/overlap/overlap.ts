import { parseHandle } from '../../../../shared/handles';
import type { OverlapPlatform } from '../../../../shared/platforms';
import { actualCredits, estimateCredits } from '../../../../shared/pricing';
import {
  overlapResponseSchema,
  type OverlapReportInfo,
  type OverlapResponse,
} from '../../../../shared/responses/overlap';
import { errorRow, withOptionalHeader } from '../../../../shared/rows/columns';
import {
  isUnreadableAnswer,
  unreadableAnswerMessage,
  type UnreadableAnswer,
} from '../../../../shared/unreadable-answer';
import { OVERLAP_COLUMNS, overlapToRows } from '../../../../shared/rows/overlap-rows';
import type { OverlapAnswer } from '../../../../shared/worker-api/overlap';
import { fileFormulaAsk } from '../../billing/formula-ask';
import { formulaAskSource } from '../operation-helpers/formula-cell-field';
import { settledBy, STILL_FETCHING } from '../../upstream/deadline';
import { badRequest } from '../../request-io/worker-error';
import { canonicalJson } from '../operation-helpers/canonical-json';
import type { OperationContext, OperationDeps } from '../operation-deps';
import type { OverlapInput } from './overlap-request';

/** Overlaps are reports of a kind: kept as long as reports (REPORT_CACHE_DAYS). */
const OVERLAP_NAMESPACE = 'audience-overlap';

/** How many unreadable handles a 400 names before it only counts the rest. */
const NAMED_PROBLEMS = 5;

interface StoredOverlap {
  reportInfo?: OverlapReportInfo;
  data: OverlapResponse['data'];
  /** An unreadable paid answer is cached too, so asking again costs nothing. */
  unreadable?: UnreadableAnswer;
}

/**
 * The handles as the API's `influencers`: each read with parseHandle (URLs, `@names`, ids), blanks
 * skipped, repeats merged, sorted (the overlap of a set does not depend on the order, and neither
 * does its cache key). An all-digit username goes as `@123`, or the API would read an id.
 */
export function overlapInfluencers(platform: OverlapPlatform, handles: readonly unknown[]): string[] {
  const names = new Set<string>();
  const problems: string[] = [];
  handles.forEach((value, index) => {
    const parsed = parseHandle(value, platform);
    if (parsed.ok) {
      const digitsOnly = parsed.kind === 'username' && /^\d+$/.test(parsed.handle);
      names.add(digitsOnly ? `@${parsed.handle}` : parsed.handle);
    } else if (!parsed.blank) {
      problems.push(`handles[${index}]: ${parsed.error}`);
    }
  });
  if (problems.length > 0) {
    const more = problems.length - NAMED_PROBLEMS;
    throw badRequest(
      `${problems.slice(0, NAMED_PROBLEMS).join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
    );
  }
  if (names.size < 2) {
    throw badRequest(
      `handles must name at least 2 different ${platform} creators to compare, got ${names.size}`,
    );
  }
  return [...names].sort();
}

/**
 * Audience overlap of 2 or more creators: one paid call (1 credit), cached like a report, keyed by
 * the sorted set of handles; identical requests in flight share the call, in every instance.
 */
export async function runOverlap(
  deps: OperationDeps,
  context: OperationContext,
  input: OverlapInput,
): Promise<OverlapAnswer> {
  const { platform } = input;
  const influencers = overlapInfluencers(platform, input.handles);
  const key = canonicalJson([platform, influencers]);
  const answer = (
    stored: StoredOverlap,
    storedAt: number,
    fromCache: boolean,
    credits: number,
  ): OverlapAnswer => ({
    header: OVERLAP_COLUMNS.map((col) => col.label),
    columns: [...OVERLAP_COLUMNS],
    rows:
      stored.unreadable === undefined
        ? overlapToRows(
            { reportInfo: stored.reportInfo ?? {}, data: stored.data },
            { withHeader: input.withHeader },
          )
        : withOptionalHeader(
            OVERLAP_COLUMNS,
            [errorRow(unreadableAnswerMessage(stored.unreadable), OVERLAP_COLUMNS.length)],
            { withHeader: input.withHeader },
          ),
    reportInfo: stored.reportInfo ?? {},
    unreadable: stored.unreadable ?? null,
    fromCache,
    storedAt,
    credits,
    pending: 0,
    awaitingApproval: 0,
  });
  const saved = async () =>
    deps.paid.recordSavings(context, 'audienceOverlap', {
      cacheHits: 1,
      creditsSaved: estimateCredits('audienceOverlap').credits,
    });

  if (!input.refresh) {
    const cached = await deps.store.cache.get(OVERLAP_NAMESPACE, key);
    if (cached !== null) {
      await saved();
      return answer(cached.value as StoredOverlap, cached.storedAt, true, 0);
    }
  }
  const askedAt = deps.clock.now();
  // Across instances: one that waited for the key finds what the other bought (with refresh, only
  // an overlap stored since this request began counts).
  const work = deps.singleFlight.runAcrossInstances(`overlap:${key}`, async () => {
    const fresh = await deps.store.cache.get(OVERLAP_NAMESPACE, key);
    if (fresh !== null && (!input.refresh || fresh.storedAt >= askedAt))
      return { stored: fresh.value as StoredOverlap, storedAt: fresh.storedAt, bought: false };
    const response = await deps.paid.run(context, {
      operation: 'audienceOverlap',
      estimate: estimateCredits('audienceOverlap'),
      call: () =>
        deps.upstream.request('audienceOverlap', {
          platform,
          body: { influencers },
          schema: overlapResponseSchema,
        }),
      actual: () => actualCredits('audienceOverlap'),
    });
    const stored: StoredOverlap = isUnreadableAnswer(response)
      ? { data: [], unreadable: response }
      : {
          data: response.data,
          ...(response.reportInfo === undefined ? {} : { reportInfo: response.reportInfo }),
        };
    const storedAt = deps.clock.now();
    await deps.store.cache.set(OVERLAP_NAMESPACE, key, stored, deps.store.cacheTtlMs.reports, storedAt);
    return { stored, storedAt, bought: true };
  });
  if (input.deadlineMs !== undefined && !(await settledBy(work, input.deadlineMs, deps.sleep))) {
    deps.background.track(work);
    context.log.info({ creators: influencers.length }, 'overlap answered at the deadline; the call goes on');
    return oneRow(STILL_FETCHING, input.withHeader, 'pending');
  }
  let flight: Awaited<typeof work>;
  try {
    flight = await work;
  } catch (error) {
    // Past the document's formula allowance: the row says what it needs and where to approve it.
    const message = await fileFormulaAsk(deps.store.formulaAllowances, context, error, {
      operation: 'audienceOverlap',
      credits: estimateCredits('audienceOverlap').credits,
      itemKeys: [key],
      source: context.asker ?? formulaAskSource(input.cell),
    });
    return oneRow(message, input.withHeader, 'awaitingApproval');
  }
  const paidHere = !flight.shared && flight.value.bought;
  if (!paidHere) await saved();
  const credits = paidHere
    ? (flight.value.stored.unreadable?.credits ?? actualCredits('audienceOverlap').credits)
    : 0;
  return answer(flight.value.stored, flight.value.storedAt, !paidHere, credits);
}

/**
 * The one row a formula shows while the overlap is still on its way (it lands in the cache), or
 * while it waits for an approval.
 */
function oneRow(message: string, withHeader: boolean, why: 'pending' | 'awaitingApproval'): OverlapAnswer {
  return {
    header: OVERLAP_COLUMNS.map((col) => col.label),
    columns: [...OVERLAP_COLUMNS],
    rows: withOptionalHeader(OVERLAP_COLUMNS, [errorRow(message, OVERLAP_COLUMNS.length)], {
      withHeader,
    }),
    reportInfo: {},
    unreadable: null,
    fromCache: false,
    storedAt: 0,
    credits: 0,
    pending: why === 'pending' ? 1 : 0,
    awaitingApproval: why === 'awaitingApproval' ? 1 : 0,
  };
}
