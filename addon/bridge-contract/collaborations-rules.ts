import { parseHandle } from '../../shared/handles';
import { DEPRECATED_COLLABORATIONS_PAGE_SIZE } from '../../shared/limits';
import type { Platform } from '../../shared/platforms';
import { estimateCredits, sumCharges } from '../../shared/pricing';
import { calendarDay } from '../../shared/time-zone';
import { DEFAULT_COLLABORATION_PAGES, MAX_COLLABORATION_PAGES } from '../../shared/worker-api/request-limits';
import type { CollaborationsRequest, CollaborationsSubject } from './collaborations-api';
import { CONFIRM_ABOVE_CREDITS } from './sidebar-api';

/**
 * The rules of a collaborations request, shared by the sidebar (to show mistakes and the cost while
 * the form is filled in) and the server (which checks again before it spends anything): what the
 * subject may be, the date window, the page limits, and the most a request can cost.
 */

// The sidebar's form names the worker's page bounds from here.
export { DEFAULT_COLLABORATION_PAGES, MAX_COLLABORATION_PAGES };
/** The older endpoints answer up to 30 collaborations per page (spec). */
export const OLDER_COLLABORATIONS_PAGE_SIZE = DEPRECATED_COLLABORATIONS_PAGE_SIZE;
/** The older brand endpoint exists on Instagram and TikTok only. */
const OLDER_BRAND_PLATFORMS: readonly Platform[] = ['instagram', 'tiktok'];

type CollaborationsField = 'id' | 'platform' | 'collaborator' | 'from' | 'to' | 'pages';

export interface CollaborationsProblem {
  field: CollaborationsField;
  message: string;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Something like `nike.com`, `www.nike.com` or `https://nike.com/us`. */
const DOMAIN_PATTERN =
  /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?::\d+)?(?:[/?#].*)?$/i;
const HOUR_MS = 60 * 60 * 1000;
/** The latest time zone is 14 hours ahead of UTC. */
const LATEST_ZONE_MS = 14 * HOUR_MS;

/** Whether `text` is a calendar day written `YYYY-MM-DD` (2024-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (match === null) return false;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === text;
}

/**
 * The latest day a window may name, for the server. The worker reads the window's days on the
 * calendar of the spreadsheet's zone when the add-on sends it, so with `timeZone` the day turns at
 * that zone's midnight: today there. Without one the days are UTC's, and since the sidebar checks
 * "not after today" with the user's own calendar, which the server does not know, today anywhere
 * on Earth is accepted.
 */
export function latestAllowedDay(nowMs: number, timeZone?: string): string {
  if (timeZone !== undefined) return calendarDay(nowMs, timeZone);
  return new Date(nowMs + LATEST_ZONE_MS).toISOString().slice(0, 10);
}

/** `https://www.nike.com/us` -> `nike.com`; anything that is not a web address stays as typed. */
function brandKey(text: string): string {
  const trimmed = text.trim();
  const domain = DOMAIN_PATTERN.exec(trimmed);
  return domain === null ? trimmed : domain[1].toLowerCase();
}

/** What an influencer or a brand is sent as, or why it cannot be. */
type PartyResult = { ok: true; id: string } | { ok: false; message: string };

/**
 * An influencer: a handle, profile URL or id, read with the same rules as a report cell (a URL of
 * another platform is a mistake, never a silent switch). A brand: its domain or name; YouTube knows
 * brands by domain only (api-notes "Collaborations").
 */
export function readParty(subject: CollaborationsSubject, platform: Platform, text: string): PartyResult {
  const trimmed = text.trim();
  if (subject === 'influencer') {
    const parsed = parseHandle(trimmed, platform);
    if (parsed.ok) return { ok: true, id: parsed.handle };
    if (parsed.blank) return { ok: false, message: "Type the influencer's handle, profile URL or id." };
    return { ok: false, message: `${parsed.error}.` };
  }
  if (trimmed === '')
    return { ok: false, message: "Type the brand's web domain (such as nike.com) or name." };
  if (platform === 'youtube' && !DOMAIN_PATTERN.test(trimmed)) {
    return {
      ok: false,
      message: `On YouTube a brand is named by its web domain, such as nike.com, not "${trimmed}".`,
    };
  }
  return { ok: true, id: brandKey(trimmed) };
}

function other(subject: CollaborationsSubject): CollaborationsSubject {
  return subject === 'influencer' ? 'brand' : 'influencer';
}

function checkWindow(
  from: string | undefined,
  to: string | undefined,
  latestDay: string,
): CollaborationsProblem[] {
  const problems: CollaborationsProblem[] = [];
  const bounds: { field: 'from' | 'to'; name: string; value: string | undefined }[] = [
    { field: 'from', name: 'From', value: from },
    { field: 'to', name: 'To', value: to },
  ];
  for (const { field, name, value } of bounds) {
    if (value === undefined || value === '') continue;
    if (!isCalendarDay(value)) {
      problems.push({ field, message: `${name} must be a day such as 2024-05-01, got "${value}".` });
    } else if (value > latestDay) {
      problems.push({ field, message: `${name} must not be after today (${latestDay}), got ${value}.` });
    }
  }
  if (
    problems.length === 0 &&
    from !== undefined &&
    to !== undefined &&
    from !== '' &&
    to !== '' &&
    from > to
  ) {
    problems.push({ field: 'to', message: `To must be on or after From (${from}), got ${to}.` });
  }
  return problems;
}

function checkPages(pages: number): CollaborationsProblem[] {
  if (Number.isInteger(pages) && pages >= 1 && pages <= MAX_COLLABORATION_PAGES) return [];
  return [
    {
      field: 'pages',
      message: `Pages must be a whole number from 1 to ${MAX_COLLABORATION_PAGES}, got ${String(pages)}.`,
    },
  ];
}

/**
 * Everything wrong with a request, each tied to the field that fixes it; empty when it can run.
 * `latestDay` is the last day the window may name (`YYYY-MM-DD`).
 */
export function collaborationsProblems(
  request: CollaborationsRequest,
  latestDay: string,
): CollaborationsProblem[] {
  const problems: CollaborationsProblem[] = [];
  const party = readParty(request.subject, request.platform, request.id);
  if (!party.ok) problems.push({ field: 'id', message: party.message });
  if (request.kind === 'older') {
    if (request.subject === 'brand' && OLDER_BRAND_PLATFORMS.indexOf(request.platform) < 0) {
      problems.push({
        field: 'platform',
        message:
          'The older API has brand collaborations on Instagram and TikTok only: pick one of them, or turn the older API off.',
      });
    }
    return problems.concat(checkPages(request.pages));
  }
  if (request.collaborator !== undefined && request.collaborator.trim() !== '') {
    const collaborator = readParty(other(request.subject), request.platform, request.collaborator);
    if (!collaborator.ok) problems.push({ field: 'collaborator', message: collaborator.message });
  }
  problems.push(...checkWindow(request.from, request.to, latestDay));
  if (request.kind === 'posts') problems.push(...checkPages(request.pages));
  return problems;
}

export interface CollaborationsCost {
  /** Paid calls at most. */
  calls: number;
  maxCredits: number;
  /** The most rows it can bring, where the API says how many a page holds (older API only). */
  maxRows: number | null;
  needsConfirmation: boolean;
}

/** The most a request can cost, from the shared price table: the worker checks budgets with it. */
export function collaborationsCost(request: CollaborationsRequest): CollaborationsCost {
  let calls = 1;
  let maxRows: number | null = null;
  let operation:
    | 'collaborationPosts'
    | 'collaborationSummary'
    | 'collaborationsInfluencerDeprecated'
    | 'collaborationsBrandDeprecated' = 'collaborationSummary';
  if (request.kind === 'posts') {
    calls = request.pages;
    operation = 'collaborationPosts';
  } else if (request.kind === 'older') {
    calls = request.pages;
    maxRows = request.pages * OLDER_COLLABORATIONS_PAGE_SIZE;
    operation =
      request.subject === 'influencer'
        ? 'collaborationsInfluencerDeprecated'
        : 'collaborationsBrandDeprecated';
  }
  const perCall = estimateCredits(operation);
  const maxCredits = sumCharges(Array.from({ length: Math.max(0, calls) }, () => perCall)).credits;
  return { calls, maxCredits, maxRows, needsConfirmation: maxCredits > CONFIRM_ABOVE_CREDITS };
}
