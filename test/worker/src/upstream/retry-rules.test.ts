import {
  decideRetry,
  parseRetryAfter,
  type AttemptOutcome,
  type RetryInput,
} from '../../../../worker/src/upstream/retry-rules';
import { seededRandom } from '../../../../worker/common/seeded-random';

const NOW = Date.parse('2025-03-01T12:00:00Z');

function input(outcome: AttemptOutcome, overrides: Partial<RetryInput> = {}): RetryInput {
  return {
    attempt: 1,
    maxAttempts: 5,
    outcome,
    baseDelayMs: 1000,
    maxDelayMs: 30_000,
    random: () => 0.5,
    now: NOW,
    ...overrides,
  };
}

const status = (code: number, retryAfter?: string): AttemptOutcome => ({
  kind: 'status',
  status: code,
  retryAfter,
});

describe('decideRetry', () => {
  test('a 429 waits what Retry-After says, in seconds', () => {
    expect(decideRetry(input(status(429, '3')))).toEqual({
      retry: true,
      delayMs: 3000,
      reason: 'rate_limited',
    });
  });

  test('a 429 waits until a Retry-After HTTP date', () => {
    const at = new Date(NOW + 7000).toUTCString();
    expect(decideRetry(input(status(429, at)))).toEqual({
      retry: true,
      delayMs: 7000,
      reason: 'rate_limited',
    });
  });

  test('a Retry-After date already past means retry now', () => {
    const at = new Date(NOW - 60_000).toUTCString();
    expect(decideRetry(input(status(429, at)))).toEqual({ retry: true, delayMs: 0, reason: 'rate_limited' });
  });

  test('a 429 without a usable Retry-After backs off 1 s, 2 s, 4 s, 8 s as documented', () => {
    const delays = [1, 2, 3, 4].map((attempt) => decideRetry(input(status(429, 'soon'), { attempt })));
    expect(delays).toEqual(
      [1000, 2000, 4000, 8000].map((delayMs) => ({ retry: true, delayMs, reason: 'rate_limited' })),
    );
  });

  test('a Retry-After longer than maxDelayMs fails at once and says how long the service asked for', () => {
    expect(decideRetry(input(status(429, '120')))).toEqual({
      retry: false,
      reason: 'retry_after_too_long',
      retryAfterMs: 120_000,
    });
  });

  test('a 503 with Retry-After honours it too', () => {
    expect(decideRetry(input(status(503, '2')))).toEqual({
      retry: true,
      delayMs: 2000,
      reason: 'server_error',
    });
  });

  test('5xx backoff grows, is capped at maxDelayMs, and its jitter stays within [step/2, step]', () => {
    const random = seededRandom(42);
    const maxDelayMs = 10_000;
    for (let round = 0; round < 50; round += 1) {
      const delays = [1, 2, 3, 4, 5, 6, 7].map((attempt) => {
        const decision = decideRetry(input(status(500), { attempt, maxAttempts: 10, maxDelayMs, random }));
        if (!decision.retry) throw new Error('a 500 must be retried');
        return decision.delayMs;
      });
      delays.forEach((delay, index) => {
        const step = Math.min(maxDelayMs, 1000 * 2 ** index);
        expect(delay).toBeGreaterThanOrEqual(step / 2);
        expect(delay).toBeLessThanOrEqual(step);
      });
      expect(Math.max(...delays)).toBeLessThanOrEqual(maxDelayMs);
    }
  });

  test('jitter spreads callers: different random draws give different delays', () => {
    const low = decideRetry(input(status(502), { attempt: 3, random: () => 0 }));
    const high = decideRetry(input(status(502), { attempt: 3, random: () => 0.999 }));
    expect(low).toEqual({ retry: true, delayMs: 2000, reason: 'server_error' });
    expect(high).toEqual({ retry: true, delayMs: 3998, reason: 'server_error' });
  });

  test.each([
    [{ kind: 'network' } as const, 'network'],
    [{ kind: 'timeout' } as const, 'timeout'],
    [{ kind: 'malformed' } as const, 'malformed'],
  ])('%o is retried like a 5xx', (outcome, reason) => {
    expect(decideRetry(input(outcome, { attempt: 2 }))).toEqual({ retry: true, delayMs: 1500, reason });
  });

  test.each([400, 401, 402, 403, 404, 405, 409, 422, 501, 505])('%i is an answer, never retried', (code) => {
    expect(decideRetry(input(status(code, '1')))).toEqual({ retry: false, reason: 'not_retryable' });
  });

  test('a 2xx is not a failure', () => {
    expect(decideRetry(input(status(200)))).toEqual({ retry: false, reason: 'success' });
  });

  test('gives up after maxAttempts, whatever the failure', () => {
    for (const outcome of [
      status(429, '1'),
      status(500),
      { kind: 'network' } as const,
      { kind: 'timeout' } as const,
    ]) {
      expect(decideRetry(input(outcome, { attempt: 4 })).retry).toBe(true);
      expect(decideRetry(input(outcome, { attempt: 5 }))).toEqual({
        retry: false,
        reason: 'attempts_exhausted',
      });
    }
  });
});

describe('parseRetryAfter', () => {
  test('reads seconds and dates, and ignores what it cannot read', () => {
    expect(parseRetryAfter(' 5 ', NOW)).toBe(5000);
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter(new Date(NOW + 1500).toUTCString(), NOW)).toBe(1000);
    expect(parseRetryAfter('-3', NOW)).toBeUndefined();
    expect(parseRetryAfter('1.5', NOW)).toBeUndefined();
    expect(parseRetryAfter('', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter('not a date', NOW)).toBeUndefined();
  });
});
