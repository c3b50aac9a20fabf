import { z } from 'zod';
import { MAX_DEADLINE_MS, MAX_EMAIL_INPUTS } from '../../../../shared/worker-api/request-limits';
import { formulaCellField } from '../operation-helpers/formula-cell-field';

/**
 * `POST /api/email-search`. `emails` are cells as the sheet holds them: anything goes, each
 * becomes one row (blank stays blank, invalid says why).
 */
export const emailSearchRequestSchema = z.looseObject({
  emails: z.array(z.unknown()).superRefine((items, ctx) => {
    if (items.length > MAX_EMAIL_INPUTS) {
      ctx.addIssue({
        code: 'custom',
        message: `must hold at most ${MAX_EMAIL_INPUTS} items, got ${items.length}: start an e-mail enrichment job for more`,
      });
    }
  }),
  withHeader: z.boolean().default(false),
  /**
   * Ask the API again for the addresses an earlier answer listed in neither list ("no match in
   * this answer"); every other cached answer stands.
   */
  refresh: z.boolean().optional(),
  /** Answer by then with what is ready; the config's FORMULA_DEADLINE_MS when absent. */
  deadlineMs: z.number().int().min(0).max(MAX_DEADLINE_MS).optional(),
  /** A formula's own cell, for its ask to name (issue 25). */
  cell: formulaCellField,
});

export type EmailSearchRequest = z.output<typeof emailSearchRequestSchema>;
