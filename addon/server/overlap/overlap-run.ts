import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import { estimateCredits } from '../../../shared/pricing';
import type { Row } from '../../../shared/rows/columns';
import { OVERLAP_COLUMNS, OVERLAP_TOTAL_LABEL } from '../../../shared/rows/overlap-rows';
import type { OverlapReportInfo } from '../../../shared/responses/overlap';
import { isUnreadableAnswer, unreadableAnswerMessage } from '../../../shared/unreadable-answer';
import type { OverlapAnswer, OverlapRequest } from '../../../shared/worker-api/overlap';
import type {
  OverlapCheck,
  OverlapCreators,
  OverlapEstimate,
  OverlapOutcome,
  OverlapRun,
  OverlapShare,
} from '../../bridge-contract/overlap-api';
import {
  countOverlapCreators,
  NAMED_UNREADABLE,
  typedCreators,
} from '../../bridge-contract/overlap-creators';
import { CONFIRM_ABOVE_CREDITS } from '../../bridge-contract/sidebar-api';
import { tabWriteModeOf } from '../../bridge-contract/tab-output';
import { rangeA1, sheetA1 } from '../sheet/a1-notation';
import { requireCostConfirmation } from '../jobs/bulk-estimates';
import { plainValues, readColumnSource } from '../sheet/column-source';
import { spreadsheetTimeZone } from '../sheet/sheet-dates';
import { creditsText, formatCount, plural } from '../sheet/number-text';
import { writeTableToTab } from '../sheet/table-tab';
import { planTabOutput } from '../sheet/tab-output-plan';
import {
  asRecord,
  optionalNumberAt,
  optionalRecordAt,
  readTableAnswer,
} from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';

/**
 * Audience overlap from the sidebar: the creators come from the selection or a typed list, are
 * counted with the worker's rules before anything is paid, and the worker's one paid call
 * (`POST /api/overlap`, cached like a report) comes back as a table with a totals row, written into
 * a new tab or a named tab replaced or added to (issue 15), checked before the call.
 */

interface CreatorValues {
  values: unknown[];
  where: (index: number) => string;
  source: string;
  /** The tab the selection is in; undefined for a typed list. */
  sheetId?: number;
}

const NOTHING_SELECTED =
  'Select the cells that hold the creators (a column or a row of handles or profile URLs), or type them in the sidebar.';

/** The selected cells: one row read across, else the first column read down (header skipped). */
function selectedValues(): CreatorValues {
  const range = SpreadsheetApp.getActiveRange();
  if (range === null) throw new Error(NOTHING_SELECTED);
  const sheet = range.getSheet();
  const name = sheet.getName();
  const timeZone = spreadsheetTimeZone();
  if (range.getNumRows() === 1 && range.getNumColumns() > 1) {
    const row = range.getRow();
    const first = range.getColumn();
    // A whole-row selection (2:2) spans the sheet; data ends earlier.
    const count = Math.min(range.getNumColumns(), sheet.getDataRange().getNumColumns() - first + 1);
    if (count < 1) throw new Error(`${sheetA1(name, rangeA1(row, first))} and right of it are empty.`);
    return {
      values: plainValues(sheet.getRange(row, first, 1, count).getValues()[0], timeZone),
      where: (index) => sheetA1(name, rangeA1(row, first + index)),
      source: sheetA1(name, rangeA1(row, first, 1, count)),
      sheetId: sheet.getSheetId(),
    };
  }
  const input = readColumnSource({ kind: 'selection' }, 'handles');
  return {
    values: plainValues(input.values, timeZone),
    where: (index) => sheetA1(name, rangeA1(input.firstDataRow + index, input.column)),
    source: input.label,
    sheetId: input.sheet.getSheetId(),
  };
}

function creatorValues(creators: OverlapCreators): CreatorValues {
  if (creators.kind === 'selection') return selectedValues();
  const typed = typedCreators(creators.text);
  return { values: typed.values, where: (index) => typed.where[index], source: 'the typed list' };
}

function countCreators(check: OverlapCheck) {
  const read = creatorValues(check.creators);
  return { read, count: countOverlapCreators(read.values, check.platform, read.where) };
}

/** One paid call compares the whole set, however many creators it holds. */
function maxOverlapCredits(): number {
  return estimateCredits('audienceOverlap').credits;
}

export function estimateOverlapCheck(check: OverlapCheck): OverlapEstimate {
  const { read, count } = countCreators(check);
  const maxCredits = maxOverlapCredits();
  const extras: string[] = [];
  if (count.repeats > 0) extras.push(plural(count.repeats, 'repeat'));
  if (count.blanks > 0) extras.push(`${formatCount(count.blanks)} blank`);
  const summary =
    count.problem ??
    `${plural(count.handles.length, `${check.platform} creator`)} from ${read.source} to compare` +
      `${extras.length === 0 ? '' : ` (${extras.join(', ')})`}. At most ${creditsText(maxCredits)} ` +
      'for the whole set; a set the worker compared before is free.';
  return {
    source: read.source,
    rows: count.rows,
    blanks: count.blanks,
    repeats: count.repeats,
    creators: count.handles.length,
    unreadable: count.unreadable.slice(0, NAMED_UNREADABLE),
    unreadableCount: count.unreadable.length,
    problem: count.problem,
    maxCredits,
    needsConfirmation: maxCredits > CONFIRM_ABOVE_CREDITS,
    summary,
  };
}

function percent(share: number | null): string {
  return share === null ? 'an unknown share' : `${Math.round(share * 100)}%`;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && isFinite(value) ? value : null;
}

/** The creators' rows of the worker's table (the totals row is its last). */
function creatorShares(columns: readonly { id: string }[], rows: readonly Row[]): OverlapShare[] {
  const at = (id: string) => columns.findIndex((col) => col.id === id);
  const [handle, followers, unique, overlapping] = [
    'handle',
    'followers',
    'unique_share',
    'overlapping_share',
  ].map(at);
  const last = rows[rows.length - 1];
  const creators = last !== undefined && last[0] === OVERLAP_TOTAL_LABEL ? rows.slice(0, -1) : rows;
  return creators.map((row) => ({
    handle: handle < 0 ? '' : String(row[handle] ?? ''),
    followers: numberOrNull(row[followers]),
    unique: numberOrNull(row[unique]),
    overlapping: numberOrNull(row[overlapping]),
  }));
}

/**
 * Where the table goes: a new tab (named after the platform when the user names none), or the
 * named tab replaced or added to; the selection's own tab is refused, since the creators are there.
 */
function overlapTabPlan(run: OverlapRun, read: CreatorValues) {
  return planTabOutput({
    output: { name: run.tabName, mode: tabWriteModeOf(run.tabMode) },
    fallbackName: `Overlap (${run.platform})`,
    width: OVERLAP_COLUMNS.length,
    header: OVERLAP_COLUMNS.map((col) => col.label),
    what: 'this overlap',
    inputSheetId: read.sheetId,
  });
}

export function runOverlapCheck(run: OverlapRun): OverlapOutcome {
  const { read, count } = countCreators(run);
  if (run.expectedSource !== null && run.expectedSource !== read.source) {
    throw new Error(
      `The creators are now read from ${read.source}, not ${run.expectedSource} as counted: check the count again, then compare.`,
    );
  }
  if (count.problem !== null) throw new Error(count.problem);
  requireCostConfirmation(maxOverlapCredits(), run.confirmedCost);
  // Checked before the paid call: a tab that refuses the table must cost nothing.
  const place = overlapTabPlan(run, read);
  const body: OverlapRequest = {
    platform: run.platform,
    handles: count.handles,
    withHeader: false,
    refresh: run.refresh,
  };
  const answer = callRoute(WORKER_ROUTES.overlap, { body });
  const table = readTableAnswer(answer);
  const record = asRecord<OverlapAnswer>(answer, 'the overlap');
  const fromCache = record.fromCache === true;
  const credits = optionalNumberAt(record, 'credits') ?? 0;
  const written = writeTableToTab(place, table.columns, table.rows, {
    kind: 'overlap',
    credits,
  });

  // Billed but unreadable: the tab's one row says so, and so does the message, in place of figures
  // that do not exist. Asking again is served from the worker's cache, so it costs nothing.
  const unreadable = record.unreadable;
  if (isUnreadableAnswer(unreadable)) {
    return {
      sheetName: written.sheetName,
      destination: written.destination,
      creators: [],
      totals: { followers: null, uniqueFollowers: null, uniqueShare: null },
      fromCache,
      credits,
      unreadableAnswerId: unreadable.answerId,
      message:
        `${unreadableAnswerMessage(unreadable)}. No figures for the ` +
        `${plural(count.handles.length, `${run.platform} creator`)}; ${written.destination} says the same.`,
    };
  }

  // An answer without totals (`reportInfo: {}` or none) still has each creator's row.
  const info = optionalRecordAt(record, 'reportInfo') ?? asRecord<OverlapReportInfo>({}, 'totals');
  const followers = optionalNumberAt(info, 'totalFollowers');
  const uniqueFollowers = optionalNumberAt(info, 'totalUniqueFollowers');
  const uniqueShare =
    followers === null || uniqueFollowers === null || followers <= 0 ? null : uniqueFollowers / followers;
  const creators = creatorShares(table.columns, table.rows);
  const totals =
    followers === null
      ? ''
      : `: ${formatCount(followers)} followers in all, ${
          uniqueFollowers === null ? 'an unknown number' : formatCount(uniqueFollowers)
        } of them different people (${percent(uniqueShare)})`;
  const cost = fromCache ? 'free, compared before' : creditsText(credits);
  return {
    sheetName: written.sheetName,
    destination: written.destination,
    creators,
    totals: { followers, uniqueFollowers, uniqueShare },
    fromCache,
    credits,
    unreadableAnswerId: null,
    message: `Compared ${plural(creators.length, `${run.platform} creator`)}${totals}. Written to ${written.destination} (${cost}).`,
  };
}
