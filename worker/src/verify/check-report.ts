import type { OperationId } from '../../../shared/operations';
import type { Platform } from '../../../shared/platforms';
import type { CreditCharge } from '../../../shared/pricing';
import type { DriftFinding } from '../../../shared/responses/tolerant';
import type { Row } from '../../../shared/rows/columns';

/** One operation as `npm run verify:live` found it. */
export interface CheckReport {
  /** In words, with what it was asked: "search (instagram, followers from 10,000)". */
  name: string;
  operation: OperationId;
  /** `free` ones always run; `paid` ones (credits or raw requests) only within the cap. */
  cost: 'free' | 'paid';
  /**
   * `answered`: a 2xx the worker read; `unreadable`: a 2xx it could not read (billed, when paid);
   * `refused`: an error answer that settles a question (a route the vendor's notes leave out);
   * `failed`: any other error; `skipped`: not called (the cap, or nothing to call it with).
   */
  outcome: 'answered' | 'unreadable' | 'refused' | 'failed' | 'skipped';
  /** What it answered worth knowing, why it failed, or why it was skipped. */
  note: string | null;
  /** The rows a sheet gets from the answer, and their cells with something in them. */
  rows: { count: number; cells: number; filled: number } | null;
  /** What the answer lacked against the contract, as `GET /api/health` counts it; null when none was read. */
  drift: DriftFinding[] | null;
  /** Why an unreadable answer could not be read (paths, never values). */
  problems: string[] | null;
  /**
   * What the call cost: by the price table from the answer (`priced`), and by the account's balance
   * before and after (`measured`; null when the balance could not be read).
   */
  spent: { priced: CreditCharge; measured: CreditCharge | null } | null;
}

/** Creators found by the checks so far, for the next ones to ask about. */
export interface KnownCreator {
  username: string;
  userId: string | null;
}
export type KnownCreators = Record<Platform, KnownCreator[]>;

export function rowsOf(rows: readonly Row[]): NonNullable<CheckReport['rows']> {
  let cells = 0;
  let filled = 0;
  for (const row of rows) {
    for (const cell of row) {
      cells += 1;
      if (cell !== null && cell !== '') filled += 1;
    }
  }
  return { count: rows.length, cells, filled };
}

/** A check that was not called, and why. */
export function skipped(
  name: string,
  operation: OperationId,
  cost: CheckReport['cost'],
  why: string,
): CheckReport {
  return {
    name,
    operation,
    cost,
    outcome: 'skipped',
    note: why,
    rows: null,
    drift: null,
    problems: null,
    spent: null,
  };
}
