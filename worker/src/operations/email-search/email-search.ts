import { normalizeEmail, prepareEmails, type PreparedEmail } from '../../../../shared/emails';
import { EMAIL_SEARCH_MAX } from '../../../../shared/limits';
import { actualCredits, estimateCredits } from '../../../../shared/pricing';
import { emailSearchResponseSchema, type MatchedEmail } from '../../../../shared/responses/email-search';
import { headerRow, type Row } from '../../../../shared/rows/columns';
import { EMAIL_COLUMNS, emailToRows } from '../../../../shared/rows/email-rows';
import {
  isUnreadableAnswer,
  unreadableAnswerMessage,
  type UnreadableAnswer,
} from '../../../../shared/unreadable-answer';
import type { EmailSearchAnswer } from '../../../../shared/worker-api/email-search';
import { fileFormulaAsk } from '../../billing/formula-ask';
import { formulaAskSource } from '../operation-helpers/formula-cell-field';
import type { PaidBudget } from '../../billing/paid-call';
import { createConcurrencyLimit } from '../../concurrency/concurrency-limit';
import { settledBy, STILL_FETCHING } from '../../upstream/deadline';
import { toWorkerError } from '../../request-io/error-answer';
import type { ArrivingRows } from '../../request-io/send-rows-json';
import { WorkerError } from '../../request-io/worker-error';
import type { EmailLookup } from '../../store/cache/email-result-cache';
import { isUpstreamError } from '../../upstream/upstream-error';
import type { OperationContext, OperationDeps } from '../operation-deps';
import type { EmailSearchRequest } from './email-search-request';

export type { EmailSearchAnswer };

/**
 * What the lookups found so far, by normalized address. Kept by address rather than as the rows
 * they become: rows are built from these a chunk at a time (EmailSearchResult.rows).
 */
interface Found {
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

/**
 * An e-mail search's answer with its rows made on demand: a hundred thousand rows, and their JSON,
 * need not sit in memory at once when the answer is written a chunk at a time.
 */
interface EmailSearchResult extends Omit<EmailSearchAnswer, 'rows'> {
  /** One row per input, after the header row when `withHeader`. */
  rowCount: number;
  /**
   * Rows `start` to `end` (excluded), as they stood when the answer was made: a batch that lands
   * later (after the deadline) changes none of them.
   */
  rows(start: number, end: number): Row[];
}

/**
 * An e-mail search under way (startEmailSearch): its rows as they become final, top to bottom, so
 * that an answer of a hundred thousand rows can be written while its batches are still paced
 * (issue 28: nothing of it is left to make after the last batch, and it is never made all at once).
 */
export interface EmailSearchRun extends ArrivingRows {
  header: string[];
  columns: EmailSearchAnswer['columns'];
  /** Every row is final: every batch answered, or the deadline passed. */
  readonly settled: boolean;
  /**
   * Some address was answered (from the cache, or by a batch): the answer will be a 200 whatever
   * happens next. Until then it may yet be the error of the whole request (the API down, no credits).
   */
  answersSomething(): boolean;
  /** Once settled: the answer; throws the request's error when nothing could be answered. */
  finish(): EmailSearchResult;
}

/** Every row at once; see searchEmails. */
export async function runEmailSearch(
  deps: OperationDeps,
  context: OperationContext,
  input: EmailSearchRequest,
): Promise<EmailSearchAnswer> {
  const result = await searchEmails(deps, context, input);
  return {
    header: result.header,
    columns: result.columns,
    rows: result.rows(0, result.rowCount),
    pending: result.pending,
    awaitingApproval: result.awaitingApproval,
    counts: result.counts,
  };
}

/**
 * E-mail search for any number of inputs: prepare (trim, lowercase, validate, deduplicate; invalid
 * ones cost nothing), answer from the cache (matched and unmatched alike, 30 days, keyed by HMAC),
 * then one budget check for all the rest and batches of at most 1,000 with bounded concurrency.
 * An address an answer listed in neither list is cached as "no match in this answer" like a no
 * match; `refresh` asks the API again for those only (what was answered stands: a match would be
 * billed again for the same data). Submitted addresses are never logged and never stored in plain text.
 */
export async function searchEmails(
  deps: OperationDeps,
  context: OperationContext,
  input: EmailSearchRequest,
): Promise<EmailSearchResult> {
  const run = await startEmailSearch(deps, context, input);
  while (!(await run.next()));
  return run.finish();
}

/** searchEmails, answered as its rows come (EmailSearchRun). */
export async function startEmailSearch(
  deps: OperationDeps,
  context: OperationContext,
  input: EmailSearchRequest,
): Promise<EmailSearchRun> {
  const prepared = prepareEmails(input.emails);
  const { unique } = prepared;
  const refresh = input.refresh === true;
  const found: Found = {
    matches: new Map(),
    notMatched: new Set(),
    unanswered: new Set(),
    unreadable: new Map(),
    failures: new Map(),
    requestWide: [],
  };

  let cachedMatches = 0;
  let cachedCount = 0;
  if (unique.length > 0) {
    for (const lookup of (await deps.store.emailResults.getMany(unique)).values()) {
      if (refresh && lookup.unanswered === true) continue;
      cachedCount += 1;
      noteLookup(found, lookup);
      if (lookup.match !== null) cachedMatches += 1;
    }
  }
  const uncached = unique.filter(
    (email) =>
      !found.matches.has(email) &&
      !found.notMatched.has(email) &&
      !found.unanswered.has(email) &&
      !found.unreadable.has(email),
  );
  const counts: EmailSearchAnswer['counts'] = {
    unique: unique.length,
    cached: cachedCount,
    sent: 0,
    batches: 0,
    matched: cachedMatches,
    failed: 0,
  };
  // Only matches are billed, so only cached matches saved anything.
  await deps.paid.recordSavings(context, 'emailSearch', {
    cacheHits: cachedCount,
    creditsSaved: actualCredits('emailSearch', { emails: [] }, cachedMatches).credits,
  });

  const progress = new SearchProgress(prepared.entries, input.withHeader, found, counts, cachedCount);
  for (const email of uncached) progress.pending.add(email);
  if (uncached.length === 0) {
    progress.settle();
    return progress;
  }
  const batches = toBatches(deps, uncached);
  // One check for the whole request, at the most it can cost (every address matched). Batches
  // that an identical request is sending right now are not counted: this one shares that call.
  const toPay = batches.filter((batch) => !deps.singleFlight.has(batch.key)).flatMap((batch) => batch.emails);
  const estimate = estimateCredits('emailSearch', { emails: toPay });
  let budget: PaidBudget;
  try {
    budget = await deps.paid.reserve(context, estimate);
  } catch (error) {
    // Past the document's formula allowance: nothing new is looked up, the cached rows stand.
    const message = await fileFormulaAsk(deps.store.formulaAllowances, context, error, {
      operation: 'emailSearch',
      credits: estimate.credits,
      itemKeys: toPay.map((email) => deps.store.emailCacheKey(email)),
      source: context.asker ?? formulaAskSource(input.cell),
    });
    for (const email of uncached) {
      found.failures.set(email, message);
      progress.refused.add(email);
    }
    progress.pending.clear();
    progress.settle();
    return progress;
  }
  const work = searchBatches(
    deps,
    context,
    { budget, refresh },
    batches,
    found,
    progress.pending,
    counts,
    (answered) => progress.batchDone(answered),
  );
  void settledBy(work, input.deadlineMs ?? deps.config.formulaDeadlineMs, deps.sleep).then((inTime) => {
    if (!inTime) {
      deps.background.track(work);
      context.log.info(
        { pending: progress.pending.size, unique: unique.length },
        'e-mail search answered at the deadline; batches go on',
      );
    }
    progress.settle();
  });
  return progress;
}

/**
 * The rows of a search as its batches land (EmailSearchRun): a row is final once its address is
 * answered (or it needs no answer: blank, invalid), and the rows from the top that are final only
 * grow. At the deadline, what is still asked for is frozen as STILL_FETCHING.
 */
class SearchProgress implements EmailSearchRun {
  readonly header = EMAIL_COLUMNS.map((col) => col.label);
  readonly columns = [...EMAIL_COLUMNS];
  /** Addresses whose batch has not answered yet. */
  readonly pending = new Set<string>();
  /** Addresses past the document's formula allowance (their rows say so; nothing was sent for them). */
  readonly refused = new Set<string>();
  /** The addresses still asked for when the answer was made, and its counts: set once, when settled. */
  private stillPending: ReadonlySet<string> | null = null;
  private settledCounts: EmailSearchAnswer['counts'] | null = null;
  private answeredByBatches = 0;
  /** Entries from the top known final. */
  private finalEntries = 0;
  private wake: (() => void) | null = null;
  private finished: EmailSearchResult | null = null;

  constructor(
    private readonly entries: readonly PreparedEmail[],
    private readonly withHeader: boolean,
    private readonly found: Found,
    /** Live: the batches add to them. */
    private readonly counts: EmailSearchAnswer['counts'],
    private readonly cachedCount: number,
  ) {}

  get settled(): boolean {
    return this.stillPending !== null;
  }

  get rowCount(): number {
    return this.entries.length + this.offset;
  }

  private get offset(): number {
    return this.withHeader ? 1 : 0;
  }

  batchDone(answered: boolean): void {
    if (answered) this.answeredByBatches += 1;
    this.notify();
  }

  settle(): void {
    if (this.stillPending !== null) return;
    this.stillPending = new Set(this.pending);
    // As they stand now: batches that land later (past the deadline) fill the cache, not this answer.
    this.settledCounts = { ...this.counts };
    this.notify();
  }

  answersSomething(): boolean {
    return this.cachedCount > 0 || this.answeredByBatches > 0;
  }

  readyRows(): number {
    if (this.settled) return this.rowCount;
    while (this.finalEntries < this.entries.length) {
      const entry = this.entries[this.finalEntries];
      if (entry.kind === 'valid' && this.pending.has(entry.email)) break;
      this.finalEntries += 1;
    }
    return this.finalEntries + this.offset;
  }

  next(): Promise<boolean> {
    if (this.settled) return Promise.resolve(true);
    return new Promise((resolve) => {
      const before = this.wake;
      this.wake = () => {
        before?.();
        resolve(this.settled);
      };
    });
  }

  rows(start: number, end: number): Row[] {
    const rows: Row[] = [];
    if (this.offset === 1 && start === 0 && end > 0) rows.push(headerRow(EMAIL_COLUMNS));
    const from = Math.max(0, start - this.offset);
    const to = Math.max(from, Math.min(this.entries.length, end - this.offset));
    return rows.concat(
      entryRows(this.entries.slice(from, to), this.found, this.stillPending ?? this.pending),
    );
  }

  tail(): Record<string, unknown> {
    const { pending, awaitingApproval, counts } = this.finish();
    return { pending, awaitingApproval, counts };
  }

  finish(): EmailSearchResult {
    const { stillPending, settledCounts: counts, found } = this;
    if (stillPending === null || counts === null)
      throw new Error('an e-mail search is finished only once settled');
    if (this.finished !== null) return this.finished;
    const answered = this.cachedCount + counts.sent - counts.failed;
    if (answered === 0 && stillPending.size === 0 && found.requestWide.length > 0) throw found.requestWide[0];
    const rowsOf = (set: ReadonlySet<string>) =>
      set.size === 0
        ? 0
        : this.entries.filter((entry) => entry.kind === 'valid' && set.has(entry.email)).length;
    this.finished = {
      header: this.header,
      columns: this.columns,
      pending: rowsOf(stillPending),
      awaitingApproval: rowsOf(this.refused),
      counts,
      rowCount: this.rowCount,
      rows: (start, end) => this.rows(start, end),
    };
    return this.finished;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/**
 * The rows of some entries (emailToRows), told only about their own addresses, so a chunk's work
 * stays a chunk's size; addresses still pending show STILL_FETCHING whatever has come since.
 */
function entryRows(
  entries: readonly PreparedEmail[],
  found: Found,
  stillPending: ReadonlySet<string>,
): Row[] {
  const seen = new Set<string>();
  const matchedEmails: MatchedEmail[] = [];
  const notMatchedEmails: string[] = [];
  const unansweredEmails: string[] = [];
  const failures: Record<string, string> = {};
  for (const entry of entries) {
    if (entry.kind !== 'valid' || seen.has(entry.email) || stillPending.has(entry.email)) continue;
    seen.add(entry.email);
    const match = found.matches.get(entry.email);
    if (match !== undefined) matchedEmails.push(match);
    if (found.notMatched.has(entry.email)) notMatchedEmails.push(entry.email);
    if (found.unanswered.has(entry.email)) unansweredEmails.push(entry.email);
    const failure = found.failures.get(entry.email);
    if (failure !== undefined) failures[entry.email] = failure;
  }
  for (const entry of entries) {
    if (entry.kind !== 'valid' || stillPending.has(entry.email)) continue;
    const unreadable = found.unreadable.get(entry.email);
    if (unreadable !== undefined) failures[entry.email] = unreadableAnswerMessage(unreadable);
  }
  const rows = emailToRows(entries, { matchedEmails, notMatchedEmails, unansweredEmails, failures });
  entries.forEach((entry, index) => {
    if (entry.kind === 'valid' && stillPending.has(entry.email)) rows[index][1] = STILL_FETCHING;
  });
  return rows;
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
  /** Read from the cache: another instance looked the same batch up while this one waited for it. */
  fromCache: boolean;
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
  { budget, refresh }: { budget: PaidBudget; refresh: boolean },
  batches: readonly Batch[],
  found: Found,
  pending: Set<string>,
  counts: EmailSearchAnswer['counts'],
  /** After each batch, answered or failed. */
  batchDone: (answered: boolean) => void,
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

/** Files one lookup under what it found: a match, no match, or a billed answer that could not be read. */
function noteLookup(found: Found, lookup: EmailLookup): void {
  if (lookup.unreadable !== undefined) found.unreadable.set(lookup.email, lookup.unreadable);
  else if (lookup.unanswered === true) found.unanswered.add(lookup.email);
  else if (lookup.match === null) found.notMatched.add(lookup.email);
  else found.matches.set(lookup.email, lookup.match);
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
