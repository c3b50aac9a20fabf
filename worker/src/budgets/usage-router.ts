import { z } from 'zod';
import { served, type ServedRoute } from '../request-io/served-route';
import { requireIdentity } from '../identity/identity';
import type { LedgerRepository } from '../store/ledger-repository';
import type { BudgetGuard } from './budget-guard';
import type { Clock } from '../../common/clock';
import type { BreakdownAnswer, UsageAnswer } from '../../../shared/worker-api/account';
import {
  breakdownWindow,
  DEFAULT_BREAKDOWN_DAYS,
  MAX_BREAKDOWN_DAYS,
  toSpendBreakdown,
  utcDayText,
} from './spend-breakdown';
export type { UsageAnswer } from '../../../shared/worker-api/account';

interface UsageRouteOptions {
  guard: BudgetGuard;
  ledger: LedgerRepository;
  /** The breakdown's "today"; the system clock unless said. */
  clock?: Clock;
}

const DEFAULT_RECENT = 20;
const MAX_RECENT = 200;

/** `?recent=N`: how many recent calls (0 for none, more than MAX_RECENT gives MAX_RECENT). */
export const usageQuerySchema = z.looseObject({
  recent: z.coerce
    .number()
    .int()
    .min(0)
    .transform((asked) => Math.min(asked, MAX_RECENT))
    .default(DEFAULT_RECENT),
});

/** `?days=N`: how many UTC days back, today included. */
export const breakdownQuerySchema = z.looseObject({
  days: z.coerce.number().int().min(1).max(MAX_BREAKDOWN_DAYS).default(DEFAULT_BREAKDOWN_DAYS),
});

/**
 * The caller's own spend, budgets and recent calls; admins also get the team's, per user. And the
 * breakdown of what was spent per operation and per UTC day (the caller's; an admin's the team's
 * too), summed from the ledger: operation ids and sums only, never the API account's balance.
 */
export function usageRoutes(options: UsageRouteOptions): ServedRoute[] {
  const { guard, ledger } = options;
  const usage = served(
    'usage',
    { query: usageQuerySchema },
    {
      handle: async ({ query }, req) => {
        const identity = requireIdentity(req);
        const recentLimit = query.recent;
        const answer: UsageAnswer = {
          email: identity.email,
          role: identity.role,
          today: await ledger.spend({ period: 'day', email: identity.email }),
          month: await ledger.spend({ period: 'month', email: identity.email }),
          budgets: await guard.status(identity.email),
          recent: recentLimit === 0 ? [] : await ledger.recent(identity.email, recentLimit),
        };
        if (identity.role === 'admin') {
          answer.team = {
            today: await ledger.spend({ period: 'day' }),
            month: await ledger.spend({ period: 'month' }),
            byUser: { today: await ledger.usageByUser('day'), month: await ledger.usageByUser('month') },
          };
        }
        return answer;
      },
    },
  );
  const breakdown = served(
    'breakdown',
    { query: breakdownQuerySchema },
    {
      handle: async ({ query }, req, res) => {
        const identity = requireIdentity(req);
        const { days } = query;
        const window = breakdownWindow(days, options.clock?.now() ?? Date.now());
        const answer: BreakdownAnswer = {
          email: identity.email,
          role: identity.role,
          from: utcDayText(window.from),
          to: utcDayText(window.to - 1),
          days,
          mine: toSpendBreakdown(await ledger.spendByDayAndOperation({ ...window, email: identity.email })),
        };
        if (identity.role === 'admin') {
          answer.team = toSpendBreakdown(await ledger.spendByDayAndOperation(window));
        }
        res.set('Cache-Control', 'no-store');
        return answer;
      },
    },
  );
  return [usage, breakdown];
}
