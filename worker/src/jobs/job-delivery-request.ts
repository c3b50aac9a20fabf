import { z } from 'zod';
import { spreadsheetId } from '../request-io/document-params';

/**
 * `PUT /api/jobs/:id/delivery`: where the worker writes the job's rows itself. Google caps a
 * spreadsheet at 10 million cells, a tab's title at 100 characters and columns at ZZZ (18,278).
 */
export const jobDeliveryRequestSchema = z.looseObject({
  spreadsheetId: spreadsheetId(),
  sheetName: z.string().min(1).max(100),
  firstRow: z.number().int().min(1).max(10_000_000),
  firstColumn: z.number().int().min(1).max(18_278),
});
