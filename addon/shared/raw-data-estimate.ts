import type { RawLimit, RawPullRequest } from './raw-data-api';
import {
  groupDigits,
  operationOf,
  RAW_MAX_PAGES,
  RAW_MAX_ROWS,
  rawMaxPages,
  rawMaxRows,
} from './raw-data-request';
import { CONFIRM_ABOVE_CREDITS } from './sidebar-api';

/**
 * What a pull may spend, in raw requests, before it runs: each page is one request that spends one
 * unit of the monthly raw allowance, so a pull of N pages spends at most N units (fewer when the
 * feed ends sooner). Shared by the sidebar (the estimate line and the confirmation) and the server
 * (which refuses an unconfirmed pull above the threshold).
 */

/** Above this many raw requests the user confirms first, as for credits. */
const CONFIRM_ABOVE_RAW_UNITS = CONFIRM_ABOVE_CREDITS;

export interface RawPullEstimate {
  maxPages: number;
  /** The most raw requests the pull spends: one per page. */
  maxUnits: number;
  /** The most rows it writes (a feed job's row limit); null for a one-request operation. */
  maxRows: number | null;
  needsConfirmation: boolean;
  /** "This pulls up to 5 pages = up to 5 raw requests of your 9,000 left this month." */
  summary: string;
  /** What the pull stops at, as limits. */
  limits: string;
  /** The allowance may run out first; null when it will not (or is unknown). */
  warning: string | null;
  /** Nothing can be pulled (no raw request left); null otherwise. */
  blocked: string | null;
}

/** 1 -> "1 raw request", 5 -> "5 raw requests". */
export function rawUnitsText(units: number): string {
  return `${groupDigits(units)} raw request${units === 1 ? '' : 's'}`;
}

function pagesText(pages: number): string {
  return `${groupDigits(pages)} page${pages === 1 ? '' : 's'}`;
}

function ofAllowance(left: number | null, limitedBy: RawLimit): string {
  if (left === null) return ' (the allowance left is unknown)';
  return limitedBy === 'budget'
    ? ` of the ${groupDigits(left)} your raw budget leaves`
    : ` of your ${groupDigits(left)} left this month`;
}

/** Why nothing can be pulled when nothing is left: the account's allowance, or the user's budget. */
function blockedText(limitedBy: RawLimit): string {
  return limitedBy === 'budget'
    ? 'Your raw budget is spent: it renews at the start of the next UTC day or month, or an admin can raise it.'
    : 'No raw requests are left this month: the allowance renews with the API subscription.';
}

/**
 * `rawRequestsLeft`: what the user may still spend (null when unknown); `limitedBy`: whether that
 * is the API account's allowance or the user's raw budget (addon/shared/raw-data-api.ts).
 */
export function estimateRawPull(
  request: RawPullRequest,
  rawRequestsLeft: number | null,
  limitedBy: RawLimit = 'account',
): RawPullEstimate {
  const operation = operationOf(request);
  const maxPages = rawMaxPages(request);
  const maxUnits = maxPages;
  const allowance = ofAllowance(rawRequestsLeft, limitedBy);
  let summary: string;
  let limits: string;
  if (!operation.paged) {
    summary = `This is one request = ${rawUnitsText(1)}${allowance}.`;
    limits = 'No credits are spent. An answer that finds nothing costs a raw request too.';
  } else if (request.pages === null) {
    summary = `This pulls until the feed ends: up to ${pagesText(maxPages)} = up to ${rawUnitsText(maxUnits)}${allowance}.`;
    limits =
      `Until done stops at the feed's end, or at ${groupDigits(RAW_MAX_PAGES)} pages or ` +
      `${groupDigits(RAW_MAX_ROWS)} rows. Each page costs one raw request, no credits.`;
  } else {
    summary = `This pulls up to ${pagesText(maxPages)} = up to ${rawUnitsText(maxUnits)}${allowance}.`;
    limits =
      'Each page costs one raw request, no credits; a feed that ends sooner costs less.' +
      (rawMaxRows(request) === RAW_MAX_ROWS
        ? ` A pull writes at most ${groupDigits(RAW_MAX_ROWS)} rows.`
        : '');
  }
  const blocked = rawRequestsLeft !== null && rawRequestsLeft <= 0 ? blockedText(limitedBy) : null;
  const warning =
    blocked === null && rawRequestsLeft !== null && maxUnits > rawRequestsLeft
      ? `That is more than the ${groupDigits(rawRequestsLeft)} left: if the feed is that long, the pull stops when they run out and keeps the rows it has.`
      : null;
  return {
    maxPages,
    maxUnits,
    maxRows: operation.paged ? rawMaxRows(request) : null,
    needsConfirmation: maxUnits > CONFIRM_ABOVE_RAW_UNITS,
    summary,
    limits,
    warning,
    blocked,
  };
}

/** The box a user ticks to accept the spend. */
export function confirmUnitsLabel(maxUnits: number): string {
  return `I accept spending up to ${rawUnitsText(maxUnits)}`;
}

/** The run button, saying what it may spend: "Pull 5 pages (up to 5 raw requests)". */
export function rawRunLabel(request: RawPullRequest | null): string {
  if (request === null) return 'Pull into a new tab';
  const operation = operationOf(request);
  if (!operation.paged) return `Pull (${rawUnitsText(1)})`;
  const units = rawUnitsText(rawMaxPages(request));
  if (request.pages === null) return `Pull until done (up to ${units})`;
  return `Pull ${pagesText(request.pages)} (up to ${units})`;
}

/** The server's refusal of an unconfirmed spend above the threshold. */
export function requireUnitsConfirmation(estimate: RawPullEstimate, confirmed: boolean): void {
  if (estimate.needsConfirmation && !confirmed) {
    throw new Error(
      `This pull may spend up to ${rawUnitsText(estimate.maxUnits)}: tick "${confirmUnitsLabel(estimate.maxUnits)}" first.`,
    );
  }
}
