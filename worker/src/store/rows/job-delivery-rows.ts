import type { JobDeliveryState } from '../../../../shared/worker-api/jobs';
import type { JobDelivery } from '../job-delivery-repository';

/** A delivery as either engine stores it. */
export interface DeliveryRow {
  job_id: string;
  spreadsheet_id: string;
  sheet_name: string;
  first_row: number;
  first_column: number;
  rows_written: number;
  mode: 'server' | 'sidebar';
  delivered: number;
  reason: string | null;
  updated_at: number;
  lease_owner?: string | null;
  lease_until?: number | null;
}

/** The state the add-on reads, from a stored delivery. */
export function deliveryState(delivery: JobDelivery): JobDeliveryState {
  return {
    mode: delivery.mode,
    rowsWritten: delivery.rowsWritten,
    ...(delivery.reason === null ? {} : { reason: delivery.reason }),
  };
}

/** A lease handed back: expired since the epoch, so any instance may take it at once. */
export const HANDED_BACK = 0;

export function toDelivery(row: DeliveryRow): JobDelivery {
  return {
    jobId: row.job_id,
    spreadsheetId: row.spreadsheet_id,
    sheetName: row.sheet_name,
    firstRow: row.first_row,
    firstColumn: row.first_column,
    rowsWritten: row.rows_written,
    mode: row.mode,
    delivered: row.delivered === 1,
    reason: row.reason,
    updatedAt: row.updated_at,
  };
}
