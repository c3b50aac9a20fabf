import { z } from 'zod';
import { parsePlatform } from '../../../shared/handles';
import type { Platform } from '../../../shared/platforms';
import { MAX_FRESHNESS_DAYS, MAX_REPORT_INPUTS } from '../../../shared/worker-api/request-limits';
import { timeZoneField } from '../operations/operation-helpers/time-zone-field';

/** A document's schedules at most: each runs as the document's formulas, within their budget. */
export const MAX_SCHEDULES_PER_DOCUMENT = 20;
/** A sheet's own bounds: 10 million cells, 18,278 columns (ZZZ). */
const MAX_SHEET_ROW = 10_000_000;
const MAX_SHEET_COLUMN = 18_278;
const MAX_FIELDS = 200;

// z.object: SheetPlace is an interface, which a loose object (an index signature) does not take.
const sheetPlace = z.object({
  sheetName: z.string().min(1).max(100),
  row: z.number().int().min(1).max(MAX_SHEET_ROW),
  column: z.number().int().min(1).max(MAX_SHEET_COLUMN),
});

/** Hours 0 to 23 and days 0 (Sunday) to 6 on the spreadsheet's clock; shared/validation-message words them. */
const hour = z.number().int().min(0).max(23);

const cadence = z.discriminatedUnion('every', [
  z.looseObject({ every: z.literal('hour') }),
  z.looseObject({ every: z.literal('day'), hour }),
  z.looseObject({ every: z.literal('week'), day: z.number().int().min(0).max(6), hour }),
]);

/** `instagram`, `ig`, `TikTok`, `yt`... as the reports route takes them. */
const platform = z.string().transform((value, ctx): Platform => {
  const parsed = parsePlatform(value);
  if (parsed === null) {
    ctx.addIssue({
      code: 'custom',
      message: `must be instagram, tiktok or youtube, got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return parsed;
});

/** The API's own parsers check the rest when the schedule is set up (scheduled-search.ts). */
// z.object, as for sheetPlace: the shared types are interfaces.
const scheduledSearch = z.object({
  platform: z.string().min(1).max(40),
  filter: z.record(z.string(), z.unknown()).optional(),
  sort: z.record(z.string(), z.unknown()).optional(),
  pages: z.number().int().min(1),
});

const scheduledAiSearch = z.object({
  mode: z.enum(['text', 'image', 'lookalikes']),
  platform: z.string().min(1).max(40),
  query: z.string().max(2000).optional(),
  imageUrl: z.string().max(2048).optional(),
  userIds: z.array(z.string().max(200)).max(10).optional(),
  filters: z.record(z.string(), z.unknown()).optional(),
  pageSize: z.number().int().min(1).optional(),
  pages: z.number().int().min(1),
});

/** The most a schedule's own monthly budget may say (credits): a typo must not mean "no cap". */
const MAX_MONTHLY_BUDGET = 1_000_000;

/** A schedule's fields, as `POST /api/documents/:documentId/schedules` and `PUT /api/schedules/:id` take them. */
const scheduleFields = {
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['reports', 'email-search', 'search', 'ai-search']),
  input: sheetPlace,
  platform: platform.optional(),
  fields: z.array(z.string().trim().min(1).max(100)).min(1).max(MAX_FIELDS).optional(),
  output: sheetPlace,
  mode: z.enum(['replace', 'append-snapshot', 'merge']),
  cadence,
  timeZone: timeZoneField.unwrap(),
  search: scheduledSearch.optional(),
  aiSearch: scheduledAiSearch.optional(),
  savedSearch: z.string().trim().min(1).max(100).optional(),
  monthlyBudget: z.number().min(0).max(MAX_MONTHLY_BUDGET).nullable().optional(),
  freshnessDays: z.number().int().min(1).max(MAX_FRESHNESS_DAYS).optional(),
  runner: z.enum(['worker', 'add-on']).optional(),
};

function freshnessOfReportsOnly(
  request: { kind: string; freshnessDays?: number; runner?: string },
  ctx: z.core.$RefinementCtx,
): void {
  if (request.freshnessDays !== undefined && request.kind !== 'reports') {
    ctx.addIssue({ code: 'custom', path: ['freshnessDays'], message: 'applies to scheduled reports only' });
  }
}

/** `POST /api/documents/:documentId/schedules` and `PUT /api/schedules/:id`. */
export const scheduleRequestSchema = z.looseObject(scheduleFields).superRefine(freshnessOfReportsOnly);

export type ScheduleRequestInput = z.output<typeof scheduleRequestSchema>;

/** `POST /api/schedule-estimates`: the schedule as it would be saved, and its input column. */
export const scheduleEstimateRequestSchema = z.looseObject({
  // z.object: ScheduleRequest is an interface, which a loose object (an index signature) does not take.
  schedule: z.object(scheduleFields).superRefine(freshnessOfReportsOnly),
  inputs: z.array(z.unknown()).superRefine((items, ctx) => {
    if (items.length > MAX_REPORT_INPUTS) {
      ctx.addIssue({
        code: 'custom',
        message: `must hold at most ${MAX_REPORT_INPUTS} cells, got ${items.length}: a scheduled report takes at most ${MAX_REPORT_INPUTS.toLocaleString('en-US')}`,
      });
    }
  }),
});

/** `PATCH /api/schedules/:id`. */
export const scheduleStatusRequestSchema = z.looseObject({
  status: z.enum(['active', 'paused']),
});

/** `POST /api/schedules/:id/duplicate`. */
export const scheduleDuplicateRequestSchema = z.looseObject({
  name: z.string().trim().min(1).max(100).optional(),
  output: sheetPlace.optional(),
});

/** `POST /api/schedules/:id/handover`. */
export const scheduleHandoverRequestSchema = z.looseObject({
  to: z
    .string()
    .trim()
    .min(3)
    .max(320)
    .regex(/^[^@\s]+@[^@\s]+$/, 'must be an e-mail address'),
});

const scheduleRun = z.object({
  at: z.number().int().min(0),
  outcome: z.enum(['ok', 'failed']),
  rows: z.number().int().min(0),
  credits: z.number().min(0),
  message: z.string().trim().min(1).max(1000),
});

/** `POST /api/schedules/:id/runs`: the add-on's run of a schedule it runs (issue 26). */
export const scheduleRunRecordRequestSchema = z.looseObject({
  // Its credits are the ledger's (by the run's request id): an add-on's own figure is ignored.
  run: scheduleRun.omit({ credits: true }),
  rowsWritten: z.number().int().min(0),
  banner: z.boolean().optional(),
});

/** `PUT /api/documents/:documentId/schedule-alerts`. */
export const scheduleAlertSettingsRequestSchema = z.looseObject({
  webhookUrl: z.string().trim().min(1).max(2048).nullable(),
});

export const scheduleParamsSchema = z.looseObject({
  id: z.string().regex(/^sch_[A-Za-z0-9_-]{1,40}$/, 'must be a schedule id (sch_...)'),
});
