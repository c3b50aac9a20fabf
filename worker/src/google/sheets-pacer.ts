import type { Clock, Sleep } from '../../common/clock';

/** Google's two quota groups for the Sheets API: calls that read, and calls that change a sheet. */
export type SheetsQuotaGroup = 'read' | 'write';

/**
 * Requests per minute the worker allows itself, per group. Google's own quotas are 60 per minute
 * per user (a service account is one) and 300 per project, for reads and for writes each,
 * refilled every minute; the worker also keeps to the per-user figure per spreadsheet, so one
 * big delivery leaves room for another sheet's.
 */
export interface SheetsPace {
  perAccountPerMinute: number;
  perSpreadsheetPerMinute: number;
}

export const DEFAULT_SHEETS_PACE: Readonly<SheetsPace> = {
  perAccountPerMinute: 60,
  perSpreadsheetPerMinute: 60,
};

/**
 * Requests of a counter are spaced this much over 60 s / limit: a request leaves here on time, yet
 * may reach Google a little late after one that reached it early. 2 % keeps two requests of a
 * full minute in different windows whatever the network does within 20 ms.
 */
const SPACING_MARGIN = 1.02;

/**
 * The worker's one pace for the Sheets API, across every delivery (a shared token bucket of one
 * token per counter): each request takes a turn from its group's counter for the service account
 * and for the spreadsheet, spaced evenly, so no minute, however Google aligns it, sees more than
 * the limit. Turns are handed out in order of asking, so waiting callers are served first come
 * first served. A 429 pushes the group's next turns back by the delay the caller waits.
 */
export interface SheetsPacer {
  /** Waits for a turn; rejects when `signal` aborts first. */
  take(group: SheetsQuotaGroup, spreadsheetId: string, signal?: AbortSignal): Promise<void>;
  /** Google said too many: no turn of this group (both counters) before `delayMs` from now. */
  holdBack(group: SheetsQuotaGroup, spreadsheetId: string, delayMs: number): void;
}

export function createSheetsPacer(
  clock: Clock,
  sleep: Sleep,
  pace: SheetsPace = DEFAULT_SHEETS_PACE,
): SheetsPacer {
  const nextTurn = new Map<string, number>();
  const spacing = (perMinute: number) => Math.ceil((60_000 / Math.max(1, perMinute)) * SPACING_MARGIN);
  const accountSpacing = spacing(pace.perAccountPerMinute);
  const sheetSpacing = spacing(pace.perSpreadsheetPerMinute);
  const keys = (group: SheetsQuotaGroup, spreadsheetId: string) =>
    [`${group}|account`, `${group}|sheet|${spreadsheetId}`] as const;
  return {
    async take(group, spreadsheetId, signal) {
      const [account, sheet] = keys(group, spreadsheetId);
      const now = clock.now();
      const at = Math.max(now, nextTurn.get(account) ?? 0, nextTurn.get(sheet) ?? 0);
      nextTurn.set(account, at + accountSpacing);
      nextTurn.set(sheet, at + sheetSpacing);
      if (at > now) await sleep(at - now, signal);
    },
    holdBack(group, spreadsheetId, delayMs) {
      const until = clock.now() + delayMs;
      for (const key of keys(group, spreadsheetId))
        nextTurn.set(key, Math.max(nextTurn.get(key) ?? 0, until));
    },
  };
}
