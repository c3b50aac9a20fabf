/**
 * Owned output's refusal (issue 22), in the words both runners say it: the worker's
 * (worker/src/schedules/run/schedule-run-ownership.ts) and the add-on's (issue 26). Each runner
 * names the block and its first cells in its own A1 notation: `range` is `'Payroll'!A1:D48`,
 * `named` the first cells (`A1`, `B1`, ...), `count` all of them.
 */
export function outputInTheWaySentence(range: string, named: readonly string[], count: number): string {
  const shown = named.slice(0, 3);
  const more = count > shown.length ? `, and ${(count - shown.length).toLocaleString('en-US')} more` : '';
  const cells = count === 1 ? '1 cell' : `${count.toLocaleString('en-US')} cells`;
  return `${range} holds ${cells} this schedule did not write (${shown.join(', ')}${more}): clear or move them, or point the schedule at an empty place or a new tab. Nothing was fetched or charged.`;
}
