import { parseHandle, YOUTUBE_CHANNEL_ID_PATTERN } from '../../../shared/handles';
import type { Platform } from '../../../shared/platforms';
import type { MemberProblem } from '../../bridge-contract/lists-api';
import { lazySpreadsheetTimeZone, sheetDay } from '../sheet/sheet-dates';

/**
 * AI list members are platform user ids only (spec "AI lists": "add members by platform user id
 * only"): numeric ids on Instagram and TikTok, `UC...` channel ids on YouTube. Cells are checked
 * here, before anything is sent, so a column with a few handles in it is refused naming those
 * cells instead of failing somewhere in the middle of the API's batches.
 */

export interface MemberIds {
  /** Distinct valid ids, in first-seen order. */
  ids: string[];
  /** Where each id was first seen (a cell name), to point at cells the API refuses. */
  cellOf: Map<string, string>;
  /** Non-blank cells. */
  cells: number;
  blanks: number;
  repeats: number;
  /** Every cell that is not a user id of the platform. */
  problems: MemberProblem[];
  /** How many of the problems are handles or profile URLs (the column may be the wrong one). */
  handles: number;
}

const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/** TikTok's second id (secUid) starts so; lists take the numeric user id. */
const TIKTOK_SEC_UID_PREFIX = 'MS4wLjABAAAA';

const MAX_QUOTED_CHARS = 60;

/** A host and a path: a profile URL rather than a handle (which may hold dots, never a slash). */
const PROFILE_URL = /^([a-z][a-z0-9+.-]*:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}\//i;

/** What a user id of the platform looks like, for the sentences. */
function userIdShape(platform: Platform): string {
  return platform === 'youtube' ? 'a channel id: UC followed by 22 characters' : 'digits only';
}

export function platformName(platform: Platform): string {
  return PLATFORM_NAMES[platform];
}

/** "an Instagram user id", "a TikTok user id". */
export function aUserId(platform: Platform): string {
  return `${platform === 'instagram' ? 'an' : 'a'} ${PLATFORM_NAMES[platform]} user id`;
}

function quote(text: string): string {
  return text.length > MAX_QUOTED_CHARS ? `"${text.slice(0, MAX_QUOTED_CHARS - 1)}…"` : `"${text}"`;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

type Reading = { id: string } | { problem: string; handle: boolean };

/** One cell against the platform: its id, or why it is not one. `timeZone`: the sheet's, for dates. */
export function readMemberId(value: unknown, platform: Platform, timeZone: () => string): Reading {
  const name = platformName(platform);
  if (value instanceof Date)
    return { problem: `${quote(sheetDay(value, timeZone()))} is a date, not a user id`, handle: false };
  if (typeof value === 'boolean')
    return { problem: `${quote(String(value))} is not a user id`, handle: false };
  if (typeof value === 'number' && (!Number.isSafeInteger(value) || value < 0)) {
    return {
      problem: `${quote(String(value))} is a number too long to be exact (it lost digits): format the column as plain text and paste the ids again`,
      handle: false,
    };
  }
  const text = String(value).trim();
  if (platform !== 'youtube' && YOUTUBE_CHANNEL_ID_PATTERN.test(text)) {
    return { problem: `${quote(text)} is a YouTube channel id, but this list is on ${name}`, handle: false };
  }
  if (platform === 'tiktok' && text.indexOf(TIKTOK_SEC_UID_PREFIX) === 0) {
    return { problem: `${quote(text)} is a TikTok secUid; lists take the numeric user id`, handle: false };
  }
  const parsed = parseHandle(text, platform);
  if (parsed.ok) {
    if (parsed.kind === 'id') return { id: parsed.handle };
    const what = PROFILE_URL.test(text) ? 'a profile URL' : 'a handle';
    return { problem: `${quote(text)} is ${what}, not a user id`, handle: true };
  }
  if (!parsed.blank && /URL/.test(parsed.error)) return { problem: parsed.error, handle: false };
  return { problem: `${quote(text)} is not ${aUserId(platform)} (${userIdShape(platform)})`, handle: false };
}

/**
 * Reads cells as member ids of `platform`. `cellName(index)` names the cell of `values[index]`
 * ("Leads!B4") for the problems. Blanks are skipped, repeats count once.
 */
export function readMemberIds(
  values: readonly unknown[],
  platform: Platform,
  cellName: (index: number) => string,
  timeZone: () => string = lazySpreadsheetTimeZone(),
): MemberIds {
  const ids: string[] = [];
  const cellOf = new Map<string, string>();
  const problems: MemberProblem[] = [];
  let blanks = 0;
  let repeats = 0;
  let handles = 0;
  values.forEach((value, index) => {
    if (isBlank(value)) {
      blanks += 1;
      return;
    }
    const reading = readMemberId(value, platform, timeZone);
    if ('id' in reading) {
      if (cellOf.has(reading.id)) {
        repeats += 1;
        return;
      }
      cellOf.set(reading.id, cellName(index));
      ids.push(reading.id);
      return;
    }
    if (reading.handle) handles += 1;
    problems.push({ cell: cellName(index), value: String(value), reason: reading.problem });
  });
  return { ids, cellOf, cells: values.length - blanks, blanks, repeats, problems, handles };
}

/** The cells an error message of the API quotes (`"12345"`), where the ids came from. */
export function cellsQuotedIn(message: string, cellOf: ReadonlyMap<string, string>): string[] {
  const cells: string[] = [];
  const quoted = /"([^"]+)"/g;
  for (let match = quoted.exec(message); match !== null; match = quoted.exec(message)) {
    const cell = cellOf.get(match[1]);
    if (cell !== undefined && cells.indexOf(cell) < 0) cells.push(cell);
  }
  return cells;
}
