/**
 * The ledger checked against the API account's own balance over the window between the worker's
 * last two readings of it (worker/src/billing/balance-reconciliation.ts computes it; the sidebar's
 * Health view shows it to admins). JSON-safe: it travels inside the health answer.
 */
export interface LedgerReconciliation {
  /** ISO 8601: the window between the last two readings. */
  from: string;
  to: string;
  /** What the balance went down by (negative when credits were added). */
  balanceDrop: number;
  /** What the ledger recorded in the window, unconfirmed calls included. */
  recorded: number;
  /** Of `recorded`, calls counted at their estimate because a crash hid whether they were billed. */
  unconfirmed: number;
  /** `balanceDrop - recorded`: positive when the API charged more than the ledger knows. */
  difference: number;
  /** The same in raw requests; null when a reading had none or the monthly allowance was renewed. */
  raw: { drop: number | null; recorded: number; difference: number | null };
}
