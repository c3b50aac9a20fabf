/**
 * The banner a failed or paused schedule leaves in its sheet (issue 25), in the words both runners
 * write: the worker's (worker/src/schedules/schedule-alerts.ts) and the add-on's (issue 26). Times
 * come formatted, each runner with its own clock: `when` is `2026-11-25 09:00 (Europe/Berlin)`,
 * `lastGoodMinute` the last good run's `2026-11-24 09:00`, null when none.
 */

/** Failed runs in a row after which a schedule pauses. */
export const FAILURES_BEFORE_PAUSE = 3;

/** `Last refreshed 2026-11-24 09:00.`, or that it never has. */
export function lastGoodSentence(lastGoodMinute: string | null): string {
  return lastGoodMinute === null ? 'It has not refreshed yet.' : `Last refreshed ${lastGoodMinute}.`;
}

export function alertBannerText(
  kind: 'failed' | 'paused',
  when: string,
  reason: string,
  lastGoodMinute: string | null,
): string {
  const lastGood = lastGoodSentence(lastGoodMinute);
  return kind === 'paused'
    ? `⚠ Paused after ${FAILURES_BEFORE_PAUSE} failed runs (the last ${when}): ${reason} ${lastGood} Resume it in Extensions > Creator Sheets > Schedules.`
    : `⚠ Not refreshed: the run of ${when} failed: ${reason} ${lastGood}`;
}
