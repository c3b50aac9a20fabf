import { parsePlatform } from '../../../../shared/handles';
import type { Column, Row } from '../../../../shared/rows/columns';
import type { ScheduleAnswer } from '../../../../shared/worker-api/schedules';
import { MAX_DEADLINE_MS } from '../../../../shared/worker-api/request-limits';
import { runEmailSearch } from '../../operations/email-search/email-search';
import type { OperationContext, OperationDeps } from '../../operations/operation-deps';
import { runReports } from '../../operations/reports/reports';
import { fetchScheduledSearch, isSearchKind } from '../scheduled-search';
import { freshSince } from '../../operations/reports/report-freshness';

/** What a run fetched: the header and one row per input cell, in input order. */
export interface ScheduleTable {
  header: Row;
  /** The columns (shared/rows): ids, and the kinds their Sheets number formats come from. */
  columns: readonly Column[];
  rows: Row[];
}

/** Where a schedule's ask is approved, and what approving does (issue 25). */
const APPROVE_SCHEDULE =
  'Approve it beside this schedule in Extensions > Creator Sheets > Schedules, or in Settings: approving runs it at once.';

/** Why a run writes nothing: a sentence for the history line and the sidebar. */
export class ScheduleRefused extends Error {
  override readonly name = 'ScheduleRefused';
}

/**
 * The schedule's rows through the worker's own operations, cache first, billed to `context` (the
 * document's formulas): a daily refresh answers from the cache until reports expire, or until
 * they are older than the schedule's freshness (schedule-run-freshness.ts) when it sets one. Waits for
 * every input (the longest deadline a formula may ask); rows past the document's formula
 * allowance or still fetching make the run refuse whole rather than write half a table.
 * Budget and upstream failures are thrown as the operations throw them.
 */
export async function fetchScheduleTable(
  deps: OperationDeps,
  context: OperationContext,
  schedule: ScheduleAnswer,
  inputs: unknown[],
  at: number = deps.clock.now(),
): Promise<ScheduleTable> {
  // Saved searches and AI searches (issue 25): no input column, their pages are the table.
  if (isSearchKind(schedule.kind)) return fetchScheduledSearch(deps, context, schedule);
  const since = freshSince(schedule, deps.store.cacheTtlMs.reports, at);
  const answer =
    schedule.kind === 'reports'
      ? await runReports(
          deps,
          context,
          {
            handles: inputs,
            platform: parsePlatform(schedule.platform) ?? undefined,
            fields: schedule.fields ?? null,
            calculationMethod: 'median',
            refresh: false,
            withHeader: true,
            deadlineMs: MAX_DEADLINE_MS,
            timeZone: schedule.timeZone,
          },
          since === null ? {} : { freshSince: since },
        )
      : await runEmailSearch(deps, context, {
          emails: inputs,
          withHeader: true,
          deadlineMs: MAX_DEADLINE_MS,
        });
  const [header = answer.header, ...rows] = answer.rows;
  if (answer.awaitingApproval > 0) {
    // The sentence the rows show: what it needs and where to approve it.
    const sentence = rows
      .map((row) => row[0])
      .find((cell) => typeof cell === 'string' && cell.startsWith('Needs approval'));
    const what =
      typeof sentence === 'string'
        ? sentence.replace(/ Approve it in .*$/, '')
        : `Needs approval: ${answer.awaitingApproval} rows are past this sheet's formula allowance.`;
    throw new ScheduleRefused(`${what} ${APPROVE_SCHEDULE}`);
  }
  if (answer.pending > 0) {
    throw new ScheduleRefused(
      `${answer.pending} rows were still being fetched after ${MAX_DEADLINE_MS / 60_000} minutes: nothing was written; the next run writes them from the cache.`,
    );
  }
  return { header, columns: answer.columns, rows };
}
