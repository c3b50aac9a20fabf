import { z } from 'zod';
import { KB } from '../request-io/json-body';
import { served, type ServedRoute } from '../request-io/served-route';
import { badRequest } from '../request-io/worker-error';
import { requireIdentity } from '../identity/identity';
import type { BudgetRepository, BudgetTarget } from '../store/budget-repository';
import { BUDGET_PERIODS } from '../store/values/utc-periods';
import type { BudgetDefaults, BudgetGuard, BudgetLimits } from './budget-guard';

interface BudgetsRouteOptions {
  budgets: BudgetRepository;
  guard: BudgetGuard;
  defaults?: BudgetDefaults;
}

/**
 * A number of credits (or raw requests), `null` for unlimited, or `"default"` to go back to the
 * configured default.
 */
const limitSchema = z.union([z.number().min(0).finite(), z.null(), z.literal('default')]).optional();
const unitSchema = z.enum(['credits', 'rawRequests']).default('credits');

export const budgetUpdateSchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('team'), unit: unitSchema, day: limitSchema, month: limitSchema }),
  z.object({
    scope: z.literal('user'),
    email: z.email(),
    unit: unitSchema,
    day: limitSchema,
    month: limitSchema,
  }),
]);

/**
 * Admin budgets:
 * - `GET /api/budgets`: the configured defaults (`user`, `team` in credits; `userRaw`, `teamRaw`
 *   in raw requests) and every override.
 * - `PUT /api/budgets` `{ scope: "team" | "user", email?, unit?: "credits" | "rawRequests", day?,
 *   month? }`: sets what is given, in credits unless `unit` says raw requests, and answers the
 *   target's budgets in that unit as they now apply. Absent leaves a period as it is.
 */
export function budgetsRoutes(options: BudgetsRouteOptions): ServedRoute[] {
  const { budgets, guard } = options;
  return [
    served(
      'budgets',
      {},
      {
        handle: async () => ({
          defaults: describeDefaults(options.defaults ?? {}),
          overrides: await budgets.list(),
        }),
      },
    ),
    served(
      'setBudgets',
      { body: budgetUpdateSchema },
      {
        bodyLimit: 16 * KB,
        handle: async ({ body: update }, req) => {
          const admin = requireIdentity(req);
          const noun = update.unit === 'credits' ? 'credits' : 'raw requests';
          if (update.day === undefined && update.month === undefined) {
            throw badRequest(`Give day, month or both: a number of ${noun}, null (unlimited) or "default"`);
          }
          const fractional = BUDGET_PERIODS.find((period) => !wholeOrNot(update.unit, update[period]));
          if (fractional !== undefined) {
            throw badRequest(`${fractional} must be a whole number of raw requests`);
          }
          const target: BudgetTarget =
            update.scope === 'team' ? { scope: 'team' } : { scope: 'user', email: update.email };
          for (const period of BUDGET_PERIODS) {
            const value = update[period];
            if (value === undefined) continue;
            if (value === 'default') await budgets.clear(target, period, update.unit);
            else await budgets.set(target, period, value, admin.email, update.unit);
          }
          const effective = await guard.limits(target.scope === 'user' ? target.email : admin.email);
          const byUnit = {
            credits: { team: effective.team, user: effective.user },
            rawRequests: { team: effective.teamRaw, user: effective.userRaw },
          };
          return { target, unit: update.unit, budgets: byUnit[update.unit][target.scope] };
        },
      },
    ),
  ];
}

/** Raw requests are whole: a fractional raw budget is a mistake, not a rounding. */
function wholeOrNot(unit: 'credits' | 'rawRequests', value: number | null | 'default' | undefined): boolean {
  return unit === 'credits' || typeof value !== 'number' || Number.isInteger(value);
}

function describeDefaults(defaults: BudgetDefaults): Record<keyof BudgetDefaults, BudgetLimits> {
  const limits = (given: Partial<BudgetLimits> | undefined): BudgetLimits => ({
    day: given?.day ?? null,
    month: given?.month ?? null,
  });
  return {
    user: limits(defaults.user),
    team: limits(defaults.team),
    userRaw: limits(defaults.userRaw),
    teamRaw: limits(defaults.teamRaw),
  };
}
