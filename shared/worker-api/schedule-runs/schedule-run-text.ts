import type { ScheduleMode } from '../schedules';

/**
 * A scheduled run's outcome in words, the same whoever runs it (the worker as its service account,
 * or the add-on from its trigger, issue 26): the run log, the history tab and the sidebar read it.
 */
export function scheduleRunSummary(mode: ScheduleMode, rows: number): string {
  const what = rows === 1 ? '1 row' : `${rows.toLocaleString('en-US')} rows`;
  switch (mode) {
    case 'replace':
      return `Refreshed ${what}.`;
    case 'append-snapshot':
      return `Added a snapshot of ${what}.`;
    case 'merge':
      return `Updated or added ${what}.`;
  }
}

/** A failed run's message as a sentence: trimmed, ended with a full stop, never empty. */
export function scheduleFailureSentence(message: string): string {
  const text = message.trim() === '' ? 'The run failed for an unknown reason' : message.trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
