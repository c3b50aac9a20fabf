import { z } from 'zod';
import { spreadsheetId } from '../identity/keys-router';

/** `:documentId` of the routes about one spreadsheet (formula allowance, delivery, schedules). */
export const documentParamsSchema = z.looseObject({ documentId: spreadsheetId() });
