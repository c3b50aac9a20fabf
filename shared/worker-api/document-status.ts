import type { FormulaAllowanceAnswer } from './formula-allowance';
import type { ScheduleAnswer } from './schedules';

/**
 * `GET /api/documents/:documentId/status` (issue 25): what a sidebar shows of its document that
 * changes without anyone in it acting (a schedule's run ends, a formula asks, another editor
 * approves), in one answer, so an open sidebar keeps it true with one call a minute: its
 * schedules and its formula allowance, as their own routes answer them.
 */
export interface DocumentStatusAnswer {
  /** The worker's clock when it answered (ms since 1970). */
  at: number;
  schedules: ScheduleAnswer[];
  allowance: FormulaAllowanceAnswer;
}
