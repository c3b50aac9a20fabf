import { z } from 'zod';
import { isRecord } from '../../../../shared/rows/cell-values';
import type { Row } from '../../../../shared/rows/columns';
import { selectReportColumns } from '../../../../shared/rows/report-rows';
import { badRequest } from '../../request-io/worker-error';
import type { OperationDeps } from '../../operations/operation-deps';
import { runReports } from '../../operations/reports/reports';
import { reportsRequestSchema } from '../../operations/reports/reports-request';
import { indexesOf, toIndexRanges } from '../index-ranges';
import { parseJobInput } from '../parse-job-input';
import { JOB_BATCH_DEADLINE_MS, type JobBatch, type JobKind, type JobResultRow } from '../job-kind';

/**
 * Bulk reports: one report row per handle cell, as `POST /api/reports` would give it, for sheets
 * longer than a request takes. Batches of 20 consecutive positions, each one `runReports` call
 * (cache first, one budget check, single flight per creator); a handle repeated in a later batch
 * is answered by the cache. The columns are fixed when the job is created.
 */

const MAX_REPORT_JOB_INPUTS = 100_000;
/** Ten seconds of work at the API's two reports a second: a restart repeats little. */
const REPORT_JOB_BATCH = 20;

const inputSchema = reportsRequestSchema
  .pick({ platform: true, fields: true, calculationMethod: true, timeZone: true })
  .extend({
    handles: z.array(z.unknown()).superRefine((items, ctx) => {
      if (items.length < 1 || items.length > MAX_REPORT_JOB_INPUTS) {
        ctx.addIssue({
          code: 'custom',
          message: `must hold 1 to ${MAX_REPORT_JOB_INPUTS} items, got ${items.length}`,
        });
      }
    }),
  });

const paramsSchema = z.looseObject({
  handles: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  platform: z.string().nullable(),
  fields: z.array(z.string()),
  calculationMethod: z.string(),
  /** Absent in jobs created before the field: their rows keep UTC days. */
  timeZone: z.string().optional(),
});

/** A cell as the sheet holds it; objects and arrays are no handle and become their error row. */
function cellOf(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value) ?? null;
}

/**
 * An error row holds its message in the first cell and nothing else; a message is a sentence, a
 * handle never holds a space.
 */
function isErrorRow(row: Row): boolean {
  const [first, ...rest] = row;
  return (
    typeof first === 'string' && first.includes(' ') && rest.length > 0 && rest.every((cell) => cell === null)
  );
}

export const bulkReportsKind: JobKind = {
  name: 'bulk-reports',
  summary:
    'Reports for a column of handles: input { handles: [...cells], platform?, fields?, calculationMethod?, timeZone? }, one row per cell',

  async create(input) {
    const parsed = parseJobInput(inputSchema, input);
    const selection = selectReportColumns(parsed.fields ?? undefined);
    if (!selection.ok) throw badRequest(`input.fields: ${selection.error}`);
    return {
      params: {
        handles: parsed.handles.map(cellOf),
        platform: parsed.platform ?? null,
        fields: selection.columns.map((col) => col.id),
        calculationMethod: parsed.calculationMethod,
        ...(parsed.timeZone === undefined ? {} : { timeZone: parsed.timeZone }),
      },
      total: parsed.handles.length,
      columns: selection.columns,
    };
  },

  async plan(state, _deps: OperationDeps) {
    const params = paramsSchema.parse(state.params);
    const request = reportsRequestSchema.parse({
      handles: [],
      ...(params.platform === null ? {} : { platform: params.platform }),
      fields: params.fields,
      calculationMethod: params.calculationMethod,
      ...(params.timeZone === undefined ? {} : { timeZone: params.timeZone }),
    });
    const done = new Uint8Array(params.handles.length);
    for (const checkpoint of state.checkpoints.values()) {
      if (!isRecord(checkpoint)) continue;
      for (const position of indexesOf(checkpoint.positions)) if (position < done.length) done[position] = 1;
    }
    let from = 0;
    return {
      async next(): Promise<JobBatch | null> {
        const positions: number[] = [];
        while (from < done.length && positions.length < REPORT_JOB_BATCH) {
          if (done[from] === 0) positions.push(from);
          from += 1;
        }
        if (positions.length === 0) return null;
        return {
          label: `${positions.length} handles`,
          async run(deps, context) {
            const answer = await runReports(deps, context, {
              ...request,
              handles: positions.map((position) => params.handles[position]),
              refresh: false,
              withHeader: false,
              deadlineMs: JOB_BATCH_DEADLINE_MS,
            });
            const rows = positions.map((position, i): JobResultRow => ({ position, row: answer.rows[i] }));
            let errors = 0;
            let lastError: string | undefined;
            for (const { position, row } of rows) {
              if (!isErrorRow(row)) continue;
              errors += 1;
              lastError = `Row ${position + 1}: ${String(row[0])}`;
            }
            return {
              rows,
              checkpoint: { positions: toIndexRanges(positions) },
              errors,
              ...(lastError === undefined ? {} : { lastError }),
            };
          },
        };
      },
    };
  },
};
