import { inspect } from 'node:util';
import { z } from 'zod';
import type { OperationId } from '../../../../shared/operations';
import { optional, wanted } from '../../../../shared/responses/tolerant';
import { seededRandom } from '../../../../worker/common/seeded-random';
import {
  createUpstreamClient,
  type UpstreamClientOptions,
} from '../../../../worker/src/upstream/request-core';
import type { UpstreamEvent } from '../../../../worker/src/upstream/upstream-events';
import { UpstreamError } from '../../../../worker/src/upstream/upstream-error';
import { FakeTime } from './fake-time';
import { BASE_URL, FakeUpstream, TOKEN, type Fault, type RecordedCall } from './fake-upstream';

const START = Date.parse('2025-03-01T12:00:00Z');

interface Setup {
  client?: Partial<UpstreamClientOptions>;
  limits?: ConstructorParameters<typeof FakeUpstream>[0]['limits'];
  fault?: (index: number, call: RecordedCall) => Fault | undefined;
}

function setup(options: Setup = {}) {
  const time = new FakeTime(START);
  const upstream = new FakeUpstream({ time, limits: options.limits, fault: options.fault });
  const events: UpstreamEvent[] = [];
  const logs: string[] = [];
  const record = (message: string, fields: object) => logs.push(`${message} ${JSON.stringify(fields)}`);
  const client = createUpstreamClient({
    baseUrl: BASE_URL,
    token: TOKEN,
    fetch: upstream.fetch,
    clock: time.clock,
    sleep: time.sleep,
    random: seededRandom(7),
    logger: { debug: record, warn: record },
    onEvent: (event) => events.push(event),
    ...options.client,
  });
  return { time, upstream, client, events, logs };
}

/** The first `n` calls get `fault`, the rest are answered normally. */
const firstCalls =
  (n: number, fault: Fault) =>
  (index: number): Fault | undefined =>
    index < n ? fault : undefined;

async function failure(work: Promise<unknown>, time: FakeTime): Promise<UpstreamError> {
  try {
    await time.run(work);
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

function gaps(calls: RecordedCall[]): number[] {
  return calls.slice(1).map((call, i) => call.at - calls[i].at);
}

/** Starts `n` requests of one operation at once; each carries its index as a query parameter. */
function many(
  client: ReturnType<typeof setup>['client'],
  n: number,
  operationId: OperationId,
  platform?: 'instagram',
): Promise<unknown[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) => client.request(operationId, { platform, query: { i } })),
  );
}

describe('sending', () => {
  test('sends the token as a bearer header only, the body as JSON, and parses the answer', async () => {
    const { time, upstream, client } = setup();
    const schema = z.looseObject({
      error: z.literal(false),
      body: z.looseObject({ emails: z.array(z.string()) }),
    });
    const result = await time.run(
      client.request('emailSearch', {
        body: { emails: ['jane@example.com'] },
        schema,
      }),
    );
    expect(result.body.emails).toEqual(['jane@example.com']);
    const [call] = upstream.calls;
    expect(call.method).toBe('POST');
    expect(call.headers).toEqual({
      Accept: 'application/json',
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json',
    });
    expect(call.url.href).toBe(`${BASE_URL}/email-search`);
    expect(call.body).toBe('{"emails":["jane@example.com"]}');
    expect(`${call.url.href} ${call.body}`).not.toContain(TOKEN);
  });

  test('reaches the path of the platform, with encoded parameters and the query', async () => {
    const { time, upstream, client } = setup({ client: { baseUrl: `${BASE_URL}//` } });
    await time.run(
      client.request('report', {
        platform: 'tiktok',
        params: { userId: '@some one' },
        query: { calculationMethod: 'median' },
      }),
    );
    expect(upstream.calls[0].url.href).toBe(
      `${BASE_URL}/tiktok/profile/%40some%20one/report?calculationMethod=median`,
    );
    expect(upstream.calls[0].outcome).toBe(200);
  });

  test('does not send the token where the operation needs none (/health)', async () => {
    const { time, upstream, client } = setup();
    await time.run(client.request('health'));
    expect(upstream.calls[0].headers.Authorization).toBeUndefined();
  });

  test('refuses before sending: a token in the body, a body on a GET, a wrong platform', async () => {
    const { time, upstream, client } = setup();
    const inBody = await failure(
      client.request('emailSearch', { body: { access_token: 'x', emails: [] } }),
      time,
    );
    expect(inBody.message).toBe(
      'the API token must not travel in a request body; the client sends it as a header',
    );
    const getBody = await failure(client.request('userInfo', { body: { a: 1 } }), time);
    expect(getBody.message).toBe('userInfo is a GET and takes no body');
    const platform = await failure(client.request('audienceOverlap', { platform: 'tiktok', body: {} }), time);
    expect([inBody.code, getBody.code, platform.code]).toEqual([
      'invalid_request',
      'invalid_request',
      'invalid_request',
    ]);
    expect(platform.attempts).toBe(0);
    expect(upstream.calls).toHaveLength(0);
  });

  test('refuses an empty token and a base URL that is not a URL at start-up', () => {
    const time = new FakeTime();
    const base = { fetch: new FakeUpstream({ time }).fetch, clock: time.clock, sleep: time.sleep };
    expect(() => createUpstreamClient({ ...base, baseUrl: BASE_URL, token: ' ' })).toThrow(
      'the Discovery API token must not be empty',
    );
    expect(() => createUpstreamClient({ ...base, baseUrl: 'localhost:4010', token: TOKEN })).toThrow(
      'the Discovery API base URL must be an absolute http(s) URL such as https://HOST/v1, got "localhost:4010"',
    );
  });
});

describe('answers that are not retried', () => {
  test.each([
    [400, 'bad_request', 'filter.influencer.followers.left_number must be a number'],
    [402, 'not_enough_credits', 'Not enough credits for this request'],
    [403, 'private_account', 'The account is private'],
    [404, 'handle_not_found', 'Unknown handle "@nobody_here" on instagram'],
    [409, 'retry_later', 'The account is being processed; try again in a few hours'],
  ])('%i %s is surfaced after one call, with the API code and message', async (status, code, message) => {
    const { time, upstream, client } = setup({ fault: () => ({ kind: 'status', status, code, message }) });
    const error = await failure(
      client.request('report', { platform: 'instagram', params: { userId: 'nobody_here' } }),
      time,
    );
    expect(upstream.calls).toHaveLength(1);
    expect(error).toMatchObject({ status, code, message, attempts: 1, operationId: 'report' });
  });

  test('401 for a wrong token is surfaced after one call', async () => {
    const { time, upstream, client } = setup({ client: { token: 'tok_wrong' } });
    const error = await failure(client.request('userInfo'), time);
    expect(upstream.calls).toHaveLength(1);
    expect(error).toMatchObject({
      status: 401,
      code: 'api_token_invalid',
      message: 'The API token is invalid',
    });
  });

  test('a 200 that does not fit the schema fails once as unreadable_answer, carrying the body for billing', async () => {
    const { time, upstream, client, events } = setup();
    const schema = z.looseObject({ error: z.literal(false), credits: z.number() });
    const error = await failure(
      client.request('report', { platform: 'instagram', params: { userId: 'ada' }, schema }),
      time,
    );
    expect(upstream.calls).toHaveLength(1);
    expect(error.status).toBe(200);
    expect(error.code).toBe('unreadable_answer');
    expect(error.message).toMatch(
      /^the Discovery API answered report in a shape this version could not read \(credits: /,
    );
    expect(error.unreadableBody).toMatchObject({
      status: 200,
      problems: [expect.stringMatching(/^credits: /)],
    });
    expect(JSON.parse(error.unreadableBody?.text ?? '')).toMatchObject({ operation: 'report' });
    // The body never travels with the error's JSON or its inspection (it may quote what was sent).
    expect(JSON.stringify(error)).not.toContain('"operation":"report"');
    expect(inspect(error)).not.toContain('/instagram/profile/');
    expect(events.filter((event) => event.type === 'read')).toEqual([
      expect.objectContaining({
        operationId: 'report',
        findings: [],
        unreadable: [expect.stringMatching(/^credits/)],
      }),
    ]);
  });

  test('a readable 200 is reported as read, with what it lacked against the contract', async () => {
    const { time, client, events } = setup();
    const schema = z.looseObject({
      error: optional(z.boolean()),
      operation: wanted(z.string()),
      missing: wanted(z.number()),
    });
    const result = await time.run(client.request('userInfo', { schema }));
    expect(result.operation).toBe('userInfo');
    expect(events.filter((event) => event.type === 'read')).toEqual([
      expect.objectContaining({
        operationId: 'userInfo',
        findings: [{ kind: 'missing', path: 'missing' }],
        unreadable: null,
      }),
    ]);
  });

  test.each([200, 201])(
    "a %i carrying `error: true` is the service's error: code and message as written, one call, no answer",
    async (status) => {
      const { time, upstream, client } = setup({
        fault: () => ({
          kind: 'body',
          status,
          body: { error: true, code: 'handle_not_found', message: 'No such handle: @ghost' },
        }),
      });
      const schema = z.looseObject({ profile: z.looseObject({}) });
      const error = await failure(
        client.request('report', { platform: 'instagram', params: { userId: 'ghost' }, schema }),
        time,
      );
      expect(upstream.calls).toHaveLength(1);
      expect(error).toMatchObject({ status, code: 'handle_not_found', message: 'No such handle: @ghost' });
      expect(error.unreadableBody).toBeUndefined();
    },
  );

  test('`error: true` without a code or message still fails, with a sentence of its own', async () => {
    const { time, client } = setup({ fault: () => ({ kind: 'body', status: 200, body: { error: true } }) });
    const error = await failure(client.request('userInfo'), time);
    expect(error).toMatchObject({ status: 200, code: 'service_error' });
    expect(error.message).toBe('the Discovery API answered userInfo with an error and no message');
  });

  test('an error status with a loose error body keeps whatever code and message it has', async () => {
    const { time, client } = setup({
      client: { maxAttempts: 1 },
      fault: () => ({ kind: 'body', status: 404, body: { error: true, message: 'Gone', extra: 1 } }),
    });
    const error = await failure(client.request('userInfo'), time);
    expect(error).toMatchObject({ status: 404, code: 'http_404', message: 'Gone' });
  });
});

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

describe('cancelling', () => {
  test('a caller that aborts while queued fails with aborted and sends nothing', async () => {
    const { time, upstream, client } = setup();
    const controller = new AbortController();
    const first = client.request('aiBrands');
    const queued = client.request('aiTextSearch', { platform: 'instagram', body: {} });
    const cancelled = client.request('aiTextSearch', {
      platform: 'instagram',
      body: {},
      signal: controller.signal,
    });
    await time.advance(10);
    controller.abort();
    const error = await failure(cancelled, time);
    expect(error).toMatchObject({ status: null, code: 'aborted', attempts: 0 });
    await time.run(Promise.all([first, queued]));
    expect(upstream.calls).toHaveLength(2);
  });

  test('a caller that aborts during an attempt is not retried', async () => {
    const { time, upstream, client } = setup({ fault: () => ({ kind: 'hang' }) });
    const controller = new AbortController();
    const work = client.request('userInfo', { signal: controller.signal });
    await time.advance(1000);
    controller.abort();
    const error = await failure(work, time);
    expect(error).toMatchObject({ code: 'aborted', attempts: 1 });
    expect(upstream.calls).toHaveLength(1);
  });
});

describe('events and logs', () => {
  test('report each attempt, response, retry and the end, for counting calls', async () => {
    const { time, client, events } = setup({ fault: firstCalls(1, { kind: 'status', status: 500 }) });
    await time.run(client.request('userInfo'));
    expect(events.map((event) => event.type)).toEqual([
      'attempt',
      'response',
      'retry',
      'attempt',
      'response',
      'settled',
    ]);
    expect(events[0]).toEqual({
      type: 'attempt',
      operationId: 'userInfo',
      family: 'free',
      attempt: 1,
      method: 'GET',
      path: '/user/info',
    });
    expect(events[5]).toMatchObject({ type: 'settled', ok: true, attempts: 2, status: 200, code: null });
  });

  test('a listener that throws does not fail the request', async () => {
    const { time, client, logs } = setup({
      client: {
        onEvent: () => {
          throw new Error('metrics down');
        },
      },
    });
    await expect(time.run(client.request('userInfo'))).resolves.toMatchObject({ error: false });
    expect(logs.some((line) => line.includes('metrics down'))).toBe(true);
  });

  test('the token and request bodies never appear in errors, logs or events', async () => {
    const { time, client, events, logs } = setup({
      client: { maxAttempts: 2 },
      fault: () => ({ kind: 'network' }),
    });
    const error = await failure(
      client.request('emailSearch', { body: { emails: ['jane.doe@example.com'] }, query: { note: 'x' } }),
      time,
    );
    expect(error.code).toBe('network_error');
    expect(error.message).toMatch(/^could not reach the Discovery API for emailSearch: fetch failed/);
    const printed = [
      error.message,
      error.stack,
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
      JSON.stringify(events),
      ...logs,
    ].join('\n');
    expect(printed).not.toContain(TOKEN);
    expect(printed).not.toContain('jane.doe@example.com');
    expect(logs.length).toBeGreaterThan(0);
  });
});

describe('with the global fetch over loopback', () => {
  test('the defaults (global fetch, real clock and timers) send, read and fail as with the fakes', async () => {
    const { createServer } = await import('node:http');
    const seen: { url?: string; authorization?: string } = {};
    const server = createServer((req, res) => {
      seen.url = req.url;
      seen.authorization = req.headers.authorization;
      const ok = req.url === '/v1/user/info';
      res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          ok ? { error: false, credits: 5 } : { error: true, code: 'not_found', message: 'No such path' },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const client = createUpstreamClient({ baseUrl: `http://127.0.0.1:${address.port}/v1/`, token: TOKEN });
      await expect(client.request('userInfo')).resolves.toEqual({ error: false, credits: 5 });
      expect(seen).toEqual({ url: '/v1/user/info', authorization: `Bearer ${TOKEN}` });
      await expect(client.request('aiBrands')).rejects.toMatchObject({
        status: 404,
        code: 'not_found',
        attempts: 1,
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('a refused connection is a network_error', async () => {
    const { createServer } = await import('node:http');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (address === null || typeof address === 'string') throw new Error('no port');
    const client = createUpstreamClient({
      baseUrl: `http://127.0.0.1:${address.port}/v1`,
      token: TOKEN,
      maxAttempts: 1,
    });
    await expect(client.request('userInfo')).rejects.toMatchObject({
      status: null,
      code: 'network_error',
      attempts: 1,
    });
  });
});

describe('the paid-call journal hook', () => {
  const recorderLog = () => {
    const log: string[] = [];
    let kept: { status: number; text: string } | null = null;
    let refusal: Error | null = null;
    return {
      log,
      keep: (answer: { status: number; text: string }) => (kept = answer),
      /** From now on the journal could not record an answer (its store is down). */
      refuse: (error: Error) => (refusal = error),
      recorder: {
        begin: async (material: string) => {
          log.push(`begin ${material}`);
          return kept;
        },
        beforeSend: async () => {
          if (refusal !== null) throw refusal;
        },
        answered: async (status: number, text: string) => {
          log.push(`answered ${status} ${text.length}`);
        },
        failed: async () => {
          log.push('failed');
        },
      },
    };
  };

  test('names a paid call before sending it and writes its answer as it arrives', async () => {
    const journal = recorderLog();
    const { time, upstream, client } = setup({ client: { paidCall: () => journal.recorder } });
    await time.run(client.request('report', { platform: 'instagram', params: { userId: 'ada' } }));
    expect(upstream.calls).toHaveLength(1);
    expect(journal.log).toEqual([
      'begin report GET /instagram/profile/ada/report ',
      expect.stringMatching(/^answered 200 \d+$/),
    ]);
  });

  test('a kept answer of the very same call stands in for sending it: no call, no new charge', async () => {
    const journal = recorderLog();
    journal.keep({ status: 200, text: '{"error":false,"kept":true}' });
    const { time, upstream, client } = setup({ client: { paidCall: () => journal.recorder } });
    const answer = await time.run(
      client.request('report', { platform: 'instagram', params: { userId: 'ada' } }),
    );
    expect(answer).toEqual({ error: false, kept: true });
    expect(upstream.calls).toHaveLength(0);
    expect(journal.log).toEqual(['begin report GET /instagram/profile/ada/report ']);
  });

  test('a paid call that fails for good is not billed: the journal lets it go', async () => {
    const journal = recorderLog();
    const { time, client } = setup({
      client: { paidCall: () => journal.recorder, maxAttempts: 2 },
      fault: () => ({ kind: 'status', status: 500 }),
    });
    await failure(client.request('report', { platform: 'instagram', params: { userId: 'ada' } }), time);
    expect(journal.log).toEqual(['begin report GET /instagram/profile/ada/report ', 'failed']);
  });

  test('an attempt whose answer could not be recorded is not sent: nothing is bought', async () => {
    const journal = recorderLog();
    const { time, upstream, client } = setup({ client: { paidCall: () => journal.recorder } });
    const down = new Error('the store is down');
    journal.refuse(down);
    await expect(
      time.run(client.request('report', { platform: 'instagram', params: { userId: 'ada' } })),
    ).rejects.toBe(down);
    expect(upstream.calls).toHaveLength(0);
    expect(journal.log).toEqual(['begin report GET /instagram/profile/ada/report ', 'failed']);
  });

  test('free operations are not journaled', async () => {
    const journal = recorderLog();
    const { time, client } = setup({ client: { paidCall: () => journal.recorder } });
    await time.run(client.request('userInfo'));
    expect(journal.log).toEqual([]);
  });
});
