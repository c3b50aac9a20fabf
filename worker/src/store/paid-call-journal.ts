import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { OperationId } from '../../../shared/operations';
import type { CreditCharge } from '../../../shared/pricing';
import type { Clock } from '../../common/clock';
import { createLedgerWriter, type LedgerEntry, type LedgerEntryInput } from './ledger-repository';
import { fromMilliCredits, toMilliCredits } from './milli-credits';
import type { SealedBox } from './sealed-box';
import { normalizeUserEmail } from './user-email';

/**
 * The paid-call journal (issue 11, "crash-proof accounting"): an intent is written before a paid
 * call is sent, and its answer the moment it arrives, before anything parses, caches or bills it.
 * A worker killed anywhere in between leaves a trace that the next start reads:
 *
 * - `sent`, never answered: whether the API billed it is unknown. It is counted as spent at its
 *   estimate, in a ledger row marked unconfirmed, and the reconciliation against the account's
 *   balance tells an admin whether it was.
 * - `answered`, never recorded: the API billed it and the worker has the answer. A request or job
 *   that makes the very same call again gets that answer instead of buying it a second time, and
 *   pays for it once in the ledger; answers nobody asks for again are recorded by recovery.
 *
 * States: sent -> answered -> settled (its ledger row exists); sent -> unconfirmed (recovered at its
 * estimate); answered -> recovered (recorded by recovery). A settled or recovered answer keeps its
 * body a while, for a restarted worker to replay once (-> reused) instead of buying it again: a
 * process killed after the ledger row but before the answer reached the cache loses nothing either.
 * Bodies are sealed at rest; the call's key is an HMAC of the request (it may hold e-mail addresses).
 * Only another run's answers are replayed: within one run, the single flight and the caches do it.
 */

export interface PaidCallIntent {
  /** What identifies the call: operation, method, path, query and body. Kept only as an HMAC. */
  material: string;
  operation: OperationId;
  userEmail: string;
  /** A document key's call: the ledger row recovery writes counts against the document too. */
  documentId?: string;
  requestId: string;
  jobId?: string;
  estimate: CreditCharge;
}

export interface KeptAnswer {
  status: number;
  text: string;
  /** Recovery already recorded it in the ledger: the caller must not record it again. */
  ledgered: boolean;
}

export interface RecoveryReport {
  /** Sent and never answered: now in the ledger at their estimate, unconfirmed. */
  unconfirmed: number;
  unconfirmedCredits: number;
  /** Answered and never recorded: now in the ledger, their answers kept for a replay. */
  recovered: number;
  recoveredCredits: number;
  /** Left for the unfinished jobs that made them: their next run replays them. */
  leftForJobs: number;
}

/** Prices a kept body from the body alone (billed-items.ts), for answers recovery records. */
export type BodyPricer = (operation: OperationId, estimate: CreditCharge, json: unknown) => CreditCharge;

export interface PaidCallJournal {
  /** This process's run id: its own intents are never recovered or replayed as an earlier run's. */
  readonly runId: string;
  /**
   * Before a paid call is sent: the answer an earlier run got for the very same call and never
   * used, to replay instead of buying it again (claimed for this call), or a new intent.
   */
  begin(intent: PaidCallIntent): Promise<{ id: string; replay: KeptAnswer | null }>;
  /**
   * Right before a paid call goes out: throws StoreUnavailableError when its answer could not be
   * recorded now (the store is down, or cannot keep any more answers for later), so nothing is
   * bought that could not be paid for once. Waits a few seconds for a store coming back first.
   */
  ready(): Promise<void>;
  /** The moment a 2xx arrives: sealed and written before anything else reads it. */
  answered(id: string, status: number, text: string): Promise<void>;
  /** The call failed: it is not billed, and nothing is kept. */
  failed(id: string): Promise<void>;
  /** Calls settled by a transaction of their own (a job batch's commit): nothing more to do for them. */
  committed(callIds: readonly string[]): void;
  /** A ledger row and the calls it settles, in one transaction. */
  record(entry: LedgerEntryInput, callIds: readonly string[]): Promise<LedgerEntry>;
  /**
   * At start-up, before anything is served: what earlier runs left (see above). On a shared store
   * (Postgres) "earlier" means runs that are gone, not other instances at work, and only calls
   * sent at or before `sentBefore` are taken: a run looks gone for a few seconds when its lock's
   * connection drops, and a call it still has on its way is its own to record.
   */
  recover(
    unfinishedJobs: ReadonlySet<string>,
    price: BodyPricer,
    sentBefore?: number,
  ): Promise<RecoveryReport>;
  /**
   * When a job resumes: the calls earlier runs of it were answered for and never recorded, priced
   * and summed per operation, for the runner to commit as a batch without rows (its `calls`
   * marked recovered in the batch's transaction: job-repository.ts). Their answers stay
   * replayable: the resumed batch asks again for nothing.
   */
  unrecordedOfJob(jobId: string, price: BodyPricer): Promise<{ callIds: string[]; charges: JobCharge[] }>;
  /** When a job ends: its answered calls no batch of it used, recorded now. How many. */
  sweepJob(jobId: string, price: BodyPricer): Promise<number>;
  /**
   * Calls answered while the store could not record them, recorded once it can
   * (unrecorded-answers.ts), in one transaction: their answers kept as settled ones are, and the
   * ledger row, unless the calls ended meanwhile. A call another instance recovered at its
   * estimate (a long outage) has that unconfirmed row charged what it was billed instead; a call
   * already settled (a batch's commit that went through, its acknowledgement lost) adds nothing.
   */
  recordLate(entry: LedgerEntryInput, calls: readonly LateCall[]): Promise<LateRecording>;
  /** Drops bodies past their keeping time and ended calls past the reconciliation's window. */
  purge(): Promise<void>;
}

/**
 * How a transaction that writes calls' ledger rows itself (a job's batch) ends them: `settled` by
 * their batch, or `recovered` when the batch records what an earlier run left.
 */
export type CallSettlement = 'settled' | 'recovered';

/** A call answered while the store was down: its id and answer, kept in memory meanwhile. */
export interface LateCall {
  id: string;
  status: number;
  text: string;
}

/**
 * `recorded`: its ledger row written; `corrected`: the unconfirmed row another instance wrote for
 * it now says what it was billed; `already`: the calls had ended, nothing written.
 */
export type LateRecording = 'recorded' | 'corrected' | 'already';

/**
 * The run of an answer recorded late (unrecorded-answers.ts): no run. Its cache entry was never
 * written (the store was down), so the retry of the very same call, through whichever instance,
 * replays it from here once instead of buying it again.
 */
export const NO_RUN = '';

/** States of a call that is still to be recorded. */
export const OPEN_STATES: ReadonlySet<string> = new Set(['sent', 'answered']);

/**
 * What recordLate does with calls in these states: all open, the row is written; one call
 * recovered unconfirmed, its row corrected; the rest, nothing (a partly ended batch still gets its
 * row, and the reconciliation shows any overlap).
 */
export function lateDecision(
  entry: LedgerEntryInput,
  states: readonly (string | undefined)[],
): LateRecording {
  if (states.some((state) => state !== undefined && OPEN_STATES.has(state))) return 'recorded';
  if (states.length === 1 && states[0] === 'unconfirmed' && entry.unconfirmed !== true) return 'corrected';
  return 'already';
}

/** What calls of one operation were billed, summed. */
export interface JobCharge {
  operation: OperationId;
  estimatedCredits: number;
  actualCredits: number;
  rawRequests: number;
}

/** A settled answer's body is kept this long: long enough for a crashed worker to be restarted. */
export const SETTLED_KEPT_MS = 15 * 60 * 1000;
/** Kept for a replay this long after recovery recorded them; gone (the body) after. */
export const RECOVERED_KEPT_MS = 24 * 60 * 60 * 1000;
/** Settled and other ended calls stay this long, for the reconciliation's window. */
export const ENDED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** A journaled call as either engine stores it. */
export interface CallRow {
  id: string;
  call_key: string;
  state: 'sent' | 'answered' | 'settled' | 'unconfirmed' | 'recovered' | 'reused';
  operation_id: string;
  user_email: string;
  request_id: string;
  job_id: string | null;
  document_id: string | null;
  estimated_milli: number;
  estimated_raw: number;
  run_id: string;
  sent_at: number;
  answered_at: number | null;
  status: number | null;
  sealed_body: Buffer | null;
  settled_at: number | null;
}

/**
 * `keyed`: an HMAC under the data directory's secret (the store's e-mail cache key, given a prefix
 * of its own), so a call key reveals nothing of the request it names.
 */
export function createSqlitePaidCallJournal(
  db: Database.Database,
  clock: Clock,
  box: SealedBox,
  keyed: (text: string) => string,
): PaidCallJournal {
  const runId = randomBytes(9).toString('base64url');
  const writeLedger = createLedgerWriter(db, clock);
  const settleCalls = createCallSettler(db, clock);
  const calls = callReader(box);

  const claimable = db.prepare<[string, string], CallRow>(
    `SELECT * FROM paid_calls WHERE call_key = ? AND run_id != ? AND sealed_body IS NOT NULL
       AND state IN ('answered', 'recovered', 'settled')
     ORDER BY answered_at DESC LIMIT 1`,
  );
  const claim = db.prepare(
    `UPDATE paid_calls SET state = @state, run_id = @run, request_id = @request, job_id = @job,
       user_email = @user, document_id = @document WHERE id = @id AND state = @was`,
  );
  const insert = db.prepare(
    `INSERT INTO paid_calls (id, call_key, state, operation_id, user_email, request_id, job_id,
       document_id, estimated_milli, estimated_raw, run_id, sent_at)
     VALUES (@id, @key, 'sent', @operation, @user, @request, @job, @document, @milli, @raw, @run, @at)`,
  );
  const markAnswered = db.prepare<[number, number, Buffer, string]>(
    `UPDATE paid_calls SET state = 'answered', answered_at = ?, status = ?, sealed_body = ?
     WHERE id = ? AND state = 'sent'`,
  );
  const remove = db.prepare<[string]>("DELETE FROM paid_calls WHERE id = ? AND state = 'sent'");
  const leftover = db.prepare<[string, number], CallRow>(
    "SELECT * FROM paid_calls WHERE run_id != ? AND state IN ('sent', 'answered') AND sent_at <= ? ORDER BY sent_at",
  );
  const ofJob = db.prepare<[string], CallRow>(
    "SELECT * FROM paid_calls WHERE job_id = ? AND state = 'answered' ORDER BY sent_at",
  );
  const endAs = db.prepare<[string, number, string]>(
    'UPDATE paid_calls SET state = ?, settled_at = ? WHERE id = ?',
  );
  const forgetBodies = db.prepare<[number, number]>(
    `UPDATE paid_calls SET sealed_body = NULL WHERE sealed_body IS NOT NULL
       AND ((state = 'settled' AND settled_at < ?) OR (state IN ('recovered', 'reused') AND settled_at < ?))`,
  );
  const purge = db.prepare<[number]>(
    `DELETE FROM paid_calls WHERE state IN ('settled', 'unconfirmed', 'reused', 'recovered')
     AND COALESCE(settled_at, sent_at) < ?`,
  );

  const purgeOld = () => {
    const now = clock.now();
    forgetBodies.run(now - SETTLED_KEPT_MS, now - RECOVERED_KEPT_MS);
    purge.run(now - ENDED_KEPT_MS);
  };

  const begin = db.transaction((intent: PaidCallIntent): { id: string; replay: KeptAnswer | null } => {
    const fields = claimFields(runId, intent);
    const kept = claimable.get(callKeyOf(keyed, intent.material), runId);
    const claimed = kept === undefined ? null : calls.claimOf(kept);
    if (
      claimed !== null &&
      claim.run({ ...fields, id: claimed.id, state: claimed.state, was: claimed.was }).changes === 1
    ) {
      return { id: claimed.id, replay: claimed.replay };
    }
    const id = newCallId();
    insert.run({ ...fields, ...intentFields(keyed, intent, clock), id });
    return { id, replay: null };
  });

  const record = db.transaction((entry: LedgerEntryInput, callIds: readonly string[]): LedgerEntry => {
    const row = writeLedger(entry);
    settleCalls(callIds, 'settled');
    return row;
  });

  /** A ledger row for a call recovery or a sweep records, at what its kept body was billed. */
  const recordKept = (row: CallRow, price: BodyPricer, state: 'recovered' | 'settled'): number => {
    const actual = calls.priceOf(row, price);
    writeLedger(keptEntry(row, actual));
    endAs.run(state, clock.now(), row.id);
    return actual.credits;
  };

  const recover = db.transaction(
    (unfinishedJobs: ReadonlySet<string>, price: BodyPricer, sentBefore: number): RecoveryReport => {
      const report = emptyRecoveryReport();
      for (const row of leftover.all(runId, sentBefore)) {
        if (row.state === 'sent') {
          writeLedger(unconfirmedEntry(row));
          endAs.run('unconfirmed', clock.now(), row.id);
          countUnconfirmed(report, row);
        } else if (row.job_id !== null && unfinishedJobs.has(row.job_id)) {
          report.leftForJobs += 1;
        } else {
          countRecovered(report, recordKept(row, price, 'recovered'));
        }
      }
      purgeOld();
      return report;
    },
  );

  const stateOf = db.prepare<[string], { state: string }>('SELECT state FROM paid_calls WHERE id = ?');
  const settleWithBody = db.prepare<[number, number, number, Buffer, string]>(
    `UPDATE paid_calls SET state = 'settled', settled_at = ?, answered_at = COALESCE(answered_at, ?),
       status = ?, sealed_body = COALESCE(sealed_body, ?), run_id = '${NO_RUN}'
     WHERE id = ? AND state IN ('sent', 'answered')`,
  );
  const correctUnconfirmed = db.prepare<[number, number, string]>(
    'UPDATE ledger SET actual_milli = ?, raw_requests = ?, unconfirmed = 0 WHERE call_id = ? AND unconfirmed = 1',
  );
  const recordLate = db.transaction((entry: LedgerEntryInput, late: readonly LateCall[]): LateRecording => {
    const decision = lateDecision(
      entry,
      late.map((call) => stateOf.get(call.id)?.state),
    );
    const now = clock.now();
    if (decision === 'recorded') {
      writeLedger(entry);
      for (const call of late)
        settleWithBody.run(now, now, call.status, box.seal(call.text, answerContext(call.id)), call.id);
    } else if (decision === 'corrected') {
      const [call] = late;
      if (call !== undefined)
        correctUnconfirmed.run(toMilliCredits(entry.actualCredits), entry.rawRequests ?? 0, call.id);
    }
    return decision;
  });

  const sweepJob = db.transaction((jobId: string, price: BodyPricer): number => {
    let swept = 0;
    for (const row of ofJob.all(jobId)) {
      recordKept(row, price, 'settled');
      swept += 1;
    }
    return swept;
  });

  return {
    runId,
    // A file on a local disk: nothing to wait for, nothing kept in memory.
    ready: async () => undefined,
    committed: () => undefined,
    begin: async (intent) => begin(intent),
    async answered(id, status, text) {
      markAnswered.run(clock.now(), status, box.seal(text, answerContext(id)), id);
    },
    async failed(id) {
      remove.run(id);
    },
    record: async (entry, callIds) => record(entry, callIds),
    recover: async (unfinishedJobs, price, sentBefore = Number.MAX_SAFE_INTEGER) =>
      recover(unfinishedJobs, price, sentBefore),
    // The runner resumes a job only when no run of it is under way: every answered call of the
    // job was left by a run that ended without committing it.
    unrecordedOfJob: async (jobId, price) => calls.chargesOf(ofJob.all(jobId), price),
    sweepJob: async (jobId, price) => sweepJob(jobId, price),
    recordLate: async (entry, late) => recordLate(entry, late),
    purge: async () => purgeOld(),
  };
}

/**
 * Ends calls inside whatever transaction is open: `settled` only from sent or answered (a call
 * recovery already recorded stays as it is), `recovered` whatever it was.
 */
export function createCallSettler(
  db: Database.Database,
  clock: Clock,
): (callIds: readonly string[], as: CallSettlement) => void {
  const markSettled = db.prepare<[number, string]>(
    `UPDATE paid_calls SET state = 'settled', settled_at = ? WHERE id = ? AND state IN ('sent', 'answered')`,
  );
  const markRecovered = db.prepare<[number, string]>(
    "UPDATE paid_calls SET state = 'recovered', settled_at = ? WHERE id = ?",
  );
  return (callIds, as) => {
    const now = clock.now();
    const mark = as === 'settled' ? markSettled : markRecovered;
    for (const id of callIds) mark.run(now, id);
  };
}

export function newCallId(): string {
  return `call_${randomBytes(12).toString('base64url')}`;
}

function callKeyOf(keyed: (text: string) => string, material: string): string {
  return keyed(`paid call\n${material}`);
}

export function answerContext(id: string): string {
  return `paid call ${id} answer`;
}

/** Who a call is made for: what a claim rewrites and a new intent starts with. */
export function claimFields(runId: string, intent: PaidCallIntent) {
  return {
    run: runId,
    request: intent.requestId,
    job: intent.jobId ?? null,
    user: normalizeUserEmail(intent.userEmail),
    document: intent.documentId ?? null,
  };
}

/** What a new intent's row holds beyond claimFields (its id aside). */
export function intentFields(keyed: (text: string) => string, intent: PaidCallIntent, clock: Clock) {
  return {
    key: callKeyOf(keyed, intent.material),
    operation: intent.operation,
    milli: toMilliCredits(intent.estimate.credits),
    raw: intent.estimate.rawRequests,
    at: clock.now(),
  };
}

/** Reading kept answers: opening their bodies, pricing them, and what claiming one gives. */
export function callReader(box: SealedBox) {
  const bodyOf = (row: CallRow): string | null =>
    row.sealed_body === null ? null : box.open(row.sealed_body, answerContext(row.id));

  const priceOf = (row: CallRow, price: BodyPricer): CreditCharge => {
    const text = bodyOf(row);
    let json: unknown;
    try {
      json = text === null ? undefined : (JSON.parse(text) as unknown);
    } catch {
      json = undefined;
    }
    return price(row.operation_id as OperationId, estimateOf(row), json);
  };

  return {
    priceOf,
    /**
     * What claiming a kept answer gives, or null when it has nothing to replay. An answered call
     * becomes the claimer's (recorded when its call is); a recorded one (settled or recovered) is
     * replayed once (-> reused), and nothing more is recorded for it.
     */
    claimOf(
      row: CallRow,
    ): { id: string; was: string; state: 'answered' | 'reused'; replay: KeptAnswer } | null {
      if (row.status === null) return null;
      const text = bodyOf(row);
      if (text === null) return null;
      return {
        id: row.id,
        was: row.state,
        state: row.state === 'answered' ? 'answered' : 'reused',
        replay: { status: row.status, text, ledgered: row.state !== 'answered' },
      };
    },
    /** Calls' charges summed per operation, with their ids. */
    chargesOf(rows: readonly CallRow[], price: BodyPricer): { callIds: string[]; charges: JobCharge[] } {
      const sums = new Map<OperationId, { estimated: number; actual: number; raw: number }>();
      const callIds: string[] = [];
      for (const row of rows) {
        const actual = priceOf(row, price);
        const operation = row.operation_id as OperationId;
        const sum = sums.get(operation) ?? { estimated: 0, actual: 0, raw: 0 };
        sum.estimated += row.estimated_milli;
        sum.actual += toMilliCredits(actual.credits);
        sum.raw += actual.rawRequests;
        sums.set(operation, sum);
        callIds.push(row.id);
      }
      const charges = [...sums].map(([operation, sum]) => ({
        operation,
        estimatedCredits: fromMilliCredits(sum.estimated),
        actualCredits: fromMilliCredits(sum.actual),
        rawRequests: sum.raw,
      }));
      return { callIds, charges };
    },
  };
}

function estimateOf(row: CallRow): CreditCharge {
  return { credits: fromMilliCredits(row.estimated_milli), rawRequests: row.estimated_raw };
}

/** The ledger row of a call sent and never answered: its estimate, unconfirmed. */
export function unconfirmedEntry(row: CallRow): LedgerEntryInput {
  return {
    userEmail: row.user_email,
    operation: row.operation_id as OperationId,
    estimatedCredits: fromMilliCredits(row.estimated_milli),
    actualCredits: fromMilliCredits(row.estimated_milli),
    rawRequests: row.estimated_raw,
    ...(row.job_id === null ? {} : { jobId: row.job_id }),
    ...(row.document_id === null ? {} : { documentId: row.document_id }),
    requestId: row.request_id,
    unconfirmed: true,
    callId: row.id,
  };
}

/** The ledger row of a kept answer recorded by recovery or a sweep: what its body was billed. */
export function keptEntry(row: CallRow, actual: CreditCharge): LedgerEntryInput {
  return {
    userEmail: row.user_email,
    operation: row.operation_id as OperationId,
    estimatedCredits: fromMilliCredits(row.estimated_milli),
    actualCredits: actual.credits,
    rawRequests: actual.rawRequests,
    ...(row.job_id === null ? {} : { jobId: row.job_id }),
    ...(row.document_id === null ? {} : { documentId: row.document_id }),
    requestId: row.request_id,
  };
}

export function emptyRecoveryReport(): RecoveryReport {
  return { unconfirmed: 0, unconfirmedCredits: 0, recovered: 0, recoveredCredits: 0, leftForJobs: 0 };
}

/** Sums in thousandths, so a report of many calls does not drift. */
export function countUnconfirmed(report: RecoveryReport, row: CallRow): void {
  report.unconfirmed += 1;
  report.unconfirmedCredits = fromMilliCredits(
    toMilliCredits(report.unconfirmedCredits) + row.estimated_milli,
  );
}

export function countRecovered(report: RecoveryReport, credits: number): void {
  report.recovered += 1;
  report.recoveredCredits = fromMilliCredits(
    toMilliCredits(report.recoveredCredits) + toMilliCredits(credits),
  );
}
