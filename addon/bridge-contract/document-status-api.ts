import type { FormulaAllowanceView } from './formula-allowance-api';
import type { ScheduleView } from './schedules-api';

/**
 * What an open sidebar keeps true of its document (issue 25): read once a minute and after each
 * action, in one call (one UrlFetch), and shown in the spreadsheet's time zone.
 */
export interface DocumentStatusView {
  /** The worker's clock when it answered (ms since 1970). */
  at: number;
  /** The spreadsheet's time zone (IANA): every time the sidebar shows is in it. */
  timeZone: string;
  schedules: ScheduleView[];
  allowance: FormulaAllowanceView;
}

export interface DocumentStatusApi {
  /** null when this user is not connected (the sidebar's calls need their own key). */
  getDocumentStatus(): DocumentStatusView | null;
}
