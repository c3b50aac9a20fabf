import { normalizeEmail, type PreparedEmail, type PreparedEmails } from '../emails';
import type { EmailMatchUser, MatchedEmail } from '../responses/email-search';
import { numberCell, textCell } from './cell-values';
import { blankRow, column, type Column, type Row, type RowOptions, withOptionalHeader } from './columns';

/**
 * One row per input position of an e-mail column. An address that matches several accounts shows
 * the largest one (most followers; the first the API listed on a tie) in the row, and the rest in
 * "Other accounts" as `platform:handle`, largest first, so the row stays one row and nothing is lost.
 *
 * Status: `matched`, `no match` (the API listed it under notMatchedEmails), `no match in this
 * answer` (its batch's answer listed it neither as matched nor as not matched: "no match" would
 * claim more than is known), `invalid: <reason>` (never sent), `error: <message>` (its batch
 * failed), `not checked` (nothing was asked or answered for it). Blank inputs stay blank rows.
 */

export const EMAIL_COLUMNS: readonly Column[] = [
  column('email', 'E-mail', 'text'),
  column('status', 'Status', 'text'),
  column('platform', 'Platform', 'text'),
  column('handle', 'Handle', 'text'),
  column('name', 'Name', 'text'),
  column('followers', 'Followers', 'integer'),
  column('engagement_rate', 'Engagement rate', 'percent'),
  column('url', 'URL', 'url'),
  column('other_accounts', 'Other accounts', 'text'),
];

/**
 * The columns after the address: what an enrichment writes beside the column of addresses, which
 * already shows each row's address (issue 15). Formulas and schedules keep the address first: a
 * formula's rows may sit anywhere, and a schedule's merge keys its rows by it.
 */
export const EMAIL_RESULT_COLUMNS: readonly Column[] = EMAIL_COLUMNS.slice(1);

export interface EmailSearchOutcome {
  /** matchedEmails of every batch answered so far. */
  readonly matchedEmails: readonly MatchedEmail[];
  /** notMatchedEmails of every batch answered so far. */
  readonly notMatchedEmails: readonly string[];
  /** Addresses sent in a batch whose answer listed them in neither list. */
  readonly unansweredEmails?: readonly string[];
  /** Normalized address -> why its lookup failed (for example the batch ran out of credits). */
  readonly failures?: Readonly<Record<string, string>>;
}

export const EMAIL_STATUS = {
  matched: 'matched',
  noMatch: 'no match',
  noMatchInAnswer: 'no match in this answer',
  notChecked: 'not checked',
} as const;

/** Accounts of an address, largest first; the sort is stable so ties keep the API's order. */
function accountsBySize(users: readonly EmailMatchUser[]): EmailMatchUser[] {
  return users
    .map((user, index) => ({ user, index, followers: numberCell(user.followers) ?? -1 }))
    .sort((a, b) => (a.followers === b.followers ? a.index - b.index : b.followers - a.followers))
    .map((entry) => entry.user);
}

function accountName(user: EmailMatchUser): string {
  return `${textCell(user.platform) ?? '?'}:${textCell(user.username) ?? textCell(user.userId) ?? '?'}`;
}

function matchedRow(input: string, users: readonly EmailMatchUser[]): Row {
  const [main, ...others] = accountsBySize(users);
  return [
    input,
    EMAIL_STATUS.matched,
    textCell(main.platform),
    textCell(main.username),
    textCell(main.fullname),
    numberCell(main.followers),
    numberCell(main.engagementRate),
    textCell(main.url),
    others.length === 0 ? null : others.map(accountName).join(', '),
  ];
}

function statusRow(input: string, status: string): Row {
  const row = blankRow(EMAIL_COLUMNS.length);
  row[0] = input;
  row[1] = status;
  return row;
}

function isEntryList(value: PreparedEmails | readonly PreparedEmail[]): value is readonly PreparedEmail[] {
  return Array.isArray(value);
}

/** One row per entry of prepareEmails, in input order, from the answers gathered so far. */
export function emailToRows(
  prepared: PreparedEmails | readonly PreparedEmail[],
  outcome: EmailSearchOutcome,
  options?: RowOptions,
): Row[] {
  const entries = isEntryList(prepared) ? prepared : prepared.entries;
  const usersByEmail = new Map<string, EmailMatchUser[]>();
  for (const match of outcome.matchedEmails) {
    if (match.email === undefined) continue;
    const key = normalizeEmail(match.email);
    usersByEmail.set(key, (usersByEmail.get(key) ?? []).concat(match.users ?? []));
  }
  const notMatched = new Set(outcome.notMatchedEmails.map(normalizeEmail));
  const unanswered = new Set((outcome.unansweredEmails ?? []).map(normalizeEmail));
  const failures = outcome.failures ?? {};

  const rows = entries.map((entry): Row => {
    if (entry.kind === 'blank') return blankRow(EMAIL_COLUMNS.length);
    if (entry.kind === 'invalid') return statusRow(entry.input, `invalid: ${entry.reason}`);
    const users = usersByEmail.get(entry.email);
    if (users !== undefined && users.length > 0) return matchedRow(entry.input, users);
    if (Object.prototype.hasOwnProperty.call(failures, entry.email)) {
      return statusRow(entry.input, `error: ${failures[entry.email]}`);
    }
    if (users !== undefined || notMatched.has(entry.email))
      return statusRow(entry.input, EMAIL_STATUS.noMatch);
    if (unanswered.has(entry.email)) return statusRow(entry.input, EMAIL_STATUS.noMatchInAnswer);
    return statusRow(entry.input, EMAIL_STATUS.notChecked);
  });
  return withOptionalHeader(EMAIL_COLUMNS, rows, options);
}
