import { z } from 'zod';
import { parsePlatform } from '../../../../shared/handles';
import { OVERLAP_PLATFORMS } from '../../../../shared/platforms';
import { MAX_DEADLINE_MS, MAX_OVERLAP_HANDLES } from '../../../../shared/worker-api/request-limits';
import { formulaCellField } from '../operation-helpers/formula-cell-field';

/**
 * `POST /api/overlap`. `handles` are cells as the sheet holds them: names, `@names`, profile URLs
 * or ids (shared parseHandle); blanks are skipped, repeats count once.
 */
export const overlapRequestSchema = z.looseObject({
  platform: z.preprocess((value) => parsePlatform(value) ?? value, z.enum(OVERLAP_PLATFORMS)),
  handles: z.array(z.unknown()).superRefine((items, ctx) => {
    if (items.length > MAX_OVERLAP_HANDLES) {
      ctx.addIssue({
        code: 'custom',
        message: `must hold at most ${MAX_OVERLAP_HANDLES} items, got ${items.length}`,
      });
    }
  }),
  withHeader: z.boolean().default(false),
  /** Skip the cache and pay for a fresh overlap. */
  refresh: z.boolean().default(false),
  /**
   * A formula's: answer by then (a custom function has 30 s); a call still running goes on and
   * lands in the cache, so the next recalculation shows it. The sidebar sends none and waits.
   */
  deadlineMs: z.number().int().min(0).max(MAX_DEADLINE_MS).optional(),
  /** A formula's own cell, for its ask to name (issue 25). */
  cell: formulaCellField,
});

export type OverlapInput = z.output<typeof overlapRequestSchema>;
