import { z } from 'zod';
import type { Clock } from '../common/clock';
import type { Random } from '../common/seeded-random';
import { SANDBOX_SHAPES } from './odd-shapes';

/**
 * Latency, faults and answer shapes the sandbox injects so that the worker's retries, timeouts,
 * throttles and tolerant readers meet what a real service does. All of them are off by default.
 *
 * A failed request is not billed (api-notes "Errors"), so a request answered 429, 500 or 504 by a
 * fault never reaches its handler and costs nothing. The two faults that answer 200 are different:
 * a real service that sent a 200 has billed it. A malformed answer to a paid operation, and every
 * unreadable answer, run their handler and are billed as usual before the broken body goes out
 * (router.ts); only a malformed answer to a free operation skips its handler, as it costs nothing.
 */
export const faultSettingsSchema = z.strictObject({
  /** Added to every answer, in milliseconds. */
  latencyMs: z.number().int().min(0),
  /** Up to this many more milliseconds, drawn uniformly per request. */
  jitterMs: z.number().int().min(0),
  /** Share (0..1) of requests answered 500 internal_server_error. */
  serverErrorShare: z.number().min(0).max(1),
  /** Share of requests held for `timeoutMs` (or until the client hangs up), then answered 504. */
  timeoutShare: z.number().min(0).max(1),
  timeoutMs: z.number().int().min(0),
  /** Share of requests answered 200 with a body that is not valid JSON (billed when paid). */
  malformedShare: z.number().min(0).max(1),
  /**
   * Share of requests whose successful answer is billed, then sent wrapped in a shape no version
   * reads (`unreadableBody`). Errors keep their own status and body.
   */
  unreadableShare: z.number().min(0).max(1),
  /** Share of requests that start a burst of 429s; every request during the burst gets one. */
  burst429Share: z.number().min(0).max(1),
  burst429Ms: z.number().int().min(1),
  /** `real`: the shapes the real service is seen to answer; `odd`: older and odder ones (odd-shapes.ts). */
  shapes: z.enum(SANDBOX_SHAPES),
  /**
   * When a paid answer is billed: `answer`, as it is sent, after the latency (a caller that hung
   * up during it is not billed); `receipt`, as the request arrives, before the latency (billed
   * whether or not anyone is left to receive it). The spec does not say which the real service
   * does; the worker must be right under both (its unconfirmed calls, the reconciliation).
   */
  billOn: z.enum(['answer', 'receipt']),
});
export type FaultSettings = z.infer<typeof faultSettingsSchema>;

export const DEFAULT_FAULT_SETTINGS: FaultSettings = {
  latencyMs: 0,
  jitterMs: 0,
  serverErrorShare: 0,
  timeoutShare: 0,
  // Longer than the 20 s the service calls slow, so a held request is both slow and failed.
  timeoutMs: 25_000,
  malformedShare: 0,
  unreadableShare: 0,
  burst429Share: 0,
  burst429Ms: 2_000,
  shapes: 'real',
  billOn: 'answer',
};

type FaultDecision =
  | { kind: 'none' }
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'server_error' }
  | { kind: 'timeout'; holdMs: number }
  | { kind: 'malformed' }
  | { kind: 'unreadable' };

/** What a malformed answer carries: the start of a plausible body, cut off mid-string. */
export const MALFORMED_BODY = '{"error":false,"profile":{"userId":"12';

/**
 * What an unreadable answer carries: the whole payload moved under `data` of a made-up version 2
 * envelope, so every field a reader looks for at the root (`profile`, `directs`, `matchedEmails`)
 * is missing while the body is still valid JSON with `error: false`.
 */
export function unreadableBody(payload: unknown): { error: false; version: 2; data: unknown } {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { error: false, version: 2, data: payload };
  }
  const { error: _error, ...data } = payload as Record<string, unknown>;
  return { error: false, version: 2, data };
}

export class Faults {
  private settings: FaultSettings;
  private burstUntil = 0;

  constructor(
    settings: FaultSettings,
    private readonly random: Random,
    private readonly clock: Clock,
  ) {
    this.settings = { ...settings };
  }

  getSettings(): FaultSettings {
    return { ...this.settings };
  }

  update(patch: Partial<FaultSettings>): FaultSettings {
    this.settings = faultSettingsSchema.parse({ ...this.settings, ...patch });
    if (this.settings.burst429Share === 0) this.burstUntil = 0;
    return this.getSettings();
  }

  /** Milliseconds to wait before this request is answered. */
  latencyMs(): number {
    const { latencyMs, jitterMs } = this.settings;
    return latencyMs + (jitterMs > 0 ? Math.floor(this.random() * (jitterMs + 1)) : 0);
  }

  /**
   * Picks this request's fault. A random number is drawn only for faults that are switched on, so
   * one seed replays the same scenario for the same settings.
   */
  decide(): FaultDecision {
    const now = this.clock.now();
    const s = this.settings;
    if (now < this.burstUntil) return { kind: 'rate_limited', retryAfterMs: this.burstUntil - now };
    if (s.burst429Share > 0 && this.random() < s.burst429Share) {
      this.burstUntil = now + s.burst429Ms;
      return { kind: 'rate_limited', retryAfterMs: s.burst429Ms };
    }
    if (s.serverErrorShare > 0 && this.random() < s.serverErrorShare) return { kind: 'server_error' };
    if (s.timeoutShare > 0 && this.random() < s.timeoutShare) return { kind: 'timeout', holdMs: s.timeoutMs };
    if (s.malformedShare > 0 && this.random() < s.malformedShare) return { kind: 'malformed' };
    // Drawn last, and only when switched on, so the dice of the older faults replay as before.
    if (s.unreadableShare > 0 && this.random() < s.unreadableShare) return { kind: 'unreadable' };
    return { kind: 'none' };
  }
}
