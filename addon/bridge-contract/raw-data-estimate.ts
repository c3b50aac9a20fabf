import type { RawLimit, RawPullRequest } from './raw-data-api';
import {
  groupDigits,
  operationOf,
  RAW_MAX_PAGES,
  RAW_MAX_ROWS,
  rawMaxPages,
  rawMaxRows,
} from './raw-data-request';

/**
 * What a pull may spend, in raw requests, before it runs: each page is one request that spends one
 * unit of the monthly raw allowance, so a pull of N pages spends at most N units (fewer when the
 * feed ends sooner). Shared by the sidebar (the estimate line and the confirmation) and the server
 * (which refuses an unconfirmed pull above the threshold).
 *
 * Raw requests cost no credits: nothing is charged, a monthly allowance is drawn on. So a pull
 * asks for a tick only when it draws on that allowance in a way worth a second look (issue 15:
 * an "I accept" tick for 3 raw requests that cost no credits was noise): more pages than a usual
 * pull (an "until done" pull always is), or a real share of what is left. A few pages well within
 * the allowance run with one click; the sentence above the button says what they use.
 */

/**
 * Above this many raw requests a pull asks first, whatever is left: "until done" (up to
 * RAW_MAX_PAGES) always does. The server holds pulls to this rule; it does not know the
 * allowance, so the share rule below is the sidebar's alone (which only ever asks more often).
 */
export const RAW_ASK_ABOVE_UNITS = 50;
/** ...or above this share of the raw requests left (0.1: a tenth of them). */
const RAW_ASK_ABOVE_SHARE = 0.1;

export interface RawPullEstimate {
  maxPages: number;
  /** The most raw requests the pull spends: one per page. */
  maxUnits: number;
  /** The most rows it writes (a feed job's row limit); null for a one-request operation. */
  maxRows: number | null;
  /** The pull draws on the allowance enough to ask first (see RAW_ASK_ABOVE_UNITS); never for one request. */
  needsConfirmation: boolean;
  /** Why it asks, in a sentence for the line under the button; null when it does not. */
  confirmReason: string | null;
  /** "Up to 5 pages: uses up to 5 raw requests of your 9,000 left this month, no credits." */
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
  // The line above the form says why the figure is unknown (a member, or the API did not say).
  if (left === null) return ' of the monthly allowance';
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
 * is the API account's allowance or the user's raw budget (addon/bridge-contract/raw-data-api.ts).
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
    summary = `One request: uses ${rawUnitsText(1)}${allowance}, no credits.`;
    limits = 'An answer that finds nothing uses a raw request too.';
  } else if (request.pages === null) {
    summary = `Until the feed ends: up to ${pagesText(maxPages)}, using up to ${rawUnitsText(maxUnits)}${allowance}, no credits.`;
    limits =
      `Until done stops at the feed's end, or at ${groupDigits(RAW_MAX_PAGES)} pages or ` +
      `${groupDigits(RAW_MAX_ROWS)} rows. One raw request per page.`;
  } else {
    summary = `Up to ${pagesText(maxPages)}: uses up to ${rawUnitsText(maxUnits)}${allowance}, no credits.`;
    limits =
      'One raw request per page; a feed that ends sooner uses fewer.' +
      (rawMaxRows(request) === RAW_MAX_ROWS
        ? ` A pull writes at most ${groupDigits(RAW_MAX_ROWS)} rows.`
        : '');
  }
  const blocked = rawRequestsLeft !== null && rawRequestsLeft <= 0 ? blockedText(limitedBy) : null;
  const warning =
    blocked === null && rawRequestsLeft !== null && maxUnits > rawRequestsLeft
      ? `That is more than the ${groupDigits(rawRequestsLeft)} left: if the feed is that long, the pull stops when they run out and keeps the rows it has.`
      : null;
  const confirmReason =
    blocked === null ? askReason(maxUnits, rawRequestsLeft, request.pages === null) : null;
  return {
    maxPages,
    maxUnits,
    maxRows: operation.paged ? rawMaxRows(request) : null,
    needsConfirmation: confirmReason !== null,
    confirmReason,
    summary,
    limits,
    warning,
    blocked,
  };
}

/**
 * Why a pull of at most `maxUnits` raw requests asks first, or null when one click is enough:
 * one request never asks; more than RAW_ASK_ABOVE_UNITS always does; and so does more than
 * RAW_ASK_ABOVE_SHARE of what is left, when that is known.
 */
function askReason(maxUnits: number, left: number | null, untilDone: boolean): string | null {
  if (maxUnits <= 1) return null;
  if (untilDone) {
    return `Until done may use up to ${rawUnitsText(maxUnits)}: tick the box above to go ahead.`;
  }
  if (maxUnits > RAW_ASK_ABOVE_UNITS) {
    return `This pull may use up to ${rawUnitsText(maxUnits)}: tick the box above to go ahead.`;
  }
  if (left !== null && left > 0 && maxUnits > left * RAW_ASK_ABOVE_SHARE) {
    const share = maxUnits >= left ? 'all' : `more than a tenth`;
    return `This pull may use ${share} of the ${groupDigits(left)} raw requests left: tick the box above to go ahead.`;
  }
  return null;
}

/** The box a user ticks to let a pull draw on the allowance: raw requests, not credits. */
export function confirmUnitsLabel(maxUnits: number): string {
  return `I accept using up to ${rawUnitsText(maxUnits)} (no credits)`;
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

/**
 * The server's refusal of an unconfirmed pull above the threshold. It is given no allowance, so it
 * holds pulls to RAW_ASK_ABOVE_UNITS only; the sidebar asks at least as often.
 */
export function requireUnitsConfirmation(estimate: RawPullEstimate, confirmed: boolean): void {
  if (estimate.needsConfirmation && !confirmed) {
    throw new Error(
      `This pull may use up to ${rawUnitsText(estimate.maxUnits)}: tick "${confirmUnitsLabel(estimate.maxUnits)}" first.`,
    );
  }
}
