import type { DocumentStatusView } from '../../bridge-contract/document-status-api';
import { setSheetTimeZone } from '../ui/sheet-time';

/** How often an open sidebar reads its document's status, and lets time-bound lines move on. */
export const STATUS_EVERY_MS = 60_000;
/** A read this recent (an action's) stands in for the minute's: one call a minute at most. */
const FRESH_ENOUGH_MS = 50_000;

export interface DocumentStatusFeed {
  /** The last status read; null before the first, or when this user is not connected. */
  readonly current: DocumentStatusView | null;
  /**
   * Reads the status now (after an action that changes it); a read under way is shared. Failures
   * go to the error listeners and leave the last status shown.
   */
  refresh(): Promise<void>;
  /** Reads it again after `ms` (a run an action started ends within seconds). */
  refreshAfter(ms: number): void;
  /** Called with each status read from now on (and at once with the current one, if any). */
  subscribe(listener: (status: DocumentStatusView | null) => void): void;
  /** Called once a minute while the page is open, read or not: lines that say "up 3 min" move on. */
  onMinute(listener: () => void): void;
  onError(listener: (error: unknown) => void): void;
  /** Starts the minute: one read a minute while the sidebar is shown, none while it is hidden. */
  start(): void;
}

interface FeedDeps {
  read(): Promise<DocumentStatusView | null>;
  now?: () => number;
  setInterval?: (run: () => void, ms: number) => unknown;
  setTimeout?: (run: () => void, ms: number) => unknown;
  /** Whether the page is hidden (a closed sidebar's page stops, a hidden one skips the minute). */
  hidden?: () => boolean;
}

/**
 * The sidebar's one reader of what goes stale (issue 25): schedules whose runs end on the worker,
 * the allowance other editors' formulas spend and approvals answer. Sections show what it read
 * and ask it to read again after their actions, so a "Not run yet" never outlives the run and a
 * "running now" never outlives a failure; the minute's read costs one UrlFetch (README,
 * Performance), skipped when an action's read is under a minute old.
 */
export function createDocumentStatusFeed(deps: FeedDeps): DocumentStatusFeed {
  const now = deps.now ?? (() => Date.now());
  const later = deps.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const every = deps.setInterval ?? ((run: () => void, ms: number) => setInterval(run, ms));
  const hidden = deps.hidden ?? (() => document.visibilityState === 'hidden');
  const listeners: ((status: DocumentStatusView | null) => void)[] = [];
  const minuteListeners: (() => void)[] = [];
  const errorListeners: ((error: unknown) => void)[] = [];
  let current: DocumentStatusView | null = null;
  let reading: Promise<void> | null = null;
  let lastReadAt = -Infinity;
  let started = false;

  const refresh = (): Promise<void> => {
    reading ??= deps
      .read()
      .then(
        (status) => {
          lastReadAt = now();
          current = status;
          if (status !== null) setSheetTimeZone(status.timeZone);
          for (const listener of listeners) listener(status);
        },
        (error: unknown) => {
          for (const listener of errorListeners) listener(error);
        },
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  const minute = (): void => {
    for (const listener of minuteListeners) listener();
    if (hidden() || now() - lastReadAt < FRESH_ENOUGH_MS) return;
    void refresh();
  };

  return {
    get current() {
      return current;
    },
    refresh,
    refreshAfter(ms) {
      later(() => void refresh(), ms);
    },
    subscribe(listener) {
      listeners.push(listener);
      if (current !== null) listener(current);
    },
    onMinute: (listener) => minuteListeners.push(listener),
    onError: (listener) => errorListeners.push(listener),
    start() {
      if (started) return;
      started = true;
      void refresh();
      every(minute, STATUS_EVERY_MS);
    },
  };
}
