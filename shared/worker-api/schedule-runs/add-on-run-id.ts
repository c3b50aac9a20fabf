/**
 * The request id (`X-Request-Id`) every fetch of one run of an add-on schedule carries (issue 26),
 * the same across the firings a resumed run takes: the worker's ledger keeps it on each paid call,
 * and the worker counts the run's credits by it when the run is recorded, so the add-on never
 * states its own cost. Within the worker's accepted ids (letters, digits, `._:-`, 128 at most).
 */
export function addOnRunRequestId(scheduleId: string, at: number): string {
  return `sheetrun_${scheduleId}_${at}`;
}
