import { routePath, WORKER_ROUTES, type WorkerRoute } from '../../../shared/worker-api/routes';
import type { SheetTable } from '../../../shared/worker-api/sheet-table';
import { parseHandle, parsePlatform } from '../../../shared/handles';
import { OVERLAP_PLATFORMS, PLATFORMS, type OverlapPlatform, type Platform } from '../../../shared/platforms';
import type { Row } from '../../../shared/rows/columns';
import { selectReportColumns } from '../../../shared/rows/report-rows';
import { EMAIL_COLUMNS } from '../../../shared/rows/email-rows';
import { roundRowsAsShown } from '../../../shared/rows/shown-precision';
import {
  MAX_FORMULA_EMAIL_INPUTS,
  MAX_FORMULA_RESULT_CELLS,
  MAX_OVERLAP_HANDLES,
  MAX_REPORT_INPUTS,
} from '../../../shared/worker-api/request-limits';
import type { CellArgument, CellResult, CellValue } from '../sheet/sheet-values';
import {
  checkFlag,
  checkNotBlank,
  checkText,
  flagOf,
  isOmitted,
  listCells,
  nonBlankCells,
  textCells,
} from './formula-arguments';
import { formulaCacheKey, readThroughCache } from './formula-cache';
import { formulaLayout, type FormulaLayout } from './formula-layout';
import { cellNameOf, readFormulaPlace } from './formula-place';
import { looksLikeHeader, type InputKind } from '../sheet/header-detection';
import { lazySpreadsheetTimeZone, sheetDay, spreadsheetTimeZone } from '../sheet/sheet-dates';
import { readTableAnswer } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { NOT_CONNECTED, sentenceOf } from '../worker-client/worker-failure';
import { readFormulaAccess } from '../worker-client/worker-key';

export { NOT_CONNECTED };

/**
 * A custom function must answer within 30 seconds. The worker answers by this deadline with what
 * is ready (rows still on the way say so) and keeps fetching, so the next recalculation fills in.
 */
export const FORMULA_DEADLINE_MS = 20_000;

function firstProblem(problems: (string | null)[]): string | null {
  return problems.find((problem) => problem !== null) ?? null;
}

function platformProblem(platform: CellArgument | undefined): string | null {
  if (isOmitted(platform)) return null;
  if (!Array.isArray(platform) && parsePlatform(platform) !== null) return null;
  const shown = Array.isArray(platform) ? 'a range' : `"${String(platform)}"`;
  return `Unknown platform ${shown}: use ${PLATFORMS.join(', ')}.`;
}

function platformOf(platform: CellArgument | undefined): Platform | undefined {
  return isOmitted(platform) || Array.isArray(platform) ? undefined : (parsePlatform(platform) ?? undefined);
}

/** Sheets shows null as an error in a returned array; an empty cell is "". */
function toCells(rows: readonly Row[]): CellValue[][] {
  return rows.map((row) => row.map((cell) => (cell === null ? '' : cell)));
}

/**
 * Where this run's header goes (formula-layout.ts): only a FALSE skips reading where the formula
 * stands. `cells` are the input's cells in order, for a label in its first.
 */
function layoutOf(
  functionName: string,
  with_header: CellArgument | undefined,
  cells: readonly CellValue[],
  kind: InputKind,
): FormulaLayout & { cell(): string | null } {
  const asked = flagOf(with_header);
  // FALSE reads nothing for the header; the cell's name is read only if the worker is asked.
  const place =
    asked === false
      ? { formulaRow: null, inputRow: null, cell: cellNameOf() }
      : readFormulaPlace(functionName);
  return {
    ...formulaLayout({ asked, ...place, firstCellIsLabel: looksLikeHeader(cells, kind) }),
    cell: place.cell,
  };
}

/** The input cells to look up: a label in the first is answered by the header row instead. */
function dataCells(cells: readonly CellValue[], layout: FormulaLayout): CellValue[] {
  return layout.labelRow ? cells.slice(1) : cells.slice();
}

/**
 * Cells as the worker takes them, dates as the day the sheet shows (in the sheet's zone, read
 * only when some cell is a date); said here so the cache key agrees.
 */
function plainCells(
  values: readonly CellValue[],
  zone: () => string = lazySpreadsheetTimeZone(),
): (string | number | boolean)[] {
  // Not instanceof: a Date made in another realm (Sheets' runtime, a test's vm) fails it.
  return values.map((value) => (typeof value === 'object' ? sheetDay(value as Date, zone()) : value));
}

/**
 * One worker call for a whole range, through the formula cache. Answers with rows still being
 * fetched, or waiting for an approval, are shown but not kept, so a refresh asks the worker again
 * (free for what its cache has).
 */
function tableFromWorker<B extends object>(
  route: WorkerRoute<{ body: B; answer: SheetTable }>,
  body: NoInfer<B>,
  deadline: boolean,
  cellOf: () => string | null,
): CellResult {
  try {
    // Document properties, read once: a formula's user store is the sheet owner's (Apps Script),
    // so it sends the document key whoever recalculates it.
    const access = readFormulaAccess();
    if (access === null) return NOT_CONNECTED;
    const { key, workerUrl } = access;
    return readThroughCache(formulaCacheKey(workerUrl, key, [routePath(route), body]), () => {
      // The cell names the formula in an ask for approval; it is no part of what is cached.
      const cell = cellOf();
      const sent = {
        ...body,
        ...(deadline ? { deadlineMs: FORMULA_DEADLINE_MS } : {}),
        ...(cell === null ? {} : { cell }),
      };
      const answer = readTableAnswer(callRoute(route, { body: sent, bearer: key, workerUrl }));
      // Rows still fetching or waiting for an approval must ask again on the next recalculation.
      // Numbers as the sidebar shows them (4.16%, not 0.0415944...): a formula cannot format its cells.
      return {
        value: toCells(roundRowsAsShown(answer.rows, answer.columns)),
        cacheable: answer.pending === 0 && answer.awaitingApproval === 0,
      };
    });
  } catch (error) {
    return sentenceOf(error);
  }
}

// The custom functions' optional parameters are documented by their plain names with "Optional:"
// in the description, not JSDoc's "[name]": Google documents only `@param {type} name description`
// for Sheets' formula help (https://developers.google.com/apps-script/guides/sheets/functions#autocomplete),
// and the help lists the parameters the stub declares, by name
// (https://github.com/enuchi/React-Google-Apps-Script/issues/216), which "[platform]" is not.
/**
 * Creator reports for one or more social accounts: one row per input row, in order, one column per
 * field. Handles may be names, @names, profile URLs or ids; URLs say their own platform. Rows line
 * up with their input: typed in C2 beside A2:A200, A2's report is in row 2. A header row comes
 * first only with with_header TRUE, when the formula stands above its input (in C1 for A2:A200),
 * or when the input starts with its column's label in row 1 (A:A). A range is answered in one
 * request; a recalculation is served from the cache for free. Rows still being fetched say so:
 * use Extensions > Creator Sheets > Refresh formulas a minute later. #REF! means the rows would
 * overwrite data (Sheets: "Array result was not expanded because it would overwrite data in D3"):
 * empty the cells below and right of the formula, or move it. Numbers come rounded as the sidebar
 * shows them. Percent columns hold fractions (0.0416 is 4.16% once the column is formatted as
 * Format > Number > Percent): Engagement rate, Audience 13-17 to Audience 65+, Audience male,
 * Audience female, Audience credibility, Audience country 1 share to Audience country 5 share,
 * Follower growth and Avg views growth.
 *
 * @param {string|string[][]} handles A handle or profile URL, or a column of them such as A2:A200.
 * @param {string} platform Optional: "instagram", "tiktok" or "youtube", for names and ids; URLs say their own.
 * @param {string|string[][]} fields Optional: columns or groups, such as "followers, engagement_rate"; empty for the default set.
 * @param {boolean} with_header Optional: TRUE to start with a header row, FALSE for rows only; left out, a header only above the input.
 * @return {string|Array<Array<string|number|boolean>>} One row per input row, or a sentence saying what is wrong.
 * @example =INFLUENCER_REPORT(A2:A200, "instagram")
 * @example =INFLUENCER_REPORT("@nasa", "youtube", "followers, engagement_rate", TRUE)
 * @customfunction
 */
export function INFLUENCER_REPORT(
  handles: CellArgument,
  platform?: CellArgument,
  fields?: CellArgument,
  with_header?: CellArgument,
): CellResult {
  const problem = firstProblem([
    checkNotBlank(handles, 'handles', 'give a handle or a range such as A2:A200'),
    platformProblem(platform),
    checkText(fields, 'fields', 'followers'),
    checkFlag(with_header, 'with_header'),
  ]);
  if (problem !== null) return problem;
  const list = listCells(handles, 'handles');
  if (!list.ok) return list.error;
  if (list.cells.length > MAX_REPORT_INPUTS) {
    return (
      `handles hold ${list.cells.length} rows, at most ${MAX_REPORT_INPUTS} in a formula: ` +
      'use Extensions > Creator Sheets > Reports for selected column.'
    );
  }
  const fieldNames = textCells(fields);
  const selection = selectReportColumns(fieldNames);
  if (!selection.ok) return selection.error;
  const tooBig = resultTooBig(list.cells.length, selection.columns.length, 'Reports for selected column');
  if (tooBig !== null) return tooBig;
  const layout = layoutOf('INFLUENCER_REPORT', with_header, list.cells, 'handles');
  const defaultPlatform = platformOf(platform);
  // The report date is a day on the sheet's calendar; the zone is in the cache key with the rest.
  const timeZone = spreadsheetTimeZone();
  return tableFromWorker(
    WORKER_ROUTES.reports,
    {
      handles: plainCells(dataCells(list.cells, layout), () => timeZone),
      timeZone,
      ...(defaultPlatform === undefined ? {} : { platform: defaultPlatform }),
      ...(fieldNames.length === 0 ? {} : { fields: fieldNames }),
      withHeader: layout.header,
    },
    true,
    layout.cell,
  );
}

/**
 * The creator accounts behind e-mail addresses: one row per input row, in order, with the matched
 * account (platform, handle, followers, engagement rate, URL) or why there is none (no match,
 * invalid). Rows line up with their input: typed in B2 beside A2:A1000, A2's row is in row 2. A
 * header row comes first only with with_header TRUE, when the formula stands above its input (in
 * B1 for A2:A1000), or when the input starts with its column's label in row 1 (A:A). A range is
 * answered in one request, never once per cell. #REF! means the rows would overwrite data
 * (Sheets: "Array result was not expanded because it would overwrite data in C3"): empty the cells
 * below and right of the formula, or move it. Numbers come rounded as the sidebar shows them. The
 * percent column holds fractions (0.0416 is 4.16% once formatted as Format > Number > Percent):
 * Engagement rate.
 *
 * @param {string|string[][]} emails An e-mail address, or a column of them such as A2:A1000.
 * @param {boolean} with_header Optional: TRUE to start with a header row, FALSE for rows only; left out, a header only above the input.
 * @return {string|Array<Array<string|number|boolean>>} One row per input row, or a sentence saying what is wrong.
 * @example =EMAIL_SEARCH(A2:A1000)
 * @example =EMAIL_SEARCH("creator@example.com", TRUE)
 * @customfunction
 */
export function EMAIL_SEARCH(emails: CellArgument, with_header?: CellArgument): CellResult {
  const problem = firstProblem([
    checkNotBlank(emails, 'e-mail addresses', 'give an address or a range such as A2:A1000'),
    checkFlag(with_header, 'with_header'),
  ]);
  if (problem !== null) return problem;
  const list = listCells(emails, 'emails');
  if (!list.ok) return list.error;
  if (list.cells.length > MAX_FORMULA_EMAIL_INPUTS) {
    return (
      `emails hold ${list.cells.length} rows, at most ${MAX_FORMULA_EMAIL_INPUTS} in a formula: ` +
      'use Extensions > Creator Sheets > Enrich selected column.'
    );
  }
  const tooBig = resultTooBig(list.cells.length, EMAIL_COLUMNS.length, 'Enrich selected column');
  if (tooBig !== null) return tooBig;
  const layout = layoutOf('EMAIL_SEARCH', with_header, list.cells, 'emails');
  return tableFromWorker(
    WORKER_ROUTES.emailSearch,
    {
      emails: plainCells(dataCells(list.cells, layout)),
      withHeader: layout.header,
    },
    true,
    layout.cell,
  );
}

/**
 * The sentence when rows times columns (a header row included) passes what a formula may return:
 * Google's 30 s include taking the array back, and a very large one fails.
 */
function resultTooBig(rows: number, columns: number, job: string): string | null {
  const cells = (rows + 1) * columns;
  if (cells <= MAX_FORMULA_RESULT_CELLS) return null;
  return (
    `This formula would return ${cells.toLocaleString('en-US')} cells, more than the ${MAX_FORMULA_RESULT_CELLS.toLocaleString('en-US')} a formula can hand back in time: ` +
    `choose fewer columns or rows, or use Extensions > Creator Sheets > ${job}.`
  );
}

function isOverlapPlatform(platform: Platform): platform is OverlapPlatform {
  return (OVERLAP_PLATFORMS as readonly string[]).indexOf(platform) >= 0;
}

/** The platform the handles' URLs agree on, or null when they say none or several. */
function platformFromUrls(handles: readonly CellValue[]): Platform | null {
  const found: Platform[] = [];
  for (const handle of handles) {
    const parsed = parseHandle(handle);
    if (parsed.ok && found.indexOf(parsed.platform) < 0) found.push(parsed.platform);
  }
  return found.length === 1 ? found[0] : null;
}

/**
 * How much the audiences of 2 or more creators overlap: one row per creator (followers, unique and
 * overlapping audience) and a totals row. Instagram and YouTube only. One paid call for the whole
 * set, cached like a report. A header row comes first only with with_header TRUE, when the formula
 * stands above its input (in C1 for A2:A6), or when the input starts with its column's label in
 * row 1 (A:A). #REF! means the rows would overwrite data (Sheets: "Array result was not expanded
 * because it would overwrite data in D3"): empty the cells below and right of the formula, or
 * move it. Numbers come rounded as the sidebar shows them. Percent columns hold fractions (0.0416
 * is 4.16% once formatted as Format > Number > Percent): Unique and Overlapping.
 *
 * @param {string|string[][]} handles Two or more handles or profile URLs, such as A2:A6.
 * @param {string} platform Optional: "instagram" or "youtube", for names and ids; URLs say their own.
 * @param {boolean} with_header Optional: TRUE to start with a header row, FALSE for rows only; left out, a header only above the input.
 * @return {string|Array<Array<string|number|boolean>>} A row per creator and a totals row, or a sentence saying what is wrong.
 * @example =AUDIENCE_OVERLAP(A2:A6, "instagram", TRUE)
 * @example =AUDIENCE_OVERLAP({"https://www.youtube.com/@nasa"; "https://www.youtube.com/@esa"})
 * @customfunction
 */
export function AUDIENCE_OVERLAP(
  handles: CellArgument,
  platform?: CellArgument,
  with_header?: CellArgument,
): CellResult {
  const problem = firstProblem([
    checkNotBlank(handles, 'handles', 'give 2 or more handles such as A2:A6'),
    platformProblem(platform),
    checkFlag(with_header, 'with_header'),
  ]);
  if (problem !== null) return problem;
  const given = nonBlankCells(handles);
  const layout = layoutOf('AUDIENCE_OVERLAP', with_header, given, 'handles');
  const list = dataCells(given, layout);
  if (list.length < 2) return 'Audience overlap compares 2 or more creators: give at least 2 handles.';
  if (list.length > MAX_OVERLAP_HANDLES) {
    return `Audience overlap compares at most ${MAX_OVERLAP_HANDLES} creators at once, got ${list.length}.`;
  }
  const chosen = platformOf(platform) ?? platformFromUrls(list);
  if (chosen === null) {
    return `Say which platform: ${OVERLAP_PLATFORMS.join(' or ')} (as the second argument).`;
  }
  if (!isOverlapPlatform(chosen)) {
    return `Audience overlap exists for ${OVERLAP_PLATFORMS.join(' and ')} only, not ${chosen}.`;
  }
  // One API call for the whole set; past the deadline the formula says "Still fetching" and the
  // next recalculation reads the answer from the worker's cache, never #ERROR! at 30 s.
  return tableFromWorker(
    WORKER_ROUTES.overlap,
    {
      handles: plainCells(list),
      platform: chosen,
      withHeader: layout.header,
    },
    true,
    layout.cell,
  );
}
