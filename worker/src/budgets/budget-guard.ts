import type { OperationId } from '../../../shared/operations';
import type { CreditCharge } from '../../../shared/pricing';
import type { Clock } from '../../common/clock';
import type { Identity } from '../identity/identity';
import type { BudgetRepository, BudgetTarget, BudgetUnit } from '../store/budget-repository';
import type { LedgerEntry, LedgerRepository } from '../store/ledger-repository';
import type { HeldAmounts, SharedBudgetHolds } from '../store/shared-budget-holds';
import { fromMilliCredits, toMilliCredits } from '../store/values/milli-credits';
import { normalizeUserEmail } from '../store/values/user-email';
import { BUDGET_PERIODS, periodEnd, type BudgetPeriod } from '../store/values/utc-periods';
import { BudgetExceededError, type BudgetScope } from '../request-io/budget-exceeded-error';
import { createMemoryBudgetHolds } from './memory-budget-holds';

/** The budgets of people and the team (a document's formula allowance is held apart). */
type SpendScope = Exclude<BudgetScope, 'document'>;
import type { FormulaAllowances, FormulaAllowanceToday } from './formula-allowance';
import type { BudgetLimits, BudgetLine, BudgetStatus } from '../../../shared/worker-api/budgets';
export type { BudgetLimits, BudgetLine, BudgetStatus } from '../../../shared/worker-api/budgets';

/**
 * From config: every user's budget and the team's, in credits and in raw requests (the monthly
 * raw allowance), until an admin overrides one.
 */
export interface BudgetDefaults {
  user?: Partial<BudgetLimits>;
  team?: Partial<BudgetLimits>;
  userRaw?: Partial<BudgetLimits>;
  teamRaw?: Partial<BudgetLimits>;
}

interface EffectiveBudgets {
  user: BudgetLimits;
  team: BudgetLimits;
  /** Raw requests. */
  userRaw: BudgetLimits;
  teamRaw: BudgetLimits;
}

/** `Identity` fits; only the address counts. */
export type BudgetSubject = Pick<Identity, 'email' | 'documentId'>;

type Credits = number | CreditCharge;

interface BudgetRecordInput {
  identity: BudgetSubject;
  operation: OperationId;
  estimated: Credits;
  actual: Credits;
  cacheHits?: number;
  creditsSaved?: number;
  jobId?: string;
  requestId: string;
}

interface SavingsRecordInput {
  identity: BudgetSubject;
  operation: OperationId;
  cacheHits: number;
  creditsSaved: number;
  jobId?: string;
  requestId: string;
}

/**
 * Credits and raw requests set aside for a call under way, so two calls at once cannot both spend
 * the last of a budget.
 */
export interface BudgetHold {
  readonly credits: number;
  readonly rawRequests: number;
  /** Records the call in the ledger and lets go of the hold. */
  record(input: Omit<BudgetRecordInput, 'identity' | 'estimated'>): Promise<LedgerEntry>;
  /** Lets go without recording (the call was not made, or the ledger row was written elsewhere). */
  release(): void;
  /**
   * Lets go of part of the hold: a call made under it whose ledger row now counts it (or that
   * failed, and costs nothing). Never below zero; answers what was let go.
   */
  shrink(charge: CreditCharge): CreditCharge;
}

/** A document's formula allowance today, with what its formulas spent and hold right now. */
export interface DocumentAllowanceStatus {
  allowance: FormulaAllowanceToday;
  spent: number;
  pending: number;
  /** null without a daily cap. */
  left: number | null;
  resetsAt: number;
}

export interface BudgetGuard {
  limits(email: string): Promise<EffectiveBudgets>;
  status(email: string): Promise<BudgetStatus>;
  /** A document's formula allowance (a document key's calls are held to it too). */
  documentStatus(documentId: string): Promise<DocumentAllowanceStatus>;
  /**
   * Throws BudgetExceededError when the estimate would take the user or the team past a budget, or
   * a document key's call its document past the formula allowance (scope `document`).
   */
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

interface BudgetGuardOptions {
  budgets: BudgetRepository;
  ledger: LedgerRepository;
  clock: Clock;
  defaults?: BudgetDefaults;
  /** Formula allowances per document; without them a document key is held to budgets only. */
  allowances?: FormulaAllowances;
  /** Holds every instance sees (Postgres: store/postgres/budget-holds.ts); this process's own without. */
  shared?: SharedBudgetHolds | null;
}

const SCOPES: readonly SpendScope[] = ['user', 'team'];

/** Without formula allowances a document's formulas are held to the connector's budgets only. */
const NO_ALLOWANCES: FormulaAllowances = {
  today: async () => ({
    perDay: null,
    isDefault: true,
    setAt: null,
    approved: 0,
    lastApprovalAt: null,
    cap: null,
  }),
};

/** Credits are held in thousandths, raw requests in whole units. */
const UNITS: readonly BudgetUnit[] = ['credits', 'rawRequests'];

/** An amount in the unit's smallest step: thousandths of a credit, or raw requests. */
function amountOf(charge: CreditCharge, unit: BudgetUnit): number {
  return unit === 'credits' ? toMilliCredits(charge.credits, 'an estimate') : charge.rawRequests;
}

function fromAmount(amount: number, unit: BudgetUnit): number {
  return unit === 'credits' ? fromMilliCredits(amount) : amount;
}

function toAmount(limit: number, unit: BudgetUnit): number {
  return unit === 'credits' ? toMilliCredits(limit) : limit;
}

/** The limits of one unit: `user`/`team` for credits, `userRaw`/`teamRaw` for raw requests. */
function limitsOf(effective: EffectiveBudgets, unit: BudgetUnit, scope: SpendScope): BudgetLimits {
  if (unit === 'credits') return scope === 'user' ? effective.user : effective.team;
  return scope === 'user' ? effective.userRaw : effective.teamRaw;
}

/**
 * Per-user and team budgets per UTC day and month, in credits, and the same for the monthly raw
 * allowance in raw requests. A limit is the admin's override (budget-repository) when there is
 * one, else the configured default, else unlimited. A call
 * estimated at 0 (free, or answered from the cache) is never refused, even past a budget.
 */
export function createBudgetGuard(options: BudgetGuardOptions): BudgetGuard {
  const { budgets, ledger, clock } = options;
  const defaults = options.defaults ?? {};
  const allowances = options.allowances ?? NO_ALLOWANCES;
  /** Holds of calls under way: shared by every instance (Postgres), or this process's own. */
  const holds = options.shared ?? createMemoryBudgetHolds();
  /** What is held now; read last, so holds taken meanwhile count. */
  const heldNow = (email: string, documentId: string | undefined): Promise<HeldAmounts> =>
    holds.held(email, documentId ?? null);

  /** Spent, held and capped for one document's formulas today, in thousandths of a credit. */
  const documentAmounts = async (documentId: string, now: number) => {
    const allowance = await allowances.today(documentId, now);
    const spend = await ledger.spend({ period: 'day', documentId, now });
    return { allowance, spent: toMilliCredits(spend.credits) };
  };

  const limits = async (email: string): Promise<EffectiveBudgets> => {
    const resolve = async (
      target: BudgetTarget,
      unit: BudgetUnit,
      fallback: Partial<BudgetLimits> | undefined,
    ): Promise<BudgetLimits> => {
      const limit = async (period: BudgetPeriod) => {
        const override = await budgets.get(target, period, unit);
        return override === null ? (fallback?.[period] ?? null) : override.limit;
      };
      return { day: await limit('day'), month: await limit('month') };
    };
    const user: BudgetTarget = { scope: 'user', email };
    const team: BudgetTarget = { scope: 'team' };
    return {
      user: await resolve(user, 'credits', defaults.user),
      team: await resolve(team, 'credits', defaults.team),
      userRaw: await resolve(user, 'rawRequests', defaults.userRaw),
      teamRaw: await resolve(team, 'rawRequests', defaults.teamRaw),
    };
  };

  /** Spent amounts per unit, scope and period, read at one instant. */
  const spentOf = async (email: string, now: number) => {
    const spent = {} as Record<BudgetUnit, Record<SpendScope, Record<BudgetPeriod, number>>>;
    for (const unit of UNITS) spent[unit] = { user: { day: 0, month: 0 }, team: { day: 0, month: 0 } };
    for (const scope of SCOPES) {
      for (const period of BUDGET_PERIODS) {
        const spend = await ledger.spend({ period, now, ...(scope === 'user' ? { email } : {}) });
        spent.credits[scope][period] = toMilliCredits(spend.credits);
        spent.rawRequests[scope][period] = spend.rawRequests;
      }
    }
    return spent;
  };

  /** The estimate's amounts per unit when every budget allows them; BudgetExceededError otherwise. */
  const check = async (subject: BudgetSubject, estimate: Credits): Promise<Record<BudgetUnit, number>> => {
    const email = normalizeUserEmail(subject.email);
    const charge = chargeOf(estimate);
    const wanted = { credits: amountOf(charge, 'credits'), rawRequests: amountOf(charge, 'rawRequests') };
    if (wanted.credits === 0 && wanted.rawRequests === 0) return wanted;
    const now = clock.now();
    const effective = await limits(email);
    const spent = await spentOf(email, now);
    const document =
      subject.documentId !== undefined && wanted.credits > 0
        ? { id: subject.documentId, ...(await documentAmounts(subject.documentId, now)) }
        : null;
    // Read after the awaits, so holds taken meanwhile count.
    const held = await heldNow(email, subject.documentId);
    for (const unit of UNITS) {
      if (wanted[unit] === 0) continue;
      for (const scope of SCOPES) {
        for (const period of BUDGET_PERIODS) {
          const limit = limitsOf(effective, unit, scope)[period];
          if (limit === null) continue;
          const committed = spent[unit][scope][period] + held[scope][unit];
          if (committed + wanted[unit] > toAmount(limit, unit)) {
            throw new BudgetExceededError({
              unit,
              scope,
              period,
              limit,
              committed: fromAmount(committed, unit),
              estimate: fromAmount(wanted[unit], unit),
              resetsAt: periodEnd(period, now),
            });
          }
        }
      }
    }
    if (document !== null && document.allowance.cap !== null) {
      const committed = document.spent + held.document;
      if (committed + wanted.credits > toMilliCredits(document.allowance.cap)) {
        throw new BudgetExceededError({
          scope: 'document',
          period: 'day',
          limit: document.allowance.cap,
          committed: fromMilliCredits(committed),
          estimate: fromMilliCredits(wanted.credits),
          resetsAt: periodEnd('day', now),
        });
      }
    }
    return wanted;
  };

  /**
   * Checks and holds the estimate, as a hold every check counts, taken in turn with every other
   * check (of this process, or of every instance when shared). Giving back a shared hold is not
   * waited for: until its row is gone, it only makes budgets look fuller than they are (and it
   * runs out anyway).
   */
  const takeHold = async (identity: BudgetSubject, email: string, estimate: Credits) => {
    const charge = chargeOf(estimate);
    // Nothing to hold (a free call, or one the cache answers): no turn to wait for.
    const { held, id } =
      charge.credits === 0 && charge.rawRequests === 0
        ? { held: await check(identity, estimate), id: null }
        : await holds.decide(async () => {
            const amounts = await check(identity, estimate);
            if (amounts.credits === 0 && amounts.rawRequests === 0) return { held: amounts, id: null };
            return { held: amounts, id: await holds.add(email, identity.documentId ?? null, amounts) };
          });
    return {
      held,
      free: async () => {
        if (id !== null) await holds.remove(id).catch(() => undefined);
      },
      shrunk: () => {
        if (id !== null) holds.set(id, { ...held }).catch(() => undefined);
      },
    };
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
      const spent = await spentOf(email, now);
      const holds = await heldNow(email, undefined);
      const line = (unit: BudgetUnit, scope: SpendScope, period: BudgetPeriod): BudgetLine => {
        const limit = limitsOf(effective, unit, scope)[period];
        const held = holds[scope][unit];
        const used = spent[unit][scope][period] + held;
        return {
          limit,
          spent: fromAmount(spent[unit][scope][period], unit),
          pending: fromAmount(held, unit),
          left: limit === null ? null : fromAmount(Math.max(0, toAmount(limit, unit) - used), unit),
          resetsAt: periodEnd(period, now),
        };
      };
      const lines = (unit: BudgetUnit, scope: SpendScope) => ({
        day: line(unit, scope, 'day'),
        month: line(unit, scope, 'month'),
      });
      return {
        user: lines('credits', 'user'),
        team: lines('credits', 'team'),
        userRaw: lines('rawRequests', 'user'),
        teamRaw: lines('rawRequests', 'team'),
      };
    },

    async documentStatus(documentId) {
      const now = clock.now();
      const { allowance, spent } = await documentAmounts(documentId, now);
      const held = (await heldNow('', documentId)).document;
      return {
        allowance,
        spent: fromMilliCredits(spent),
        pending: fromMilliCredits(held),
        left:
          allowance.cap === null
            ? null
            : fromMilliCredits(Math.max(0, toMilliCredits(allowance.cap) - spent - held)),
        resetsAt: periodEnd('day', now),
      };
    },

    async check(identity, estimate) {
      await check(identity, estimate);
    },

    async reserve(identity, estimate) {
      const taken = await takeHold(identity, normalizeUserEmail(identity.email), estimate);
      const { held } = taken;
      let open = true;
      const release = () => {
        if (!open) return;
        open = false;
        void taken.free();
      };
      const shrink = (charge: CreditCharge): CreditCharge => {
        const freed = { credits: 0, rawRequests: 0 };
        if (!open) return freed;
        for (const unit of UNITS) {
          const amount = Math.min(held[unit], amountOf(charge, unit));
          held[unit] -= amount;
          freed[unit] = fromAmount(amount, unit);
        }
        taken.shrunk();
        return freed;
      };
      return {
        get credits() {
          return fromMilliCredits(held.credits);
        },
        get rawRequests() {
          return held.rawRequests;
        },
        shrink,
        async record(input) {
          try {
            return await record({ ...input, identity, estimated: estimate });
          } finally {
            // The ledger row counts the call now: its hold goes before the next check could count both.
            if (open) {
              open = false;
              await taken.free();
            }
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
