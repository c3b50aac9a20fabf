import express from 'express';
import {
  createBudgetGuard,
  type BudgetDefaults,
  type BudgetGuard,
} from '../../../../worker/src/budgets/budget-guard';
import { budgetsRoutes } from '../../../../worker/src/budgets/budgets-router';
import { usageRoutes } from '../../../../worker/src/budgets/usage-router';
import { errorHandler } from '../../../../worker/src/request-io/error-answer';
import { ROUTE_SCHEMAS } from '../../../../worker/src/openapi/route-schemas';
import { tableRoutes } from '../../../../worker/src/http/table-routes';
import { createLogger } from '../../../../worker/src/logging/logger';
import { createAccessPolicy } from '../../../../worker/src/identity/access-policy';
import { createAuthenticator } from '../../../../worker/src/identity/authenticate';
import type { IdTokenVerifier } from '../../../../worker/src/identity/id-token-verifier';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { ManualClock } from '../store/store-fixtures';

export const DEFAULTS: BudgetDefaults = { user: { day: 50 }, team: { month: 1000 } };

export interface RouterWorld {
  app: express.Express;
  store: Store;
  clock: ManualClock;
  guard: BudgetGuard;
  anaKey: string;
  bossKey: string;
}

const noIdTokens: IdTokenVerifier = {
  verify: () => Promise.reject(new Error('no ID tokens in this test')),
};

/**
 * The usage and budgets routers behind the real authenticator, over a real store; callers use
 * worker keys (ana is a member, boss an admin). Ana spent 3 + 1.5 credits today, bob 10.
 */
export async function startRouterWorld(): Promise<RouterWorld> {
  const clock = new ManualClock(Date.UTC(2025, 4, 14, 10, 0));
  const store = openStore({ memory: true, clock });
  const authenticate = createAuthenticator({
    verifier: noIdTokens,
    keys: store.keys,
    policy: createAccessPolicy({
      allowedDomains: ['team.com'],
      allowedEmails: [],
      adminEmails: ['boss@team.com'],
    }),
  });
  const guard = createBudgetGuard({
    budgets: store.budgets,
    ledger: store.ledger,
    clock,
    defaults: DEFAULTS,
  });
  const app = express();
  const routes = [
    ...usageRoutes({ guard, ledger: store.ledger, clock }),
    ...budgetsRoutes({ budgets: store.budgets, guard, defaults: DEFAULTS }),
  ];
  app.use(tableRoutes(routes, { authenticate, schemas: ROUTE_SCHEMAS }));
  // As app.ts answers them: a route's refusal is thrown and answered by the error handler.
  app.use(errorHandler(createLogger({ destination: { write: () => undefined } })));
  const anaKey = (await store.keys.issue('ana@team.com')).key;
  const bossKey = (await store.keys.issue('boss@team.com')).key;
  for (const [email, credits, requestId] of [
    ['ana@team.com', 3, 'a1'],
    ['ana@team.com', 1.5, 'a2'],
    ['bob@team.com', 10, 'b1'],
  ] as const) {
    await store.ledger.record({
      userEmail: email,
      operation: 'report',
      estimatedCredits: credits,
      actualCredits: credits,
      requestId,
    });
    clock.advance(1000);
  }
  return { app, store, clock, guard, anaKey, bossKey };
}

export const as = (key: string) => ({ Authorization: `Bearer ${key}` });
