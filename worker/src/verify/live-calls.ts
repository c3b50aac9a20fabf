import type { z } from 'zod';
import type { OperationId } from '../../../shared/operations';
import type { CreditCharge } from '../../../shared/pricing';
import { accountInfoResponseSchema } from '../../../shared/responses/account';
import type { DriftFinding } from '../../../shared/responses/tolerant';
import type { Clock, Sleep } from '../../common/clock';
import type { WorkerConfig } from '../config';
import type { ContractDriftSummary } from '../store/contract-drift-repository';
import { createDriftSums, summarizeDriftSums } from '../store/rows/contract-drift-sums';
import { createUpstreamClient } from '../upstream/request-core';
import type { UpstreamFetch } from '../upstream/upstream-attempt';
import { isUpstreamError } from '../upstream/upstream-error';
import type { UrlParts } from '../upstream/upstream-url';

/**
 * The Discovery API as `npm run verify:live` calls it: the worker's own request core with the
 * worker's configuration (base URL, token, timeout, pacing) and the worker's tolerant schemas, so
 * an answer is read, and its drift found, exactly as the worker reads and counts it (the same
 * `read` event, summed by the same code as `GET /api/health`'s `contract`). One attempt per call: a
 * retried paid call could be billed twice, and this check must never spend more than it was let.
 */

export type LiveCall<T> =
  | { ok: true; value: T; drift: DriftFinding[] }
  /** Failed; `unreadable` when the API answered 2xx in a shape this version cannot read (billed). */
  | {
      ok: false;
      status: number | null;
      code: string;
      message: string;
      unreadable: { problems: string[]; json: unknown } | null;
    };

export interface LiveCalls {
  call<T>(
    operation: OperationId,
    parts: UrlParts & { body?: unknown; schema: z.ZodType<T> },
  ): Promise<LiveCall<T>>;
  /**
   * The account's balance (`/user/info`, free), or null when it cannot be read. Not counted among
   * the answers read: it is the check's own bookkeeping, asked before and after each paid call.
   */
  balance(): Promise<CreditCharge | null>;
  /** The answers read so far, summed as the worker sums them for `GET /api/health` (`contract`). */
  contract(): ContractDriftSummary;
}

export interface LiveCallsOptions {
  config: Pick<WorkerConfig, 'upstream'>;
  clock: Clock;
  sleep?: Sleep;
  fetch?: UpstreamFetch;
}

export function createLiveCalls(options: LiveCallsOptions): LiveCalls {
  const { upstream } = options.config;
  if (upstream.baseUrl === null) throw new Error('the Discovery API URL is not set');
  const sums = createDriftSums(options.clock);
  /** What the `read` event of the call under way said (calls are made one at a time). */
  const last: { findings: DriftFinding[] } = { findings: [] };
  let counting = true;
  const client = createUpstreamClient({
    baseUrl: upstream.baseUrl,
    token: upstream.token,
    timeoutMs: upstream.timeoutMs,
    maxAttempts: 1,
    rates: upstream.rates,
    clock: options.clock,
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    onEvent: (event) => {
      if (event.type !== 'read' || !counting) return;
      sums.record(event.operationId, event.findings, event.unreadable !== null);
      last.findings = event.findings;
    },
  });
  return {
    async call(operation, parts) {
      last.findings = [];
      try {
        const value = await client.request(operation, parts);
        return { ok: true, value, drift: last.findings };
      } catch (error) {
        if (!isUpstreamError(error)) throw error;
        const body = error.code === 'unreadable_answer' ? error.unreadableBody : undefined;
        return {
          ok: false,
          status: error.status,
          code: error.code,
          message: error.message,
          unreadable: body === undefined ? null : { problems: body.problems, json: body.json },
        };
      }
    },
    async balance() {
      counting = false;
      try {
        const { billing } = await client.request('userInfo', { schema: accountInfoResponseSchema });
        if (billing?.credits === undefined) return null;
        return { credits: billing.credits, rawRequests: billing.rawRequests ?? 0 };
      } catch {
        return null;
      } finally {
        counting = true;
      }
    },
    contract: () => {
      const taken = sums.take();
      sums.restore(taken);
      return summarizeDriftSums(taken);
    },
  };
}
