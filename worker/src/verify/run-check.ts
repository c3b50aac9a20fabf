import type { z } from 'zod';
import type { OperationId } from '../../../shared/operations';
import { NO_CHARGE, PRICE_TABLE, type CreditCharge } from '../../../shared/pricing';
import type { Row } from '../../../shared/rows/columns';
import { chargeOfBody } from '../billing/billed-items';
import type { UrlParts } from '../upstream/upstream-url';
import { rowsOf, skipped, type CheckReport } from './check-report';
import type { LiveCall, LiveCalls } from './live-calls';
import type { SpendKeeper } from './spend-cap';

/** One call of the check: what to send, how to read it, and what its answer becomes in a sheet. */
export interface CallSpec<T> {
  name: string;
  operation: OperationId;
  parts: UrlParts & { body?: unknown };
  schema: z.ZodType<T>;
  /** The rows a sheet gets from the answer, by the same mappings the worker uses. */
  rows(value: T): Row[];
  /** What the answer says worth knowing. */
  note?(value: T): string | null;
  /** What the checks after this one take from its answer (creators to ask about). */
  learn?(value: T): void;
  /**
   * An error answer that settles an open question rather than a fault (a route the vendor's notes
   * leave out answering 404): what it settles; null for a failure.
   */
  refusal?(failure: { status: number | null; code: string }): string | null;
}

export interface PaidCallSpec<T> extends CallSpec<T> {
  /** The most it can cost, by the price table: what the cap is checked against. */
  estimate: CreditCharge;
}

/** A call made and reported, with its answer for the checks that build on it. */
export interface CheckRun<T> {
  report: CheckReport;
  value: T | null;
}

function reportOf<T>(spec: CallSpec<T>, cost: CheckReport['cost'], call: LiveCall<T>): CheckRun<T> {
  const base = { name: spec.name, operation: spec.operation, cost, spent: null };
  if (call.ok) {
    spec.learn?.(call.value);
    return {
      value: call.value,
      report: {
        ...base,
        outcome: 'answered',
        note: spec.note?.(call.value) ?? null,
        rows: rowsOf(spec.rows(call.value)),
        drift: call.drift,
        problems: null,
      },
    };
  }
  if (call.unreadable !== null) {
    const note = 'answered 2xx in a shape this version cannot read';
    return {
      value: null,
      report: {
        ...base,
        outcome: 'unreadable',
        note,
        rows: null,
        drift: null,
        problems: call.unreadable.problems,
      },
    };
  }
  const settled = spec.refusal?.(call) ?? null;
  const said = `${call.status === null ? 'no answer' : `HTTP ${call.status}`} ${call.code}: ${call.message}`;
  return {
    value: null,
    report: {
      ...base,
      outcome: settled === null ? 'failed' : 'refused',
      note: settled === null ? said : `${settled} (${said})`,
      rows: null,
      drift: null,
      problems: null,
    },
  };
}

/** A free call: always made. */
export async function runFreeCheck<T>(calls: LiveCalls, spec: CallSpec<T>): Promise<CheckRun<T>> {
  return reportOf(spec, 'free', await calls.call(spec.operation, { ...spec.parts, schema: spec.schema }));
}

/**
 * A paid call, made only when its estimate fits in what the cap leaves. Its cost is priced from the
 * answer as the worker's ledger prices it (billed-items.ts; an unreadable answer too) and measured
 * on the account's balance before and after; the larger counts against the cap.
 */
export async function runPaidCheck<T>(
  calls: LiveCalls,
  keeper: SpendKeeper,
  spec: PaidCallSpec<T>,
): Promise<CheckRun<T>> {
  const unit = PRICE_TABLE[spec.operation].kind === 'rawRequest' ? 'rawRequests' : 'credits';
  const decision = keeper.allows(spec.estimate, unit);
  if (!decision.ok)
    return { value: null, report: skipped(spec.name, spec.operation, 'paid', decision.reason) };
  const before = await calls.balance();
  const call = await calls.call(spec.operation, { ...spec.parts, schema: spec.schema });
  const after = await calls.balance();
  const priced = pricedCharge(spec, call);
  const measured =
    before === null || after === null
      ? null
      : {
          credits: Math.round((before.credits - after.credits) * 1000) / 1000,
          rawRequests: before.rawRequests - after.rawRequests,
        };
  const counted = {
    credits: Math.max(priced.credits, measured?.credits ?? 0),
    rawRequests: Math.max(priced.rawRequests, measured?.rawRequests ?? 0),
  };
  keeper.record(spec.estimate, counted);
  const run = reportOf(spec, 'paid', call);
  return { ...run, report: { ...run.report, spent: { priced, measured } } };
}

/** What the price table says the call cost: failed calls are free, but a raw 404 spends a request. */
function pricedCharge<T>(spec: PaidCallSpec<T>, call: LiveCall<T>): CreditCharge {
  if (call.ok) return chargeOfBody(spec.operation, spec.estimate, call.value);
  if (call.unreadable !== null) return chargeOfBody(spec.operation, spec.estimate, call.unreadable.json);
  if (PRICE_TABLE[spec.operation].kind === 'rawRequest' && call.status === 404) return spec.estimate;
  return NO_CHARGE;
}
