import type { OperationId } from '../../shared/operations';
import { fromMillicredits } from './accounts';
import type { SandboxErrorCode } from './sandbox-error';

/**
 * Why the sandbox refused a request before or instead of answering it. Tests and benchmarks read
 * these to prove that the worker never caused one (no 429, no double spend, no token in a URL).
 */
const REJECTION_REASONS = [
  'auth',
  'rate_limited',
  'not_enough_credits',
  'bad_request',
  'raw_access_denied',
  'raw_exhausted',
  'fault',
  'not_found',
  'not_implemented',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/**
 * The reason an error code counts under, or null for answers that are not refusals (a handle that
 * does not exist, a private account: the service answered, it just had nothing to give).
 */
export function rejectionReasonFor(code: SandboxErrorCode): RejectionReason | null {
  switch (code) {
    case 'api_token_invalid':
      return 'auth';
    case 'rate_limited':
      return 'rate_limited';
    case 'not_enough_credits':
      return 'not_enough_credits';
    case 'bad_request':
      return 'bad_request';
    case 'raw_access_denied':
      return 'raw_access_denied';
    case 'raw_requests_exhausted':
      return 'raw_exhausted';
    case 'not_found':
    case 'method_not_allowed':
      return 'not_found';
    case 'not_implemented':
      return 'not_implemented';
    default:
      return null;
  }
}

interface OperationStats {
  calls: number;
  /** Calls per HTTP status, keyed by the status as a string ("200", "429"). */
  byStatus: Record<string, number>;
  /** Credits charged for the operation's answers, exact to the thousandth. */
  credits: number;
  /** Raw allowance units the operation's answers used (a success or a raw 404 each). */
  rawUnits: number;
  /** Answers that were billed (credits above 0, or a raw unit), counted once each. */
  billed: number;
}

/** The two faults that answer 200 with a body after billing (faults.ts), as they were sent. */
interface FaultyAnswers {
  malformed: number;
  unreadable: number;
}

/** `GET /_sandbox/stats`. Counts only: no bodies, no e-mail addresses, no tokens. */
export interface StatsBody {
  error: false;
  since: string;
  calls: number;
  credits: number;
  rawUnits: number;
  operations: Partial<Record<OperationId, OperationStats>>;
  rejected: Record<RejectionReason, number>;
  /** Every malformed and unreadable answer sent; each also counts under `rejected.fault`. */
  faultyAnswers: FaultyAnswers;
  /** Requests that carried an `access_token` query or body parameter (the worker must never send one). */
  tokenInUrl: number;
}

interface OperationCounters {
  calls: number;
  byStatus: Map<number, number>;
  millicredits: number;
  rawUnits: number;
  billed: number;
}

export class SandboxStats {
  private since = new Date();
  private readonly operations = new Map<OperationId, OperationCounters>();
  private readonly rejected = new Map<RejectionReason, number>();
  private rawUnits = 0;
  private tokenInUrl = 0;
  private faultyAnswers: FaultyAnswers = { malformed: 0, unreadable: 0 };

  constructor(private readonly now: () => number = Date.now) {
    this.since = new Date(now());
  }

  /** One finished call of an operation, whatever its outcome. */
  recordCall(id: OperationId, status: number): void {
    const counters = this.counters(id);
    counters.calls += 1;
    counters.byStatus.set(status, (counters.byStatus.get(status) ?? 0) + 1);
  }

  /** One billed answer of `millicredits` (above 0). */
  recordCharge(id: OperationId, millicredits: number): void {
    const counters = this.counters(id);
    counters.millicredits += millicredits;
    counters.billed += 1;
  }

  /** One raw allowance unit used by an answer of `id`. */
  recordRawUnit(id: OperationId): void {
    this.rawUnits += 1;
    const counters = this.counters(id);
    counters.rawUnits += 1;
    counters.billed += 1;
  }

  recordFaultyAnswer(kind: keyof FaultyAnswers): void {
    this.faultyAnswers[kind] += 1;
  }

  recordRejection(reason: RejectionReason): void {
    this.rejected.set(reason, (this.rejected.get(reason) ?? 0) + 1);
  }

  recordTokenInUrl(): void {
    this.tokenInUrl += 1;
  }

  snapshot(): StatsBody {
    const operations: Partial<Record<OperationId, OperationStats>> = {};
    let calls = 0;
    let millicredits = 0;
    for (const [id, counters] of this.operations) {
      calls += counters.calls;
      millicredits += counters.millicredits;
      operations[id] = {
        calls: counters.calls,
        byStatus: Object.fromEntries([...counters.byStatus].map(([status, n]) => [String(status), n])),
        credits: fromMillicredits(counters.millicredits),
        rawUnits: counters.rawUnits,
        billed: counters.billed,
      };
    }
    const rejected = Object.fromEntries(
      REJECTION_REASONS.map((reason) => [reason, this.rejected.get(reason) ?? 0]),
    ) as Record<RejectionReason, number>;
    return {
      error: false,
      since: this.since.toISOString(),
      calls,
      credits: fromMillicredits(millicredits),
      rawUnits: this.rawUnits,
      operations,
      rejected,
      faultyAnswers: { ...this.faultyAnswers },
      tokenInUrl: this.tokenInUrl,
    };
  }

  reset(): void {
    this.since = new Date(this.now());
    this.operations.clear();
    this.rejected.clear();
    this.rawUnits = 0;
    this.tokenInUrl = 0;
    this.faultyAnswers = { malformed: 0, unreadable: 0 };
  }

  private counters(id: OperationId): OperationCounters {
    let counters = this.operations.get(id);
    if (counters === undefined) {
      counters = { calls: 0, byStatus: new Map(), millicredits: 0, rawUnits: 0, billed: 0 };
      this.operations.set(id, counters);
    }
    return counters;
  }
}
