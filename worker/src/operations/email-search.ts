import { normalizeEmail, prepareEmails } from '../../../shared/emails';
import { EMAIL_SEARCH_MAX } from '../../../shared/limits';
import { actualCredits, estimateCredits } from '../../../shared/pricing';
import { emailSearchResponseSchema, type MatchedEmail } from '../../../shared/responses/email-search';
import type { Column, Row } from '../../../shared/rows/columns';
import { EMAIL_COLUMNS, emailToRows } from '../../../shared/rows/email-rows';
import type { PaidBudget } from '../billing/paid-call';
import { createConcurrencyLimit } from '../concurrency-limit';
import { settledBy, STILL_FETCHING } from '../http/deadline';
import { toWorkerError } from '../http/error-answer';
import { WorkerError } from '../http/worker-error';
import type { EmailLookup } from '../store/email-result-cache';
import { isUpstreamError } from '../upstream/upstream-error';
import type { OperationContext, OperationDeps } from './operation-deps';
import type { EmailSearchRequest } from './email-search-request';

/** `POST /api/email-search`. */
export interface EmailSearchAnswer {
  header: string[];
  columns: Column[];
  /** One row per input, in input order (after the header row when `withHeader`). */
  rows: Row[];
  /** Rows whose batch was still running at the deadline. */
  pending: number;
  /** Distinct valid addresses: from the cache, sent now, matched (cache and sent), in failed batches. */
  counts: { unique: number; cached: number; sent: number; batches: number; matched: number; failed: number };
}

interface Gathered {
  matchedEmails: MatchedEmail[];
  notMatchedEmails: string[];
  failures: Record<string, string>;
  /** Why a batch failed, when it was not about its addresses. */
  requestWide: WorkerError[];
}

/**
 * E-mail search for any number of inputs: prepare (trim, lowercase, validate, deduplicate; invalid
 * ones cost nothing), answer from the cache (matched and unmatched alike, 30 days, keyed by HMAC),
 * then one budget check for all the rest and batches of at most 1,000 with bounded concurrency.
 * Submitted addresses are never logged and never stored in plain text.
 */
export async function runEmailSearch(
  deps: OperationDeps,
  context: OperationContext,
  input: EmailSearchRequest,
): Promise<EmailSearchAnswer> {
  const prepared = prepareEmails(input.emails);
  const { unique } = prepared;
  const gathered: Gathered = { matchedEmails: [], notMatchedEmails: [], failures: {}, requestWide: [] };

  const cached =
    unique.length === 0 ? new Map<string, EmailLookup>() : await deps.store.emailResults.getMany(unique);
  let cachedMatches = 0;
  for (const lookup of cached.values()) {
    if (lookup.match === null) gathered.notMatchedEmails.push(lookup.email);
    else {
      gathered.matchedEmails.push(lookup.match);
      cachedMatches += 1;
    }
  }
  const uncached = unique.filter((email) => !cached.has(email));
  const counts: EmailSearchAnswer['counts'] = {
    unique: unique.length,
    cached: cached.size,
    sent: 0,
    batches: 0,
    matched: cachedMatches,
    failed: 0,
  };
  // Only matches are billed, so only cached matches saved anything.
  await deps.paid.recordSavings(context, 'emailSearch', {
    cacheHits: cached.size,
    creditsSaved: actualCredits('emailSearch', { emails: [] }, cachedMatches).credits,
  });

  const pending = new Set(uncached);
  if (uncached.length > 0) {
    const batches = toBatches(deps, uncached);
    // One check for the whole request, at the most it can cost (every address matched). Batches
    // that an identical request is sending right now are not counted: this one shares that call.
    const toPay = batches
      .filter((batch) => !deps.singleFlight.has(batch.key))
      .flatMap((batch) => batch.emails);
    const budget = await deps.paid.reserve(context, estimateCredits('emailSearch', { emails: toPay }));
    const work = searchBatches(deps, context, budget, batches, gathered, pending, counts);
    const inTime = await settledBy(work, input.deadlineMs ?? deps.config.formulaDeadlineMs, deps.sleep);
    if (!inTime) {
      deps.background.track(work);
      context.log.info(
        { pending: pending.size, unique: unique.length },
        'e-mail search answered at the deadline; batches go on',
      );
    }
  }

  const answered = cached.size + counts.sent - counts.failed;
  if (answered === 0 && pending.size === 0 && gathered.requestWide.length > 0) throw gathered.requestWide[0];

  const rows = emailToRows(prepared, gathered, { withHeader: input.withHeader });
  const offset = input.withHeader ? 1 : 0;
  let stillFetching = 0;
  prepared.entries.forEach((entry, index) => {
    if (entry.kind === 'valid' && pending.has(entry.email)) {
      rows[index + offset][1] = STILL_FETCHING;
      stillFetching += 1;
    }
  });
  return {
    header: EMAIL_COLUMNS.map((col) => col.label),
    columns: [...EMAIL_COLUMNS],
    rows,
    pending: stillFetching,
    counts,
  };
}

interface Batch {
  /** Single-flight key: an HMAC of the batch, so no address sits in memory as a key. */
  key: string;
  emails: string[];
}

/** What one batch call found, as every request sharing it reads it. */
interface BatchResult {
  results: EmailLookup[];
  matched: number;
}

function toBatches(deps: OperationDeps, emails: readonly string[]): Batch[] {
  const batches: Batch[] = [];
  for (let start = 0; start < emails.length; start += EMAIL_SEARCH_MAX) {
    const batch = emails.slice(start, start + EMAIL_SEARCH_MAX);
    batches.push({ key: `emailSearch:${deps.store.emailCacheKey(batch.join('\n'))}`, emails: batch });
  }
  return batches;
}

async function searchBatches(
  deps: OperationDeps,
  context: OperationContext,
  budget: PaidBudget,
  batches: readonly Batch[],
  gathered: Gathered,
  pending: Set<string>,
  counts: EmailSearchAnswer['counts'],
): Promise<void> {
  const limit = createConcurrencyLimit(deps.config.emailBatchConcurrency);
  let sharedHits = 0;
  let sharedMatches = 0;
  try {
    await Promise.all(
      batches.map((batch) =>
        limit(async () => {
          counts.batches += 1;
          counts.sent += batch.emails.length;
          try {
            const flight = await deps.singleFlight.run(batch.key, () =>
              searchBatch(deps, budget, batch.emails),
            );
            if (flight.shared) {
              sharedHits += flight.value.results.length;
              sharedMatches += flight.value.matched;
            }
            for (const result of flight.value.results) {
              if (result.match === null) gathered.notMatchedEmails.push(result.email);
              else gathered.matchedEmails.push(result.match);
            }
            counts.matched += flight.value.matched;
          } catch (error) {
            const answer = batchError(error, batch.emails);
            for (const email of batch.emails) gathered.failures[email] = answer.message;
            gathered.requestWide.push(answer);
            counts.failed += batch.emails.length;
          } finally {
            for (const email of batch.emails) pending.delete(email);
          }
        }),
      ),
    );
  } finally {
    budget.release();
  }
  await deps.paid.recordSavings(context, 'emailSearch', {
    cacheHits: sharedHits,
    creditsSaved: actualCredits('emailSearch', { emails: [] }, sharedMatches).credits,
  });
}

/** One paid call of at most 1,000 addresses; its answers go to the cache, matched or not. */
async function searchBatch(
  deps: OperationDeps,
  budget: PaidBudget,
  batch: readonly string[],
): Promise<BatchResult> {
  const response = await budget.run({
    operation: 'emailSearch',
    estimate: estimateCredits('emailSearch', { emails: batch }),
    call: () =>
      deps.upstream.request('emailSearch', {
        body: { emails: batch },
        parse: (json) => emailSearchResponseSchema.parse(json),
      }),
    actual: (answer) => actualCredits('emailSearch', { emails: batch }, answer.matchedEmails.length),
  });
  const inBatch = new Set(batch);
  const matches = new Map<string, MatchedEmail>();
  for (const match of response.matchedEmails) {
    const email = normalizeEmail(match.email);
    if (inBatch.has(email) && !matches.has(email)) matches.set(email, { ...match, email });
  }
  const notMatched = new Set(response.notMatchedEmails.map(normalizeEmail));
  // An address in neither list was not answered for: it stays "not checked" and is not cached.
  const results: EmailLookup[] = [];
  for (const email of batch) {
    const match = matches.get(email);
    if (match !== undefined) results.push({ email, match });
    else if (notMatched.has(email)) results.push({ email, match: null });
  }
  await deps.store.emailResults.setMany(results);
  return { results, matched: matches.size };
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
