/**
 * The history tab every schedule of a spreadsheet logs its runs to, one line a run: written by the
 * worker's runner (worker/src/schedules/run/schedule-run-history.ts) and by the add-on's (issue 26), so
 * both runners' lines read alike in one tab.
 */
export const HISTORY_TAB = 'Creator Sheets history';
export const HISTORY_HEADER: readonly string[] = [
  'When',
  'Schedule',
  'Set up by',
  'Rows',
  'Credits',
  'Outcome',
  'Message',
];
/** Lines a history tab keeps (the newest), by both runners. */
export const HISTORY_LINES_KEPT = 1000;
