import { z } from 'zod';
import { START, setup, firstCalls, failure, gaps, many } from './upstream-client-fixture';

describe('retries', () => {
  test('a 429 is retried after exactly the Retry-After it names', async () => {
    const { time, upstream, client } = setup({
      fault: firstCalls(1, { kind: 'status', status: 429, code: 'rate_limited', retryAfter: '3' }),
    });
    await time.run(client.request('search', { platform: 'instagram', body: { page: 0 } }));
    expect(upstream.calls.map((call) => call.outcome)).toEqual([429, 200]);
    expect(gaps(upstream.calls)).toEqual([3000]);
  });

  test('a client set faster than the service absorbs the 429s: each holds the whole family for its Retry-After', async () => {
    const { time, upstream, client, events } = setup({ client: { rates: { ai: 5 } } });
    const results = await time.run(many(client, 6, 'aiTextSearch', 'instagram'));
    expect(results).toHaveLength(6);
    expect(upstream.rateLimited.length).toBeGreaterThan(0);
    for (const refused of upstream.rateLimited) {
      const waitMs = (refused.retryAfter ?? 0) * 1000;
      expect(waitMs).toBeGreaterThanOrEqual(1000);
      const during = upstream.calls.filter((call) => call.at > refused.at && call.at < refused.at + waitMs);
      expect(during).toEqual([]);
    }
    const retries = events.filter((event) => event.type === 'retry');
    expect(retries.every((event) => event.reason === 'rate_limited' && event.delayMs >= 1000)).toBe(true);
  });

  test('5xx backoff grows with jitter and is capped at maxDelayMs', async () => {
    const { time, upstream, client, events } = setup({
      client: { maxAttempts: 6, maxDelayMs: 3000 },
      fault: firstCalls(5, { kind: 'status', status: 500 }),
    });
    await time.run(client.request('userInfo'));
    const observed = gaps(upstream.calls);
    const steps = [1000, 2000, 3000, 3000, 3000];
    expect(observed).toHaveLength(5);
    observed.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(steps[i] / 2);
      expect(gap).toBeLessThanOrEqual(steps[i]);
    });
    expect(observed[1]).toBeGreaterThan(observed[0]);
    expect(events.filter((event) => event.type === 'retry').map((event) => event.delayMs)).toEqual(observed);
  });

  test('gives up after maxAttempts with an UpstreamError carrying status and code', async () => {
    const { time, upstream, client } = setup({
      fault: () => ({ kind: 'status', status: 503, message: 'Service down' }),
    });
    const error = await failure(client.request('userInfo'), time);
    expect(upstream.calls).toHaveLength(5);
    expect(error).toMatchObject({
      status: 503,
      code: 'internal_server_error',
      attempts: 5,
      message: 'Service down (gave up after 5 attempts)',
    });
  });

  test('a Retry-After longer than the client waits fails at once, saying how long to wait', async () => {
    const { time, upstream, client } = setup({
      fault: () => ({
        kind: 'status',
        status: 429,
        code: 'rate_limited',
        message: 'Too many requests',
        retryAfter: '120',
      }),
    });
    const error = await failure(client.request('userInfo'), time);
    expect(upstream.calls).toHaveLength(1);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 120_000 });
    expect(error.message).toBe(
      'Too many requests (the service asks to wait 120 s, longer than the 30 s this client waits; try again later)',
    );
  });

  test('a hung attempt is aborted at the timeout and retried', async () => {
    const { time, upstream, client, events } = setup({
      client: { timeoutMs: 10_000 },
      fault: firstCalls(1, { kind: 'hang' }),
    });
    const result = await time.run(client.request('userInfo'));
    expect(result).toMatchObject({ error: false });
    expect(upstream.calls.map((call) => call.outcome)).toEqual(['hang', 200]);
    expect(events.find((event) => event.type === 'response')).toMatchObject({
      status: null,
      code: 'timeout',
      durationMs: 10_000,
    });
    expect(upstream.calls[1].at - upstream.calls[0].at).toBeGreaterThanOrEqual(10_000 + 500);
  });

  test('attempts that all hang end in a timeout error', async () => {
    const { time, upstream, client } = setup({
      client: { timeoutMs: 5000, maxAttempts: 3 },
      fault: () => ({ kind: 'hang' }),
    });
    const error = await failure(client.request('userInfo'), time);
    expect(upstream.calls).toHaveLength(3);
    expect(error).toMatchObject({ status: null, code: 'timeout', attempts: 3 });
    expect(error.message).toBe(
      'the Discovery API did not answer userInfo within 5 s (gave up after 3 attempts)',
    );
    expect(time.pendingTimers).toBe(0);
  });

  test('network errors are retried', async () => {
    const { time, upstream, client } = setup({ fault: firstCalls(2, { kind: 'network' }) });
    await time.run(client.request('userInfo'));
    expect(upstream.calls.map((call) => call.outcome)).toEqual(['network', 'network', 200]);
  });

  test('a non-JSON 200 of a free operation is retried like a 5xx, and ends as malformed_response if it persists', async () => {
    const once = setup({ fault: firstCalls(1, { kind: 'not-json' }) });
    await once.time.run(once.client.request('userInfo'));
    expect(once.upstream.calls.map((call) => call.outcome)).toEqual([200, 200]);

    const always = setup({ client: { maxAttempts: 2 }, fault: () => ({ kind: 'not-json' }) });
    const error = await failure(always.client.request('userInfo'), always.time);
    expect(error).toMatchObject({ status: 200, code: 'malformed_response', attempts: 2 });
    expect(error.message).toBe(
      'the Discovery API answered userInfo with a body that is not JSON (gave up after 2 attempts)',
    );
  });

  test('a non-JSON 200 of a paid operation is never retried: it was billed, and is read as unreadable once', async () => {
    const { time, upstream, client } = setup({ fault: () => ({ kind: 'not-json' }) });
    const schema = z.looseObject({ profile: z.looseObject({}) });
    const error = await failure(
      client.request('report', { platform: 'instagram', params: { userId: 'ada' }, schema }),
      time,
    );
    expect(upstream.calls).toHaveLength(1);
    expect(error).toMatchObject({ status: 200, code: 'unreadable_answer', attempts: 1 });
    expect(error.unreadableBody).toMatchObject({ text: '<html>Service Unavailable</html>', json: undefined });
  });

  test('an error page that is not JSON gets an http_<status> code and is retried', async () => {
    const { time, upstream, client } = setup({
      client: { maxAttempts: 2 },
      fault: () => ({ kind: 'html', status: 502 }),
    });
    const error = await failure(client.request('userInfo'), time);
    expect(upstream.calls).toHaveLength(2);
    expect(error).toMatchObject({ status: 502, code: 'http_502' });
    expect(error.message).toBe(
      'the Discovery API answered userInfo with HTTP 502 and no error details (gave up after 2 attempts)',
    );
  });

  test('retries are paced by the throttle too', async () => {
    // random 0 gives the shortest backoff, 500 ms: shorter than the ai interval (1 / 0.97 s).
    const { time, upstream, client } = setup({
      client: { random: () => 0 },
      fault: firstCalls(1, { kind: 'status', status: 500 }),
    });
    await time.run(client.request('aiTextSearch', { platform: 'instagram', body: {} }));
    expect(gaps(upstream.calls)[0]).toBeCloseTo(1000 / 0.97, 3);
  });
});

describe('throttling', () => {
  test('N ai requests take at least N-1 seconds and never trip the service limit of 1/s', async () => {
    const { time, upstream, client } = setup();
    await time.run(many(client, 10, 'aiTextSearch', 'instagram'));
    expect(upstream.rateLimited).toEqual([]);
    expect(time.now - START).toBeGreaterThanOrEqual(9000);
  });

  test.each([
    ['search', 'discovery', 2, 41],
    ['dictionaryTopics', 'dictionaryFast', 10, 201],
  ] as const)(
    'heavy %s work runs at >= 90%% of the %s rate (%i/s) without a 429',
    async (operationId, _family, rate, n) => {
      const { time, upstream, client } = setup();
      await time.run(
        Promise.all(
          Array.from({ length: n }, (_, i) =>
            client.request(operationId, {
              platform: 'instagram',
              ...(operationId === 'search' ? { body: { i } } : { query: { i } }),
            }),
          ),
        ),
      );
      expect(upstream.rateLimited).toEqual([]);
      const achieved = (n - 1) / ((time.now - START) / 1000);
      expect(achieved).toBeGreaterThanOrEqual(0.9 * rate);
      expect(achieved).toBeLessThanOrEqual(rate);
    },
  );

  test('20 concurrent calls are all paced and reach the service in the order they were made', async () => {
    const { time, upstream, client, events } = setup();
    await time.run(many(client, 20, 'aiLookalikes', 'instagram'));
    expect(upstream.calls.map((call) => Number(call.url.searchParams.get('i')))).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
    expect(Math.min(...gaps(upstream.calls))).toBeGreaterThanOrEqual(1000);
    expect(upstream.rateLimited).toEqual([]);
    expect(events.filter((event) => event.type === 'throttled')).toHaveLength(19);
  });

  test('free operations go out at once', async () => {
    const { time, upstream, client } = setup();
    await time.run(many(client, 30, 'dictionaryLanguages', 'instagram'));
    expect(new Set(upstream.calls.map((call) => call.at))).toEqual(new Set([START]));
  });
});
