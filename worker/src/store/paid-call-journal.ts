import type { OperationId } from '../../../shared/operations';
import type { CreditCharge } from '../../../shared/pricing';
import type { LedgerEntry, LedgerEntryInput } from './ledger-repository';

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

/** What calls of one operation were billed, summed. */
export interface JobCharge {
  operation: OperationId;
  estimatedCredits: number;
  actualCredits: number;
  rawRequests: number;
}
