import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { RunHistoryView, SpendBreakdownView, SpendLine } from '../../bridge-contract/saved-work-api';
import type { AccountView, SpendView } from '../../bridge-contract/sidebar-api';
import { asRecord, optionalNumberAt, stringAt, type JsonRecord } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { sentenceOf } from '../worker-client/worker-failure';

function spendOf(value: unknown): SpendView {
  const record: JsonRecord = typeof value === 'object' && value !== null ? (value as JsonRecord) : {};
  return {
    credits: optionalNumberAt(record, 'credits') ?? 0,
    calls: optionalNumberAt(record, 'calls') ?? 0,
    cacheHits: optionalNumberAt(record, 'cacheHits') ?? 0,
    creditsSaved: optionalNumberAt(record, 'creditsSaved') ?? 0,
  };
}

function recordAt(record: JsonRecord, ...path: string[]): JsonRecord {
  let current: unknown = record;
  for (const key of path) {
    current = typeof current === 'object' && current !== null ? (current as JsonRecord)[key] : undefined;
  }
  return typeof current === 'object' && current !== null ? (current as JsonRecord) : {};
}

function role(value: unknown): 'admin' | 'member' {
  return value === 'admin' ? 'admin' : 'member';
}

/** `{ email, today, month }` per user from the usage answer's `team.byUser`. */
function teamUsers(usage: JsonRecord): { email: string; today: number; month: number }[] {
  const byUser = recordAt(usage, 'team', 'byUser');
  const users = new Map<string, { email: string; today: number; month: number }>();
  for (const period of ['today', 'month'] as const) {
    const list = byUser[period];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (typeof item !== 'object' || item === null) continue;
      const entry = item as JsonRecord;
      if (typeof entry.email !== 'string') continue;
      const user = users.get(entry.email) ?? { email: entry.email, today: 0, month: 0 };
      user[period] = optionalNumberAt(entry, 'credits') ?? 0;
      users.set(entry.email, user);
    }
  }
  return Array.from(users.values()).sort((a, b) => b.month - a.month || a.email.localeCompare(b.email));
}

/** What a member sees in place of the balance when an older worker sends no sentence of its own. */
const BALANCE_FOR_ADMINS_TEXT = "Only admins see the API account's balance";

/**
 * The Account view from `GET /api/account` (this user's spend and budgets; for admins the API
 * account's balance) and `GET /api/account/usage` (budgets, and the team per user for admins).
 * A member's answer has `api: null` and a sentence why, which the view shows instead of figures.
 */
export function toAccountView(accountAnswer: unknown, usageAnswer: unknown): AccountView {
  const account = asRecord(accountAnswer, 'the account');
  const usage = asRecord(usageAnswer, 'the usage');
  const billing = recordAt(account, 'api', 'billing');
  const isAdmin = role(account.role) === 'admin';
  const team = recordAt(usage, 'team');
  const accountTeam = recordAt(account, 'team');
  const hidden = account.api === null;
  const note = account.apiNote;
  // The account's own budget lines first; the usage answer's for a worker that sends none.
  const budgetLimit = (period: 'day' | 'month') =>
    'limit' in recordAt(account, 'budgets', period)
      ? optionalNumberAt(recordAt(account, 'budgets', period), 'limit')
      : optionalNumberAt(recordAt(usage, 'budgets', 'user', period), 'limit');
  return {
    email: stringAt(account, 'email'),
    role: role(account.role),
    creditsLeft: optionalNumberAt(billing, 'credits'),
    rawRequestsLeft: optionalNumberAt(billing, 'rawRequests'),
    balanceNote: hidden ? (typeof note === 'string' && note !== '' ? note : BALANCE_FOR_ADMINS_TEXT) : null,
    spendToday: spendOf(recordAt(account, 'spend').today ?? usage.today),
    spendMonth: spendOf(recordAt(account, 'spend').month ?? usage.month),
    budgets: { day: budgetLimit('day'), month: budgetLimit('month') },
    team: isAdmin
      ? {
          today: spendOf(team.today ?? accountTeam.today),
          month: spendOf(team.month ?? accountTeam.month),
          users: teamUsers(usage),
        }
      : null,
  };
}

export function fetchAccount(): AccountView {
  const account = callRoute(WORKER_ROUTES.account, {});
  const usage = callRoute(WORKER_ROUTES.usage, { query: { recent: 0 } });
  return toAccountView(account, usage);
}

/** Who the worker says the key belongs to: `GET /api/account/usage` (ledger only, no API call). */
export function fetchIdentity(): { email: string; role: 'admin' | 'member' } {
  const usage = asRecord(callRoute(WORKER_ROUTES.usage, { query: { recent: 0 } }), 'the usage');
  return { email: stringAt(usage, 'email'), role: role(usage.role) };
}

/** A list of `{ <key>: string, credits, calls, rawRequests }` from the breakdown, read tolerantly. */
function spendLines(value: unknown, key: 'operation' | 'day'): SpendLine[] {
  if (!Array.isArray(value)) return [];
  const lines: SpendLine[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as JsonRecord;
    const name = entry[key];
    if (typeof name !== 'string') continue;
    lines.push({
      key: name,
      credits: optionalNumberAt(entry, 'credits') ?? 0,
      calls: optionalNumberAt(entry, 'calls') ?? 0,
      rawRequests: optionalNumberAt(entry, 'rawRequests') ?? 0,
    });
  }
  return lines;
}

function breakdownOf(value: unknown): SpendBreakdownView {
  const record: JsonRecord = typeof value === 'object' && value !== null ? (value as JsonRecord) : {};
  const total = recordAt(record, 'total');
  return {
    credits: optionalNumberAt(total, 'credits') ?? 0,
    calls: optionalNumberAt(total, 'calls') ?? 0,
    rawRequests: optionalNumberAt(total, 'rawRequests') ?? 0,
    byOperation: spendLines(record.byOperation, 'operation'),
    byDay: spendLines(record.byDay, 'day'),
  };
}

/** `GET /api/account/breakdown` as the Account view shows it: the caller's, and an admin's team. */
export function toBreakdownView(answer: unknown): NonNullable<RunHistoryView['breakdown']> {
  const record = asRecord(answer, 'the breakdown');
  return {
    days: optionalNumberAt(record, 'days') ?? 0,
    from: stringAt(record, 'from'),
    to: stringAt(record, 'to'),
    mine: breakdownOf(record.mine),
    team: role(record.role) === 'admin' && record.team !== undefined ? breakdownOf(record.team) : null,
  };
}

/**
 * The credits per operation and per UTC day over the last `days` days; a worker that cannot say
 * (an older one, or a failure) leaves the history without it and says why.
 */
export function fetchBreakdown(days = 30): Pick<RunHistoryView, 'breakdown' | 'breakdownNote'> {
  try {
    return {
      breakdown: toBreakdownView(callRoute(WORKER_ROUTES.breakdown, { query: { days } })),
      breakdownNote: null,
    };
  } catch (error) {
    return {
      breakdown: null,
      breakdownNote: `The credits per operation and day could not be read: ${sentenceOf(error)}`,
    };
  }
}
