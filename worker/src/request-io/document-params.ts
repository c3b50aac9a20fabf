import { z } from 'zod';
import { matching } from '../../../shared/requests/fields';

/** A spreadsheet id as Google writes them: letters, digits, `-` and `_`. */
export const spreadsheetId = () =>
  matching(/^[A-Za-z0-9_-]{10,200}$/, 'must be a spreadsheet id (letters, digits, - and _)');

/** `:documentId` of the routes about one spreadsheet (formula allowance, delivery, schedules). */
export const documentParamsSchema = z.looseObject({ documentId: spreadsheetId() });
