import type { OperationId, OperationSpec } from '../../shared/operations';
import type { Platform } from '../../shared/platforms';
import type { AccountView } from './accounts';

/**
 * What an operation handler gets. The core has already authenticated the caller, checked raw
 * access and the rate limit, and parsed the JSON body; the handler validates its own input (with
 * `parseWith`), does the work against the world and says what the answer costs.
 */
export interface HandlerContext<World> {
  readonly operationId: OperationId;
  readonly operation: OperationSpec;
  /** The caller's account as it was when the request arrived (a copy; charging is the core's job). */
  readonly account: AccountView;
  /** The `:platform` path segment, already checked against the operation; null when there is none. */
  readonly platform: Platform | null;
  /** Path parameters other than `platform`, e.g. `userId`, `listId`, URL-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters as Express parsed them, without `access_token`. */
  readonly query: Readonly<Record<string, unknown>>;
  /** The parsed JSON body (without `access_token`), or undefined when the request had none. */
  readonly body: unknown;
  readonly world: World;
  /** The sandbox clock, for anything time-stamped (list creation, cursor expiry). */
  now(): number;
  /** When the sandbox started, on its clock: reports drift from then (report-drift.ts). */
  readonly startedAt: number;
  /**
   * Throws not_enough_credits unless the balance holds at least `credits` now. For operations the
   * spec makes pay up front (e-mail search: 0.02 x submitted addresses) before any work is done.
   */
  requireCredits(credits: number): void;
}

export interface HandlerResult {
  /** Sent as JSON. Discovery bodies carry `error: false`; the handler writes it. */
  body: unknown;
  /**
   * What this answer actually costs, in decimal credits (e.g. 0.01 x returned items); 0 when
   * omitted. The core charges it only if the balance covers it, else answers not_enough_credits
   * and returns nothing. Raw operations cost no credits (they use the raw allowance).
   */
  credits?: number;
  /** A 2xx status, 200 when omitted. Errors are thrown as SandboxError, never returned. */
  status?: number;
}

/** A plain function per operation. Throwing a SandboxError answers that error, free of charge. */
export type OperationHandler<World> = (
  context: HandlerContext<World>,
) => HandlerResult | Promise<HandlerResult>;

/** The registry: at most one handler per operation id; missing ones answer 501 not_implemented. */
export type SandboxHandlers<World> = { readonly [Id in OperationId]?: OperationHandler<World> };
