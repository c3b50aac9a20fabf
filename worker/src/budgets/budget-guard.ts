import type { OperationId } from '../../../shared/operations';
import type { CreditCharge } from '../../../shared/pricing';
import type { Clock } from '../../common/clock';
import type { Identity } from '../identity/identity';
import type { BudgetRepository, BudgetTarget } from '../store/budget-repository';
import type { LedgerEntry, LedgerRepository } from '../store/ledger-repository';
import { fromMilliCredits, toMilliCredits } from '../store/milli-credits';
import { normalizeUserEmail } from '../store/user-email';
import { BUDGET_PERIODS, periodEnd, type BudgetPeriod } from '../store/utc-periods';
import { BudgetExceededError, type BudgetScope } from './budget-exceeded-error';

/** Credits per period; null (or absent) is unlimited. */
export interface BudgetLimits {
  day: number | null;
  month: number | null;
}

/** From config: every user's budget and the team's, until an admin overrides one. */
export interface BudgetDefaults {
  user?: Partial<BudgetLimits>;
  team?: Partial<BudgetLimits>;
}

export interface EffectiveBudgets {
  user: BudgetLimits;
  team: BudgetLimits;
}

export interface BudgetLine {
  limit: number | null;
  spent: number;
  /** Held by calls under way (reserve()), not yet recorded. */
  pending: number;
  /** null when unlimited; never below 0. */
  left: number | null;
  resetsAt: number;
}

export interface BudgetStatus {
  user: Record<BudgetPeriod, BudgetLine>;
  team: Record<BudgetPeriod, BudgetLine>;
}

/** `Identity` fits; only the address counts. */
export type BudgetSubject = Pick<Identity, 'email'>;

export type Credits = number | CreditCharge;

export interface BudgetRecordInput {
  identity: BudgetSubject;
  operation: OperationId;
  estimated: Credits;
  actual: Credits;
  cacheHits?: number;
  creditsSaved?: number;
  jobId?: string;
  requestId: string;
}

export interface SavingsRecordInput {
  identity: BudgetSubject;
  operation: OperationId;
  cacheHits: number;
  creditsSaved: number;
  jobId?: string;
  requestId: string;
}

/** Credits set aside for a call under way, so two calls at once cannot both spend the last credits. */
export interface BudgetHold {
  readonly credits: number;
  /** Records the call in the ledger and lets go of the hold. */
  record(input: Omit<BudgetRecordInput, 'identity' | 'estimated'>): Promise<LedgerEntry>;
  /** Lets go without recording (the call was not made, or the ledger row was written elsewhere). */
  release(): void;
}

export interface BudgetGuard {
  limits(email: string): Promise<EffectiveBudgets>;
  status(email: string): Promise<BudgetStatus>;
  /** Throws BudgetExceededError when the estimate would take the user or the team past a budget. */
  check(identity: BudgetSubject, estimate: Credits): Promise<void>;
  /** check(), then holds the estimate until the hold is recorded or released. */
  reserve(identity: BudgetSubject, estimate: Credits): Promise<BudgetHold>;
  /** After the call, with what it actually cost. */
  record(input: BudgetRecordInput): Promise<LedgerEntry>;
  /**
   * Items served without paying. Summed in memory and written within a second (see
   * LedgerRepository.addSavings): they spend nothing, so no budget waits for them.
   */
  recordSavings(input: SavingsRecordInput): void;
}

export interface BudgetGuardOptions {
  budgets: BudgetRepository;
  ledger: LedgerRepository;
  clock: Clock;
  defaults?: BudgetDefaults;
}

const SCOPES: readonly BudgetScope[] = ['user', 'team'];

/**
 * Per-user and team budgets per UTC day and month, in credits. A limit is the admin's override
 * (budget-repository) when there is one, else the configured default, else unlimited. A call
 * estimated at 0 (free, or answered from the cache) is never refused, even past a budget.
 */
export function createBudgetGuard(options: BudgetGuardOptions): BudgetGuard {
  const { budgets, ledger, clock } = options;
  const defaults = options.defaults ?? {};
  let pendingTeam = 0;
  const pendingByUser = new Map<string, number>();

  const limits = async (email: string): Promise<EffectiveBudgets> => {
    const resolve = async (
      target: BudgetTarget,
      period: BudgetPeriod,
      fallback: number | null | undefined,
    ) => {
      const override = await budgets.get(target, period);
      return override === null ? (fallback ?? null) : override.credits;
    };
    const user: BudgetTarget = { scope: 'user', email };
    const team: BudgetTarget = { scope: 'team' };
    return {
      user: {
        day: await resolve(user, 'day', defaults.user?.day),
        month: await resolve(user, 'month', defaults.user?.month),
      },
      team: {
        day: await resolve(team, 'day', defaults.team?.day),
        month: await resolve(team, 'month', defaults.team?.month),
      },
    };
  };

  /** Spent milli-credits per scope and period, read at one instant. */
  const spentMilli = async (email: string, now: number) => {
    const spent = {} as Record<BudgetScope, Record<BudgetPeriod, number>>;
    for (const scope of SCOPES) {
      spent[scope] = { day: 0, month: 0 };
      for (const period of BUDGET_PERIODS) {
        const spend = await ledger.spend({ period, now, ...(scope === 'user' ? { email } : {}) });
        spent[scope][period] = toMilliCredits(spend.credits);
      }
    }
    return spent;
  };

  const pendingMilli = (scope: BudgetScope, email: string) =>
    scope === 'team' ? pendingTeam : (pendingByUser.get(email) ?? 0);

  const check = async (subject: BudgetSubject, estimate: Credits): Promise<number> => {
    const email = normalizeUserEmail(subject.email);
    const estimateMilli = toMilliCredits(creditsOf(estimate), 'an estimate');
    if (estimateMilli === 0) return 0;
    const now = clock.now();
    const effective = await limits(email);
    const spent = await spentMilli(email, now);
    // Read after the awaits, so holds taken meanwhile count.
    for (const scope of SCOPES) {
      for (const period of BUDGET_PERIODS) {
        const limit = effective[scope][period];
        if (limit === null) continue;
        const committed = spent[scope][period] + pendingMilli(scope, email);
        if (committed + estimateMilli > toMilliCredits(limit)) {
          throw new BudgetExceededError({
            scope,
            period,
            limit,
            committed: fromMilliCredits(committed),
            estimate: fromMilliCredits(estimateMilli),
            resetsAt: periodEnd(period, now),
          });
        }
      }
    }
    return estimateMilli;
  };

  const record = async (input: BudgetRecordInput): Promise<LedgerEntry> => {
    const actual = chargeOf(input.actual);
    return ledger.record({
      userEmail: input.identity.email,
      operation: input.operation,
      estimatedCredits: creditsOf(input.estimated),
      actualCredits: actual.credits,
      rawRequests: actual.rawRequests,
      cacheHits: input.cacheHits ?? 0,
      creditsSaved: input.creditsSaved ?? 0,
      ...(input.jobId === undefined ? {} : { jobId: input.jobId }),
      requestId: input.requestId,
    });
  };

  return {
    limits: (email) => limits(normalizeUserEmail(email)),

    async status(rawEmail) {
      const email = normalizeUserEmail(rawEmail);
      const now = clock.now();
      const effective = await limits(email);
      const spent = await spentMilli(email, now);
      const line = (scope: BudgetScope, period: BudgetPeriod): BudgetLine => {
        const limit = effective[scope][period];
        const pending = pendingMilli(scope, email);
        const used = spent[scope][period] + pending;
        return {
          limit,
          spent: fromMilliCredits(spent[scope][period]),
          pending: fromMilliCredits(pending),
          left: limit === null ? null : fromMilliCredits(Math.max(0, toMilliCredits(limit) - used)),
          resetsAt: periodEnd(period, now),
        };
      };
      return {
        user: { day: line('user', 'day'), month: line('user', 'month') },
        team: { day: line('team', 'day'), month: line('team', 'month') },
      };
    },

    async check(identity, estimate) {
      await check(identity, estimate);
    },

    async reserve(identity, estimate) {
      const email = normalizeUserEmail(identity.email);
      const held = await check(identity, estimate);
      pendingTeam += held;
      pendingByUser.set(email, (pendingByUser.get(email) ?? 0) + held);
      let open = true;
      const release = () => {
        if (!open) return;
        open = false;
        pendingTeam -= held;
        const left = (pendingByUser.get(email) ?? 0) - held;
        if (left <= 0) pendingByUser.delete(email);
        else pendingByUser.set(email, left);
      };
      return {
        credits: fromMilliCredits(held),
        async record(input) {
          try {
            return await record({ ...input, identity, estimated: estimate });
          } finally {
            release();
          }
        },
        release,
      };
    },

    record,

    recordSavings(input) {
      ledger.addSavings({
        userEmail: input.identity.email,
        operation: input.operation,
        cacheHits: input.cacheHits,
        creditsSaved: input.creditsSaved,
        ...(input.jobId === undefined ? {} : { jobId: input.jobId }),
        requestId: input.requestId,
      });
    },
  };
}

function creditsOf(amount: Credits): number {
  return typeof amount === 'number' ? amount : amount.credits;
}

function chargeOf(amount: Credits): CreditCharge {
  return typeof amount === 'number' ? { credits: amount, rawRequests: 0 } : amount;
}
