import { z } from 'zod';
import { CALCULATION_METHODS } from '../../../../shared/enums';
import { parsePlatform } from '../../../../shared/handles';
import type { Platform } from '../../../../shared/platforms';
import {
  MAX_DEADLINE_MS,
  MAX_FRESHNESS_DAYS,
  MAX_REPORT_INPUTS,
} from '../../../../shared/worker-api/request-limits';
import { timeZoneField } from '../operation-helpers/time-zone-field';
import { formulaCellField } from '../operation-helpers/formula-cell-field';

/** `instagram`, `ig`, `TikTok`, `yt`...; an empty cell means no default. */
export const platformInput = z.unknown().transform((value, ctx): Platform | undefined => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return undefined;
  const platform = parsePlatform(value);
  if (platform === null) {
    ctx.addIssue({
      code: 'custom',
      message: `must be instagram, tiktok or youtube, got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return platform;
});

/** Handle cells as the sheet holds them, at most `max` (the free routes': estimate, history). */
export function handleCellsInput(max: number) {
  return z.array(z.unknown()).superRefine((items, ctx) => {
    if (items.length > max) {
      ctx.addIssue({ code: 'custom', message: `must hold at most ${max} items, got ${items.length}` });
    }
  });
}

/**
 * `POST /api/reports`. `handles` are cells as the sheet holds them (text, numbers, blanks);
 * each becomes one row. `platform` is the default for inputs that do not say theirs (a URL does).
 */
export const reportsRequestSchema = z.looseObject({
  handles: z.array(z.unknown()).superRefine((items, ctx) => {
    if (items.length > MAX_REPORT_INPUTS) {
      ctx.addIssue({
        code: 'custom',
        message: `must hold at most ${MAX_REPORT_INPUTS} items, got ${items.length}: start a bulk report job for more`,
      });
    }
  }),
  platform: platformInput.optional(),
  /** Column ids, group names or header labels, as a list or one comma-separated text. */
  fields: z.union([z.string(), z.array(z.string())]).nullish(),
  calculationMethod: z.enum(CALCULATION_METHODS).default('median'),
  /** Skip the cache read and fetch again (paid). */
  refresh: z.boolean().default(false),
  /**
   * Take from the cache only reports stored within these days (less an hour's slack), as a
   * schedule's freshness says: the add-on's runner asks what the worker's runner reads (issue 26).
   */
  freshnessDays: z.number().int().min(1).max(MAX_FRESHNESS_DAYS).optional(),
  withHeader: z.boolean().default(false),
  /** Answer by then with what is ready; the config's FORMULA_DEADLINE_MS when absent. */
  deadlineMs: z.number().int().min(0).max(MAX_DEADLINE_MS).optional(),
  /** The spreadsheet's zone: the report date is a day on its calendar (UTC when absent). */
  timeZone: timeZoneField,
  /** A formula's own cell, for its ask to name (issue 25). */
  cell: formulaCellField,
});

export type ReportsRequest = z.output<typeof reportsRequestSchema>;
