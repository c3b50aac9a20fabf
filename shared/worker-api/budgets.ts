/**
 * Budgets (worker/src/budgets/): per user and for the team, per UTC day and month, in credits and
 * in raw requests (the API account's monthly raw allowance). `GET|PUT /api/budgets` are for admins.
 */

export type BudgetPeriod = 'day' | 'month';
export type BudgetUnit = 'credits' | 'rawRequests';
export type BudgetTarget = { scope: 'team' } | { scope: 'user'; email: string };

/** Credits (or raw requests) per period; null is unlimited. */
export interface BudgetLimits {
  day: number | null;
  month: number | null;
}

/** One budget as it stands now. */
export interface BudgetLine {
  limit: number | null;
  spent: number;
  /** Held by calls under way, not yet recorded. */
  pending: number;
  /** null when unlimited; never below 0. */
  left: number | null;
  /** ms since 1970. */
  resetsAt: number;
}

/** Every budget line of a user: their own and the team's, in credits and in raw requests. */
export interface BudgetStatus {
  user: Record<BudgetPeriod, BudgetLine>;
  team: Record<BudgetPeriod, BudgetLine>;
  userRaw: Record<BudgetPeriod, BudgetLine>;
  teamRaw: Record<BudgetPeriod, BudgetLine>;
}

/** An admin's setting for one target, period and unit; `limit: null` is explicitly unlimited. */
export interface BudgetOverride {
  target: BudgetTarget;
  period: BudgetPeriod;
  unit: BudgetUnit;
  limit: number | null;
  updatedAt: number;
  updatedBy: string;
}

/** `GET /api/budgets`: the configured defaults and every override. */
export interface BudgetsAnswer {
  defaults: { user: BudgetLimits; team: BudgetLimits; userRaw: BudgetLimits; teamRaw: BudgetLimits };
  overrides: BudgetOverride[];
}

/** A number of credits (or raw requests), null for unlimited, or `"default"` for the configured one. */
export type BudgetLimitSetting = number | null | 'default';

interface BudgetUpdateFields {
  /** `credits` when absent. */
  unit?: BudgetUnit;
  /** Absent leaves the period as it is; give day, month or both. */
  day?: BudgetLimitSetting;
  month?: BudgetLimitSetting;
}

/** `PUT /api/budgets`: sets what is given for the team or one user. */
export type BudgetUpdateRequest =
  ({ scope: 'team' } & BudgetUpdateFields) | ({ scope: 'user'; email: string } & BudgetUpdateFields);

/** The target's budgets in that unit, as they now apply. */
export interface BudgetUpdateAnswer {
  target: BudgetTarget;
  unit: BudgetUnit;
  budgets: BudgetLimits;
}
