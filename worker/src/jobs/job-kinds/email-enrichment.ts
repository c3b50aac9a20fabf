import { z } from 'zod';
import { emailInputText, prepareEmails, type PreparedEmail } from '../../../../shared/emails';
import { EMAIL_SEARCH_MAX } from '../../../../shared/limits';
import { isRecord } from '../../../../shared/rows/cell-values';
import type { Row } from '../../../../shared/rows/columns';
import { EMAIL_COLUMNS, EMAIL_RESULT_COLUMNS, emailToRows } from '../../../../shared/rows/email-rows';
import { runEmailSearch } from '../../operations/email-search/email-search';
import type { OperationContext, OperationDeps } from '../../operations/operation-deps';
import { indexesOf, toIndexRanges } from '../index-ranges';
import { parseJobInput } from '../parse-job-input';
import {
  JOB_BATCH_DEADLINE_MS,
  type JobBatch,
  type JobBatchResult,
  type JobKind,
  type JobResultRow,
} from '../job-kind';

/**
 * E-mail enrichment: one row per input cell, as `POST /api/email-search` would give it, for columns
 * too long for a request; with `withInput: false`, without the address column, for rows written
 * beside the addresses they answer (issue 15: the address is not repeated beside itself). The
 * addresses live only in the job's sealed private input; the plain params hold counts (and
 * withInput), and checkpoints name addresses by their index among the unique ones.
 *
 * Batches, in order: the blank and invalid rows (free, written at once), then the addresses the
 * cache already answers (free), then the rest in batches of 1,000 unique addresses, one upstream
 * call each. A restart plans again from what is committed: addresses fetched by a batch that was
 * cut short are in the cache by then, so they land in a free batch and are not paid again.
 */

/** About 20 MB of JSON; `POST /api/jobs` reads bodies sized for it (JOBS_BODY_LIMIT, jobs-router.ts). */
export const MAX_EMAIL_JOB_INPUTS = 500_000;
/** Addresses the cache answers, per batch: no call, only rows to seal and commit. */
const CACHED_EMAIL_BATCH = 5000;

const inputSchema = z.looseObject({
  emails: z.array(z.unknown()).superRefine((items, ctx) => {
    if (items.length < 1 || items.length > MAX_EMAIL_JOB_INPUTS) {
      ctx.addIssue({
        code: 'custom',
        message: `must hold 1 to ${MAX_EMAIL_JOB_INPUTS} items, got ${items.length}`,
      });
    }
  }),
  withInput: z.boolean().optional(),
  /** Ask again for addresses an earlier answer listed in neither list (`POST /api/email-search`'s refresh). */
  refresh: z.boolean().optional(),
});

/** Whether the rows start with the address column: yes unless the job was made with `withInput: false`. */
function withInputOf(params: unknown): boolean {
  return !(isRecord(params) && params.withInput === false);
}

/** Whether the job asks again for addresses an earlier answer did not answer for. */
function refreshOf(params: unknown): boolean {
  return isRecord(params) && params.refresh === true;
}

/** The row as the job gives it: the address column dropped when asked. */
function shaped(rows: JobResultRow[], withInput: boolean): JobResultRow[] {
  return withInput ? rows : rows.map(({ position, row }) => ({ position, row: row.slice(1) }));
}

function readPrivateInput(value: unknown): string[] {
  const emails = isRecord(value) ? value.emails : undefined;
  if (!Array.isArray(emails) || !emails.every((email) => typeof email === 'string')) {
    throw new Error("the job's addresses are no longer stored, so it cannot go on");
  }
  return emails;
}

/** Blank rows stay blank; `invalid: ...` and `error: ...` rows count as errors. */
function withErrors(rows: JobResultRow[]): Pick<JobBatchResult, 'errors' | 'lastError'> {
  let errors = 0;
  let lastError: string | undefined;
  for (const { position, row } of rows) {
    const status = row[1];
    if (typeof status === 'string' && (status.startsWith('invalid:') || status.startsWith('error:'))) {
      errors += 1;
      lastError = `Row ${position + 1}: ${status}`;
    }
  }
  return { errors, ...(lastError === undefined ? {} : { lastError }) };
}

export const emailEnrichmentKind: JobKind = {
  name: 'email-enrichment',
  summary: 'E-mail search for a whole column: input { emails: [...cells] }, one row per cell in input order',

  async create(input) {
    const { emails, withInput = true, refresh = false } = parseJobInput(inputSchema, input);
    const texts = emails.map(emailInputText);
    const prepared = prepareEmails(texts);
    let blank = 0;
    let invalid = 0;
    for (const entry of prepared.entries) {
      if (entry.kind === 'blank') blank += 1;
      else if (entry.kind === 'invalid') invalid += 1;
    }
    return {
      params: { inputs: texts.length, unique: prepared.unique.length, blank, invalid, withInput, refresh },
      // The cells as text, exactly as the rows quote them.
      privateInput: { emails: texts },
      total: texts.length,
      columns: withInput ? EMAIL_COLUMNS : EMAIL_RESULT_COLUMNS,
    };
  },

  async plan(state, deps) {
    const texts = readPrivateInput(state.privateInput);
    const withInput = withInputOf(state.params);
    const refresh = refreshOf(state.params);
    const prepared = prepareEmails(texts);
    const uniqueIndex = new Map(prepared.unique.map((email, index) => [email, index]));
    const positionsOf: number[][] = prepared.unique.map(() => []);
    const freePositions: number[] = [];
    prepared.entries.forEach((entry, position) => {
      const index = entry.kind === 'valid' ? uniqueIndex.get(entry.email) : undefined;
      if (index === undefined) freePositions.push(position);
      else positionsOf[index].push(position);
    });

    let freeDone = false;
    const done = new Uint8Array(prepared.unique.length);
    for (const checkpoint of state.checkpoints.values()) {
      if (!isRecord(checkpoint)) continue;
      if (checkpoint.free === true) freeDone = true;
      for (const index of indexesOf(checkpoint.unique)) if (index < done.length) done[index] = 1;
    }
    const remaining: number[] = [];
    for (let index = 0; index < done.length; index += 1) if (done[index] === 0) remaining.push(index);
    const cached = await deps.store.emailResults.getMany(remaining.map((index) => prepared.unique[index]));
    // On a refresh, an address no answer has answered for yet is asked again.
    const isCached = (index: number) => {
      const lookup = cached.get(prepared.unique[index]);
      return lookup !== undefined && !(refresh && lookup.unanswered === true);
    };
    const fromCache = remaining.filter(isCached);
    const toFetch = remaining.filter((index) => !isCached(index));

    const batches: JobBatch[] = [];
    if (!freeDone && freePositions.length > 0) {
      batches.push(
        freeBatch(
          freePositions.map((position) => [position, prepared.entries[position]]),
          withInput,
        ),
      );
    }
    for (let start = 0; start < fromCache.length; start += CACHED_EMAIL_BATCH) {
      const chunk = fromCache.slice(start, start + CACHED_EMAIL_BATCH);
      batches.push(
        addressBatch(`${chunk.length} cached addresses`, chunk, { positionsOf, texts, withInput, refresh }),
      );
    }
    for (let start = 0; start < toFetch.length; start += EMAIL_SEARCH_MAX) {
      const chunk = toFetch.slice(start, start + EMAIL_SEARCH_MAX);
      batches.push(
        addressBatch(`${chunk.length} addresses`, chunk, { positionsOf, texts, withInput, refresh }),
      );
    }
    return { next: async () => batches.shift() ?? null };
  },
};

/** Blank and invalid cells: their rows need no answer from anyone. */
function freeBatch(entries: [number, PreparedEmail][], withInput: boolean): JobBatch {
  return {
    label: `${entries.length} blank or invalid rows`,
    async run() {
      const rows = emailToRows(
        entries.map(([, entry]) => entry),
        { matchedEmails: [], notMatchedEmails: [] },
      );
      const result = entries.map(([position], i): JobResultRow => ({ position, row: rows[i] }));
      return { rows: shaped(result, withInput), checkpoint: { free: true }, ...withErrors(result) };
    },
  };
}

/** Every position of some unique addresses, answered by the e-mail search itself (cache first). */
function addressBatch(
  label: string,
  uniques: number[],
  job: { positionsOf: readonly number[][]; texts: readonly string[]; withInput: boolean; refresh: boolean },
): JobBatch {
  const { positionsOf, texts, withInput, refresh } = job;
  return {
    label,
    async run(deps: OperationDeps, context: OperationContext) {
      const positions = uniques.flatMap((index) => positionsOf[index]).sort((a, b) => a - b);
      const answer = await runEmailSearch(deps, context, {
        emails: positions.map((position) => texts[position]),
        withHeader: false,
        deadlineMs: JOB_BATCH_DEADLINE_MS,
        refresh,
      });
      const rows = positions.map((position, i): JobResultRow => ({ position, row: answer.rows[i] as Row }));
      return {
        rows: shaped(rows, withInput),
        checkpoint: { unique: toIndexRanges(uniques) },
        ...withErrors(rows),
      };
    },
  };
}
