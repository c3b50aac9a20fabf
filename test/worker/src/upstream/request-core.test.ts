import { z } from 'zod';
import { createUpstreamClient } from '../../../../worker/src/upstream/request-core';
import { FakeTime } from './fake-time';
import { BASE_URL, FakeUpstream, TOKEN } from './fake-upstream';
import { setup, failure } from './upstream-client-fixture';

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
