import { normalizeEmail } from '../../../../shared/emails';
import { EMAIL_SEARCH_MAX } from '../../../../shared/limits';
import { actualCredits, estimateCredits } from '../../../../shared/pricing';
import { emailSearchResponseSchema, type MatchedEmail } from '../../../../shared/responses/email-search';
import { isUnreadableAnswer, type UnreadableAnswer } from '../../../../shared/unreadable-answer';
import type { EmailSearchAnswer } from '../../../../shared/worker-api/email-search';
import type { PaidBudget } from '../../billing/paid-call';
import { createConcurrencyLimit } from '../../concurrency/concurrency-limit';
import { toWorkerError } from '../../request-io/error-answer';
import { WorkerError } from '../../request-io/worker-error';
import type { EmailLookup } from '../../store/cache/email-result-cache';
import { isUpstreamError } from '../../upstream/upstream-error';
import type { OperationContext, OperationDeps } from '../operation-deps';

/**
 * What the lookups found so far, by normalized address. Kept by address rather than as the rows
 * they become: rows are built from these a chunk at a time (EmailSearchResult.rows).
 */
export interface Found {
  matches: Map<string, MatchedEmail>;
  notMatched: Set<string>;
  /** Addresses an answer listed in neither of its lists: "no match in this answer". */
  unanswered: Set<string>;
  /** Addresses whose batch was billed but could not be read. */
  unreadable: Map<string, UnreadableAnswer>;
  /** Why an address's batch failed. */
  failures: Map<string, string>;
  /** Why a batch failed, when it was not about its addresses. */
  requestWide: WorkerError[];
}

export function nothingFound(): Found {
  return {
    matches: new Map(),
    notMatched: new Set(),
    unanswered: new Set(),
    unreadable: new Map(),
    failures: new Map(),
    requestWide: [],
  };
}

/** Files one lookup under what it found: a match, no match, or a billed answer that could not be read. */
export function noteLookup(found: Found, lookup: EmailLookup): void {
  if (lookup.unreadable !== undefined) found.unreadable.set(lookup.email, lookup.unreadable);
  else if (lookup.unanswered === true) found.unanswered.add(lookup.email);
  else if (lookup.match === null) found.notMatched.add(lookup.email);
  else found.matches.set(lookup.email, lookup.match);
}

export interface Batch {
  /** Single-flight key: an HMAC of the batch, so no address sits in memory as a key. */
  key: string;
  emails: string[];
}

/** What one batch call found, as every request sharing it reads it. */
interface BatchResult {
  results: EmailLookup[];
  matched: number;
  /** Read from the cache: another instance looked the same batch up while this one waited for it. */
  fromCache: boolean;
}

/** `emails` in calls of at most 1,000, in their order. */
export function toBatches(deps: OperationDeps, emails: readonly string[]): Batch[] {
  const batches: Batch[] = [];
  for (let start = 0; start < emails.length; start += EMAIL_SEARCH_MAX) {
    const batch = emails.slice(start, start + EMAIL_SEARCH_MAX);
    batches.push({ key: `emailSearch:${deps.store.emailCacheKey(batch.join('\n'))}`, emails: batch });
  }
  return batches;
}

/** The batches of one request, under one budget: started one by one, finished together. */
export interface BatchRunner {
  /** Sends the batch when the concurrency limit lets it. */
  start(batch: Batch): void;
  /** Once every batch is started: when all have ended, the budget is let go and the savings recorded. */
  finish(): Promise<void>;
}

export interface BatchRunnerOptions {
  budget: PaidBudget;
  refresh: boolean;
  found: Found;
  /** Addresses asked for and not answered yet: a batch takes its own out when it ends. */
  pending: Set<string>;
  /** Live counts of the request: each batch adds to them. */
  counts: EmailSearchAnswer['counts'];
  /** After each batch, answered or failed. */
  batchDone: (answered: boolean) => void;
}

export function createBatchRunner(
  deps: OperationDeps,
  context: OperationContext,
  options: BatchRunnerOptions,
): BatchRunner {
  const { budget, refresh, found, pending, counts, batchDone } = options;
  const limit = createConcurrencyLimit(deps.config.emailBatchConcurrency);
  const running: Promise<void>[] = [];
  let sharedHits = 0;
  let sharedMatches = 0;
  const run = async (batch: Batch) => {
    counts.batches += 1;
    counts.sent += batch.emails.length;
    let answered = false;
    try {
      const flight = await deps.singleFlight.runAcrossInstances(batch.key, () =>
        searchBatch(deps, budget, batch.emails, refresh),
      );
      if (flight.shared || flight.value.fromCache) {
        sharedHits += flight.value.results.length;
        sharedMatches += flight.value.matched;
      }
      for (const result of flight.value.results) noteLookup(found, result);
      counts.matched += flight.value.matched;
      answered = true;
    } catch (error) {
      const answer = batchError(error, batch.emails);
      for (const email of batch.emails) found.failures.set(email, answer.message);
      found.requestWide.push(answer);
      counts.failed += batch.emails.length;
    } finally {
      for (const email of batch.emails) pending.delete(email);
      batchDone(answered);
    }
  };
  return {
    start(batch) {
      running.push(limit(() => run(batch)));
    },
    async finish() {
      try {
        await Promise.all(running);
      } finally {
        budget.release();
      }
      await deps.paid.recordSavings(context, 'emailSearch', {
        cacheHits: sharedHits,
        creditsSaved: actualCredits('emailSearch', { emails: [] }, sharedMatches).credits,
      });
    },
  };
}

/**
 * One paid call of at most 1,000 addresses; its answers go to the cache, matched or not, and so do
 * the addresses it listed in neither list (unanswered). It runs holding the batch's key across
 * instances, so it looks at the cache first: an instance that waited for the key finds every
 * address the other one just looked up (on a refresh, answered ones only).
 */
async function searchBatch(
  deps: OperationDeps,
  budget: PaidBudget,
  batch: readonly string[],
  refresh: boolean,
): Promise<BatchResult> {
  const cached = await deps.store.emailResults.getMany(batch);
  if (refresh) for (const [email, lookup] of cached) if (lookup.unanswered === true) cached.delete(email);
  if (cached.size === batch.length) {
    const results = [...cached.values()];
    return { results, matched: results.filter((result) => result.match !== null).length, fromCache: true };
  }
  const response = await budget.run({
    operation: 'emailSearch',
    estimate: estimateCredits('emailSearch', { emails: batch }),
    call: () =>
      deps.upstream.request('emailSearch', {
        body: { emails: batch },
        schema: emailSearchResponseSchema,
      }),
    actual: (answer) => actualCredits('emailSearch', { emails: batch }, answer.matchedEmails?.length ?? 0),
  });
  if (isUnreadableAnswer(response)) {
    // Billed but unreadable: every address of the batch is marked, and the marker cached, so no
    // recalculation sends them again.
    const results = batch.map((email) => ({ email, match: null, unreadable: response }));
    await deps.store.emailResults.setMany(results);
    return { results, matched: 0, fromCache: false };
  }
  const inBatch = new Set(batch);
  const matches = new Map<string, MatchedEmail>();
  for (const match of response.matchedEmails ?? []) {
    if (match.email === undefined) continue;
    const email = normalizeEmail(match.email);
    if (inBatch.has(email) && !matches.has(email)) matches.set(email, { ...match, email });
  }
  const notMatched = new Set((response.notMatchedEmails ?? []).map(normalizeEmail));
  // An address in neither list was sent and not answered for: "no match in this answer", cached
  // like a no match (it was not billed), so only a refresh sends it again.
  const results: EmailLookup[] = batch.map((email) => {
    const match = matches.get(email);
    if (match !== undefined) return { email, match };
    return notMatched.has(email) ? { email, match: null } : { email, match: null, unanswered: true };
  });
  await deps.store.emailResults.setMany(results);
  return { results, matched: matches.size, fromCache: false };
}

/** Why a whole batch failed, as the caller reads it; the API's credit rule gets its own sentence. */
function batchError(error: unknown, batch: readonly string[]): WorkerError {
  if (isUpstreamError(error) && error.code === 'not_enough_credits') {
    // The API wants the price of every submitted address on the account, matched or not.
    const needs = estimateCredits('emailSearch', { emails: batch }).credits;
    return new WorkerError(
      402,
      'not_enough_credits',
      `The API account holds too few credits for ${batch.length} addresses (needs ${needs})`,
    );
  }
  return toWorkerError(error);
}
