import { setImmediate as yieldToIo } from 'node:timers/promises';
import { prepareEmails, type PreparedEmail } from '../../../../shared/emails';
import { EMAIL_SEARCH_MAX } from '../../../../shared/limits';
import { actualCredits, estimateCredits, type CreditCharge } from '../../../../shared/pricing';
import type { MatchedEmail } from '../../../../shared/responses/email-search';
import { headerRow, type Row } from '../../../../shared/rows/columns';
import { EMAIL_COLUMNS, emailToRows } from '../../../../shared/rows/email-rows';
import { unreadableAnswerMessage } from '../../../../shared/unreadable-answer';
import type { EmailSearchAnswer } from '../../../../shared/worker-api/email-search';
import { fileFormulaAsk } from '../../billing/formula-ask';
import type { PaidBudget } from '../../billing/paid-call';
import { isBudgetExceededError } from '../../request-io/budget-exceeded-error';
import { settledBy, STILL_FETCHING } from '../../upstream/deadline';
import type { ArrivingRows } from '../../request-io/send-rows-json';
import { formulaAskSource } from '../operation-helpers/formula-cell-field';
import type { OperationContext, OperationDeps } from '../operation-deps';
import {
  createBatchRunner,
  noteLookup,
  nothingFound,
  toBatches,
  type Batch,
  type BatchRunner,
  type BatchRunnerOptions,
  type Found,
} from './email-batches';
import type { EmailSearchRequest } from './email-search-request';

export type { EmailSearchAnswer };

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
  const found = nothingFound();
  const counts: EmailSearchAnswer['counts'] = {
    unique: unique.length,
    cached: 0,
    sent: 0,
    batches: 0,
    matched: 0,
    failed: 0,
  };
  const progress = new SearchProgress(prepared.entries, input.withHeader, found, counts);
  const batchOptions = { refresh, found, pending: progress.pending, counts, batchDone: progress.batchDone };
  // A list longer than one call is held at the most it could cost before its look-ups: the first
  // call then leaves as soon as its 1,000 addresses are known, and the rest are looked up while it
  // is on its way (issue 28). Refused, the request takes the exact way below, so a budget refuses
  // nothing it would have let through.
  const early = unique.length > EMAIL_SEARCH_MAX ? await holdAtMost(deps, context, unique) : null;
  const runner = early === null ? null : createBatchRunner(deps, context, { budget: early, ...batchOptions });
  // The first call, once sent; `shared` when an identical request was sending it already.
  const first: { sent: { batch: Batch; shared: boolean } | null } = { sent: null };
  const startFirst = (emails: string[]) => {
    const [batch] = toBatches(deps, emails);
    first.sent = { batch, shared: deps.singleFlight.has(batch.key) };
    for (const email of emails) progress.pending.add(email);
    runner?.start(batch);
  };
  let cached: CachedLookups;
  try {
    cached = await lookUpCached(deps, unique, { refresh, found, onFirstBatch: runner && startFirst });
  } catch (error) {
    // The first call is paid for: it ends (and fills the cache) before the hold is let go.
    if (runner !== null) deps.background.track(runner.finish());
    throw error;
  }
  counts.cached = cached.count;
  counts.matched += cached.matches;
  progress.noteCached(cached.count);
  // Only matches are billed, so only cached matches saved anything.
  await deps.paid.recordSavings(context, 'emailSearch', {
    cacheHits: cached.count,
    creditsSaved: actualCredits('emailSearch', { emails: [] }, cached.matches).credits,
  });
  const started = first.sent;
  const rest = toBatches(deps, cached.uncached.slice(started?.batch.emails.length ?? 0));
  for (const batch of rest) for (const email of batch.emails) progress.pending.add(email);
  if (started === null && rest.length === 0) {
    early?.release();
    progress.settle();
    return progress;
  }
  // One check for the whole request, at the most it can cost (every address matched). Batches
  // that an identical request is sending right now are not counted: this one shares that call.
  const toPay = [
    ...(started === null || started.shared ? [] : started.batch.emails),
    ...rest.filter((batch) => !deps.singleFlight.has(batch.key)).flatMap((batch) => batch.emails),
  ];
  const estimate = estimateCredits('emailSearch', { emails: toPay });
  let batches = runner;
  if (early !== null)
    early.giveBack(chargeBeyond(estimateCredits('emailSearch', { emails: unique }), estimate));
  else batches = await reserveExactly(deps, context, input, { toPay, estimate, progress, batchOptions });
  if (batches === null) return progress;
  for (const batch of rest) batches.start(batch);
  const work = batches.finish();
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

/** The hold for every address of the list, or null when a budget refuses it (nothing is filed). */
async function holdAtMost(
  deps: OperationDeps,
  context: OperationContext,
  unique: readonly string[],
): Promise<PaidBudget | null> {
  try {
    return await deps.paid.reserve(context, estimateCredits('emailSearch', { emails: unique }));
  } catch (error) {
    if (isBudgetExceededError(error)) return null;
    throw error;
  }
}

/** What `held` holds beyond `needed`, never below nothing. */
function chargeBeyond(held: CreditCharge, needed: CreditCharge): CreditCharge {
  return {
    credits: Math.max(0, held.credits - needed.credits),
    rawRequests: Math.max(0, held.rawRequests - needed.rawRequests),
  };
}

/**
 * The exact hold for what is left to ask and a runner under it; null when refused: past the
 * document's formula allowance nothing new is looked up, the cached rows stand, and the request
 * is settled with the ask filed.
 */
async function reserveExactly(
  deps: OperationDeps,
  context: OperationContext,
  input: EmailSearchRequest,
  plan: {
    toPay: string[];
    estimate: CreditCharge;
    progress: SearchProgress;
    batchOptions: Omit<BatchRunnerOptions, 'budget'>;
  },
): Promise<BatchRunner | null> {
  const { toPay, estimate, progress } = plan;
  try {
    const budget = await deps.paid.reserve(context, estimate);
    return createBatchRunner(deps, context, { budget, ...plan.batchOptions });
  } catch (error) {
    const message = await fileFormulaAsk(deps.store.formulaAllowances, context, error, {
      operation: 'emailSearch',
      credits: estimate.credits,
      itemKeys: toPay.map((email) => deps.store.emailCacheKey(email)),
      source: context.asker ?? formulaAskSource(input.cell),
    });
    for (const email of progress.pending) {
      plan.batchOptions.found.failures.set(email, message);
      progress.refused.add(email);
    }
    progress.pending.clear();
    progress.settle();
    return null;
  }
}

/** Addresses looked up per round: about 3 ms of hashing and reading, so the first call's bytes are not kept waiting. */
const LOOKUP_ROUND = 2_000;

interface CachedLookups {
  count: number;
  matches: number;
  /** The addresses to ask the API about, in the list's order. */
  uncached: string[];
}

/**
 * The cache's answers for `unique`, filed in `found`. With `onFirstBatch`, the list is read a round
 * at a time and the first 1,000 addresses to ask about are handed over as soon as they are known,
 * with a turn of the event loop after each round so that their call goes out meanwhile.
 */
async function lookUpCached(
  deps: OperationDeps,
  unique: readonly string[],
  options: { refresh: boolean; found: Found; onFirstBatch: ((emails: string[]) => void) | null },
): Promise<CachedLookups> {
  const { refresh, found, onFirstBatch } = options;
  const result: CachedLookups = { count: 0, matches: 0, uncached: [] };
  const round = onFirstBatch === null ? unique.length : LOOKUP_ROUND;
  let handedOver = onFirstBatch === null;
  for (let start = 0; start < unique.length; start += round) {
    const emails = unique.slice(start, start + round);
    const lookups = await deps.store.emailResults.getMany(emails);
    for (const email of emails) {
      const lookup = lookups.get(email);
      if (lookup === undefined || (refresh && lookup.unanswered === true)) {
        result.uncached.push(email);
        continue;
      }
      result.count += 1;
      noteLookup(found, lookup);
      if (lookup.match !== null) result.matches += 1;
    }
    if (!handedOver && result.uncached.length >= EMAIL_SEARCH_MAX) {
      handedOver = true;
      onFirstBatch?.(result.uncached.slice(0, EMAIL_SEARCH_MAX));
    }
    if (handedOver && onFirstBatch !== null) await yieldToIo();
  }
  return result;
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
  private cachedCount = 0;
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
  ) {}

  /** Addresses the cache answered: known once the look-ups are over, before anything is sent back. */
  noteCached(count: number): void {
    this.cachedCount = count;
  }

  get settled(): boolean {
    return this.stillPending !== null;
  }

  get rowCount(): number {
    return this.entries.length + this.offset;
  }

  private get offset(): number {
    return this.withHeader ? 1 : 0;
  }

  /** An arrow: the batch runner calls it as it is. */
  readonly batchDone = (answered: boolean): void => {
    if (answered) this.answeredByBatches += 1;
    this.notify();
  };

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
