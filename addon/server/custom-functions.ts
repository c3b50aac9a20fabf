import { isPlatform, PLATFORMS } from '../../shared/platforms';
import type { CellArgument, CellResult } from './sheet-values';
import { checkFlag, checkNotBlank, checkText } from './formula-arguments';
import { readWorkerKey } from './worker-key';

/** What a formula shows while this user has no worker key. */
export const NOT_CONNECTED = 'Not connected: open Extensions > Creator Sheets > Settings.';
/** What a formula shows once connected, until the worker calls land; never made-up data. */
export const WORKER_PENDING = 'Creator Sheets worker support arrives in the next release.';

function unknownPlatform(platform: CellArgument): string | null {
  const name = typeof platform === 'string' ? platform.trim().toLowerCase() : platform;
  if (isPlatform(name)) return null;
  return `Unknown platform "${String(platform)}": use ${PLATFORMS.join(', ')}.`;
}

function firstProblem(problems: (string | null)[]): string | null {
  return problems.find((problem) => problem !== null) ?? null;
}

function workerAnswer(): CellResult {
  return readWorkerKey() === null ? NOT_CONNECTED : WORKER_PENDING;
}

/**
 * Creator reports for one or more social accounts: one row per handle, one column per field.
 * A range is answered in one request, and a recalculation is served from the cache for free.
 *
 * @param {string|string[][]} handles A handle or profile URL, or a range of them such as A2:A200.
 * @param {string} platform The platform of the handles: "instagram", "tiktok" or "youtube".
 * @param {string|string[][]} [fields] The columns to return, such as "followers"; leave empty for all.
 * @param {boolean} [with_header] TRUE (the default) to start with a header row, FALSE for rows only.
 * @return {string|Array<Array<string|number|boolean>>} One row per handle, or a sentence saying what is wrong.
 * @example =INFLUENCER_REPORT(A2:A200, "instagram")
 * @example =INFLUENCER_REPORT("@nasa", "youtube", "followers", FALSE)
 * @customfunction
 */
export function INFLUENCER_REPORT(
  handles: CellArgument,
  platform: CellArgument,
  fields?: CellArgument,
  with_header?: CellArgument,
): CellResult {
  return (
    firstProblem([
      checkNotBlank(handles, 'handles', 'give a handle or a range such as A2:A200'),
      unknownPlatform(platform),
      checkText(fields, 'fields', 'followers'),
      checkFlag(with_header, 'with_header'),
    ]) ?? workerAnswer()
  );
}

/**
 * The creator accounts behind e-mail addresses: one row per address, with the Instagram, TikTok
 * and YouTube accounts found for it. A range is answered in one request, never once per cell.
 *
 * @param {string|string[][]} emails An e-mail address, or a range of them such as A2:A1000.
 * @param {boolean} [with_header] TRUE (the default) to start with a header row, FALSE for rows only.
 * @return {string|Array<Array<string|number|boolean>>} One row per address, or a sentence saying what is wrong.
 * @example =EMAIL_SEARCH(A2:A1000)
 * @example =EMAIL_SEARCH("creator@example.com", FALSE)
 * @customfunction
 */
export function EMAIL_SEARCH(emails: CellArgument, with_header?: CellArgument): CellResult {
  return (
    firstProblem([
      checkNotBlank(emails, 'e-mail addresses', 'give an address or a range such as A2:A1000'),
      checkFlag(with_header, 'with_header'),
    ]) ?? workerAnswer()
  );
}
