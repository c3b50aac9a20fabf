import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { parseRequest } from '../../../shared/validation-message';
import { sendError } from '../identity/error-answer';
import { requireIdentity } from '../identity/identity';
import { requireAdmin } from '../identity/require-admin';
import type { BudgetRepository, BudgetTarget } from '../store/budget-repository';
import { BUDGET_PERIODS } from '../store/utc-periods';
import type { BudgetDefaults, BudgetGuard, BudgetLimits } from './budget-guard';

export interface BudgetsRouterOptions {
  authenticate: RequestHandler;
  budgets: BudgetRepository;
  guard: BudgetGuard;
  defaults?: BudgetDefaults;
}

/** A number of credits, `null` for unlimited, or `"default"` to go back to the configured default. */
const limitSchema = z.union([z.number().min(0).finite(), z.null(), z.literal('default')]).optional();

export const budgetUpdateSchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('team'), day: limitSchema, month: limitSchema }),
  z.object({ scope: z.literal('user'), email: z.email(), day: limitSchema, month: limitSchema }),
]);

export type BudgetUpdate = z.output<typeof budgetUpdateSchema>;

/**
 * Admin budgets:
 * - `GET /api/budgets`: the configured defaults and every override.
 * - `PUT /api/budgets` `{ scope: "team" | "user", email?, day?, month? }`: sets what is given and
 *   answers the target's budgets as they now apply. Absent leaves a period as it is.
 */
export function createBudgetsRouter(options: BudgetsRouterOptions): Router {
  const { authenticate, budgets, guard } = options;
  const router = Router();

  router.get('/api/budgets', authenticate, requireAdmin(), async (_req, res) => {
    res.json({ defaults: describeDefaults(options.defaults ?? {}), overrides: await budgets.list() });
  });

  router.put(
    '/api/budgets',
    authenticate,
    requireAdmin(),
    express.json({ limit: '16kb' }),
    async (req, res) => {
      const admin = requireIdentity(req);
      const parsed = parseRequest(budgetUpdateSchema, req.body);
      if (!parsed.success) {
        sendError(res, 400, 'bad_request', parsed.message);
        return;
      }
      const update = parsed.data;
      if (update.day === undefined && update.month === undefined) {
        sendError(
          res,
          400,
          'bad_request',
          'Give day, month or both: a number of credits, null (unlimited) or "default"',
        );
        return;
      }
      const target: BudgetTarget =
        update.scope === 'team' ? { scope: 'team' } : { scope: 'user', email: update.email };
      for (const period of BUDGET_PERIODS) {
        const value = update[period];
        if (value === undefined) continue;
        if (value === 'default') await budgets.clear(target, period);
        else await budgets.set(target, period, value, admin.email);
      }
      const effective = await guard.limits(target.scope === 'user' ? target.email : admin.email);
      res.json({ target, budgets: target.scope === 'team' ? effective.team : effective.user });
    },
  );

  return router;
}

function describeDefaults(defaults: BudgetDefaults): { user: BudgetLimits; team: BudgetLimits } {
  return {
    user: { day: defaults.user?.day ?? null, month: defaults.user?.month ?? null },
    team: { day: defaults.team?.day ?? null, month: defaults.team?.month ?? null },
  };
}
