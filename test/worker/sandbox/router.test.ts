import request from 'supertest';
import { accountInfoResponseSchema } from '../../../shared/responses/account';
import { errorBodySchema } from '../../../shared/responses/errors';
import { healthResponseSchema } from '../../../shared/responses/health';
import { SandboxError } from '../../../worker/sandbox/sandbox-error';
import { FakeClock, HANDLERS, TOKENS, bearer, fakeSandbox } from './fake-sandbox';

const search = (take: number) => ({ take });

describe('authentication', () => {
  it('answers 401 api_token_invalid without a token, on a Discovery route and on a raw route', async () => {
    const { app } = fakeSandbox();
    const discovery = await request(app).post('/v1/instagram/search').send(search(1));
    const raw = await request(app).get('/v1/raw/ig/user-info?url=@creator1');
    for (const res of [discovery, raw]) {
      expect(res.status).toBe(401);
      expect(errorBodySchema.parse(res.body)).toMatchObject({ error: true, code: 'api_token_invalid' });
      expect(res.body.message).toMatch(/Authorization: Bearer/);
    }
  });

  it('answers 401 for an unknown token and for a non-Bearer scheme', async () => {
    const { app } = fakeSandbox();
    const wrong = await request(app).post('/v1/instagram/search').set(bearer('nope')).send(search(1));
    const basic = await request(app)
      .get('/v1/raw/ig/user-info?url=@creator1')
      .set('Authorization', `Basic ${TOKENS.main}`);
    expect([wrong.status, wrong.body.code]).toEqual([401, 'api_token_invalid']);
    expect([basic.status, basic.body.code]).toEqual([401, 'api_token_invalid']);
  });

  it('serves /health without a token, as the vendor shows it', async () => {
    const { app } = fakeSandbox();
    const res = await request(app).get('/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('accepts access_token in the query or body like the service, and counts it as token in URL', async () => {
    const { app } = fakeSandbox();
    const viaQuery = await request(app).get(`/v1/raw/ig/user-info?url=@creator1&access_token=${TOKENS.main}`);
    const viaBody = await request(app)
      .post('/v1/instagram/search')
      .send({ ...search(1), access_token: TOKENS.main });
    expect(viaQuery.status).toBe(200);
    expect(viaBody.status).toBe(200);
    const stats = await request(app).get('/_sandbox/stats');
    expect(stats.body.tokenInUrl).toBe(2);
  });

  it('counts no token in URL when the worker-style header is used', async () => {
    const { app } = fakeSandbox();
    await request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send(search(1));
    expect((await request(app).get('/_sandbox/stats')).body.tokenInUrl).toBe(0);
  });
});

describe('raw access and allowance', () => {
  it('answers 403 raw_access_denied to an account without raw access', async () => {
    const { app } = fakeSandbox();
    const res = await request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.noRaw));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: true, code: 'raw_access_denied' });
  });

  it('uses one unit per success and per 404, none for other failures', async () => {
    const { app, state } = fakeSandbox();
    const before = state.accounts.get(TOKENS.main)?.rawRequests ?? 0;
    const ok = await request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.main));
    const missing = await request(app).get('/v1/raw/ig/user-info?url=@nobody').set(bearer(TOKENS.main));
    expect([ok.status, missing.status]).toEqual([200, 404]);
    expect(missing.body.code).toBe('handle_not_found');
    expect(state.accounts.get(TOKENS.main)?.rawRequests).toBe(before - 2);

    state.register('rawIgUserInfo', () => {
      throw new SandboxError('internal_server_error', 'down');
    });
    const failed = await request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.main));
    expect(failed.status).toBe(500);
    expect(state.accounts.get(TOKENS.main)?.rawRequests).toBe(before - 2);
    expect((await request(app).get('/_sandbox/stats')).body.rawUnits).toBe(2);
  });

  it('refuses raw calls with raw_requests_exhausted once the allowance is at zero', async () => {
    const { app, state } = fakeSandbox();
    const last = await request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.lastRaw));
    const refused = await request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.lastRaw));
    expect(last.status).toBe(200);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('raw_requests_exhausted');
    expect(state.accounts.get(TOKENS.lastRaw)?.rawRequests).toBe(0);
  });

  it('does not spend credits on raw calls', async () => {
    const { app, state } = fakeSandbox();
    await request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.main));
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(1000);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After at the limit and lets requests through once the window moves', async () => {
    const clock = new FakeClock();
    const { app } = fakeSandbox({ clock });
    const send = () => request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send(search(1));
    expect((await send()).status).toBe(200);
    clock.advance(400);
    expect((await send()).status).toBe(200);
    clock.advance(100);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    // The first request leaves the window 500 ms from now: rounded up to whole seconds.
    expect(limited.headers['retry-after']).toBe('1');
    clock.advance(499);
    expect((await send()).status).toBe(429);
    clock.advance(1);
    expect((await send()).status).toBe(200);
  });

  it('does not let refused requests push the window back or cost anything', async () => {
    const clock = new FakeClock();
    const { app, state } = fakeSandbox({ clock });
    const send = () => request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send(search(2));
    await send();
    await send();
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(429);
    clock.advance(1000);
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(1000 - 4 * 0.02);
    const stats = (await request(app).get('/_sandbox/stats')).body;
    expect(stats.rejected.rate_limited).toBe(5);
  });

  it('limits per token and per family', async () => {
    const { app } = fakeSandbox({ rates: { ai: 1, discovery: 1, dictionaryFast: 10 } });
    const post = (token: string) =>
      request(app).post('/v1/instagram/search').set(bearer(token)).send(search(1));
    expect((await post(TOKENS.main)).status).toBe(200);
    expect((await post(TOKENS.main)).status).toBe(429);
    expect((await post(TOKENS.noRaw)).status).toBe(200);
    const ai = await request(app).post('/v1/ai/instagram/text-search').set(bearer(TOKENS.main)).send({});
    expect(ai.status).toBe(200);
  });

  it('takes a tighter limit from the configuration', async () => {
    const { app } = fakeSandbox({ rates: { ai: 1, discovery: 2, dictionaryFast: 3 } });
    const get = () => request(app).get('/v1/tiktok/topics').set(bearer(TOKENS.main));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('never limits free operations', async () => {
    const { app } = fakeSandbox({ rates: { ai: 1, discovery: 1, dictionaryFast: 1 } });
    for (let i = 0; i < 5; i++) {
      expect((await request(app).get('/v1/user/info').set(bearer(TOKENS.main))).status).toBe(200);
    }
  });
});

describe('credits', () => {
  it('charges the actual cost of the answer', async () => {
    const { app, state } = fakeSandbox();
    const res = await request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send(search(7));
    expect(res.status).toBe(200);
    expect(res.body.directs).toHaveLength(7);
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(999.93);
  });

  it('keeps the balance exact over many small charges', async () => {
    const { app, state } = fakeSandbox({ rates: { ai: null, discovery: null, dictionaryFast: null } });
    for (let i = 0; i < 30; i++) {
      await request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send(search(1));
    }
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(999.7);
  });

  it('charges nothing for a failed request', async () => {
    const { app, state } = fakeSandbox();
    const missing = await request(app).get('/v1/instagram/profile/nobody/report').set(bearer(TOKENS.main));
    const invalid = await request(app)
      .post('/v1/instagram/search')
      .set(bearer(TOKENS.main))
      .send({ take: 99 });
    expect(missing.status).toBe(404);
    expect(invalid.status).toBe(400);
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(1000);
  });

  it('answers not_enough_credits and charges nothing when the answer would exceed the balance', async () => {
    const { app, state } = fakeSandbox();
    const res = await request(app).post('/v1/instagram/search').set(bearer(TOKENS.poor)).send(search(6));
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      error: true,
      code: 'not_enough_credits',
      message: 'Not enough credits: this request costs 0.06 credits and the account holds 0.05',
    });
    expect(res.body.directs).toBeUndefined();
    expect(state.accounts.get(TOKENS.poor)?.credits).toBe(0.05);
    const ok = await request(app).post('/v1/instagram/search').set(bearer(TOKENS.poor)).send(search(5));
    expect(ok.status).toBe(200);
    expect(state.accounts.get(TOKENS.poor)?.credits).toBe(0);
  });

  it('refuses e-mail search up front when the balance is below 0.02 per submitted address', async () => {
    const { app, state } = fakeSandbox();
    const emails = ['creator1@example.com', 'x@example.com', 'y@example.com'];
    const res = await request(app).post('/v1/email-search').set(bearer(TOKENS.poor)).send({ emails });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('not_enough_credits');
    expect(res.body.message).toContain('needs at least 0.06');
    expect(state.accounts.get(TOKENS.poor)?.credits).toBe(0.05);

    const two = await request(app)
      .post('/v1/email-search')
      .set(bearer(TOKENS.poor))
      .send({ emails: emails.slice(0, 2) });
    expect(two.status).toBe(200);
    expect(two.body.totalMatches).toBe(1);
    expect(state.accounts.get(TOKENS.poor)?.credits).toBe(0.03);
  });

  it('never records submitted e-mail addresses in the stats', async () => {
    const { app } = fakeSandbox();
    await request(app)
      .post('/v1/email-search')
      .set(bearer(TOKENS.main))
      .send({ emails: ['creator1@example.com', 'secret@example.com'] });
    const stats = await request(app).get('/_sandbox/stats');
    expect(JSON.stringify(stats.body)).not.toContain('@example.com');
    expect(stats.body.operations.emailSearch.credits).toBe(0.02);
  });

  it('turns a handler crash into a 500 that costs nothing', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { app, state } = fakeSandbox();
    const res = await request(app).get('/v1/instagram/profile/boom/report').set(bearer(TOKENS.main));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: true,
      code: 'internal_server_error',
      message: 'Internal server error',
    });
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(1000);
    spy.mockRestore();
  });
});

describe('routing', () => {
  it('marks deprecated operations with a Deprecation header, others without', async () => {
    const { app } = fakeSandbox();
    const old = await request(app).post('/v1/ai/text-search').set(bearer(TOKENS.main)).send({});
    const current = await request(app).post('/v1/ai/instagram/text-search').set(bearer(TOKENS.main)).send({});
    expect(old.status).toBe(200);
    expect(old.headers.deprecation).toBe('true');
    expect(current.headers.deprecation).toBeUndefined();
  });

  it('answers a malformed JSON body with a readable 400 bad_request, not an HTML page', async () => {
    const { app } = fakeSandbox();
    const res = await request(app)
      .post('/v1/instagram/search')
      .set(bearer(TOKENS.main))
      .set('Content-Type', 'application/json')
      .send('{"take": 1,');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.code).toBe('bad_request');
    expect(res.body.message).toMatch(/^The request body is not valid JSON: /);
    const stats = (await request(app).get('/_sandbox/stats')).body;
    expect(stats.operations.search.byStatus).toEqual({ '400': 1 });
  });

  it('answers validation failures with the field and the problem', async () => {
    const { app } = fakeSandbox();
    const res = await request(app).post('/v1/email-search').set(bearer(TOKENS.main)).send({ emails: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('emails must hold at least 1 item, got 0');
  });

  it('refuses an operation on a platform it does not exist for', async () => {
    const { app } = fakeSandbox();
    const res = await request(app)
      .post('/v1/tiktok/reports/audience/overlap')
      .set(bearer(TOKENS.main))
      .send({});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(res.body.message).toBe(
      'POST /v1/tiktok/reports/audience/overlap: this operation does not exist for tiktok, only for instagram, youtube',
    );
    const ok = await request(app)
      .post('/v1/youtube/reports/audience/overlap')
      .set(bearer(TOKENS.main))
      .send({});
    expect(ok.status).toBe(200);
  });

  it('refuses an unknown platform', async () => {
    const { app } = fakeSandbox();
    const res = await request(app).post('/v1/myspace/search').set(bearer(TOKENS.main)).send(search(1));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(
      'POST /v1/myspace/search: "myspace" is not a platform; use one of instagram, tiktok, youtube',
    );
  });

  it('answers unknown paths with JSON 404 and wrong methods with 405 and Allow', async () => {
    const { app } = fakeSandbox();
    const unknown = await request(app).get('/v1/nothing/here').set(bearer(TOKENS.main));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: true, code: 'not_found' });
    const wrongMethod = await request(app).get('/v1/instagram/search').set(bearer(TOKENS.main));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    const outside = await request(app).get('/v2/health');
    expect(outside.status).toBe(404);
    expect(outside.body.code).toBe('not_found');
  });

  it('routes a literal path before a parameterised one it also matches', async () => {
    const { app, state } = fakeSandbox();
    state.register('aiHashtags', () => ({ body: { error: false, from: 'ai' } }));
    const res = await request(app).get('/v1/ai/hashtags').set(bearer(TOKENS.main));
    expect(res.body.from).toBe('ai');
  });

  it('answers 501 not_implemented for operations without a handler', async () => {
    const { app, state } = fakeSandbox();
    const res = await request(app).post('/v1/collaborations/posts').set(bearer(TOKENS.main)).send({});
    expect(res.status).toBe(501);
    expect(res.body).toEqual({
      error: true,
      code: 'not_implemented',
      message: 'POST /v1/collaborations/posts is not implemented in the sandbox yet',
    });
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(1000);
  });

  it('gives handlers the platform, decoded path parameters, query and body without access_token', async () => {
    const seen: unknown[] = [];
    const { app } = fakeSandbox({
      handlers: {
        report: (context) => {
          seen.push([context.platform, context.params, context.query]);
          return { body: { error: false } };
        },
        search: (context) => {
          seen.push(context.body);
          return { body: { error: false } };
        },
      },
    });
    await request(app)
      .get('/v1/tiktok/profile/%40some%20one/report?calculationMethod=average')
      .set(bearer(TOKENS.main));
    await request(app).post('/v1/youtube/search').send({ page: 1, access_token: TOKENS.main });
    expect(seen).toEqual([
      ['tiktok', { userId: '@some one' }, { calculationMethod: 'average' }],
      { page: 1 },
    ]);
  });

  it('takes a JSON body the size of a 5 MB base64 image', async () => {
    const { app, state } = fakeSandbox();
    let length = 0;
    state.register('aiImageSearch', ({ body }) => {
      length = String((body as { base64Image: string }).base64Image).length;
      return { body: { error: false, total: 0, profiles: [] } };
    });
    const base64Image = 'A'.repeat(5 * 1024 * 1024);
    const res = await request(app)
      .post('/v1/ai/instagram/image-search')
      .set(bearer(TOKENS.main))
      .send({ imageType: 'image/png', base64Image });
    expect(res.status).toBe(200);
    expect(length).toBe(base64Image.length);
  });
});

describe('user info and health', () => {
  it('reports the balance, the raw allowance and the rate limits in the shape clients parse', async () => {
    const { app } = fakeSandbox();
    await request(app).post('/v1/instagram/search').set(bearer(TOKENS.poor)).send(search(2));
    const res = await request(app).get('/v1/user/info').set(bearer(TOKENS.poor));
    expect(accountInfoResponseSchema.parse(res.body)).toEqual({
      error: false,
      billing: { credits: 0.03, rawRequests: 10_000 },
      rateLimits: { discoveryRatelimit: 2, rawRatelimit: 10 },
    });
  });

  it('judges health per group and per platform, leaves raw out, and reports the worst group', async () => {
    const clock = new FakeClock();
    const { app } = fakeSandbox({
      clock,
      // The odd shapes answer health with every group, as this product first chose it.
      faults: { shapes: 'odd' },
      rates: { ai: null, discovery: null, dictionaryFast: null },
      handlers: {
        ...HANDLERS,
        report: () => {
          throw new SandboxError('internal_server_error', 'down');
        },
        rawIgUserInfo: () => {
          throw new SandboxError('internal_server_error', 'down');
        },
      },
    });
    for (let i = 0; i < 5; i++) {
      await request(app).get('/v1/raw/ig/user-info?url=@x').set(bearer(TOKENS.main));
    }
    expect((await request(app).get('/v1/health')).body.status).toBe('Healthy');

    // tiktok: 3 good searches, 2 failed reports. reports: 2 of 2 failed; search: 0 of 3.
    for (let i = 0; i < 3; i++)
      await request(app).post('/v1/tiktok/search').set(bearer(TOKENS.main)).send(search(1));
    for (let i = 0; i < 2; i++)
      await request(app).get('/v1/tiktok/profile/1/report').set(bearer(TOKENS.main));
    const health = healthResponseSchema.parse((await request(app).get('/v1/health')).body);
    expect(health.status).toBe('Unhealthy');
    expect(health.groups).toMatchObject({
      search: 'Healthy',
      reports: 'Unhealthy',
      tiktok: 'Degraded',
      instagram: 'Healthy',
      'email-search': 'Healthy',
    });

    clock.advance(5 * 60 * 1000 + 1);
    expect((await request(app).get('/v1/health')).body.status).toBe('Healthy');
  });

  it('counts a response slower than 20 s as a failure', async () => {
    const clock = new FakeClock();
    const { app } = fakeSandbox({
      clock,
      faults: { shapes: 'odd' },
      handlers: {
        report: () => {
          clock.advance(20_001);
          return { body: { error: false }, credits: 1 };
        },
      },
    });
    await request(app).get('/v1/youtube/profile/1/report').set(bearer(TOKENS.main));
    const health = (await request(app).get('/v1/health')).body;
    expect(health.groups.reports).toBe('Unhealthy');
    expect(health.groups.youtube).toBe('Unhealthy');
  });
});

describe('stats', () => {
  it('counts calls per operation and status, credits, raw units and rejections by reason', async () => {
    const { app } = fakeSandbox({ rates: { ai: 1, discovery: 1, dictionaryFast: 10 } });
    await request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send(search(3));
    await request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send(search(3));
    await request(app).post('/v1/instagram/search').send(search(3));
    await request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.main));
    await request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.noRaw));
    await request(app).post('/v1/email-search').set(bearer(TOKENS.noRaw)).send({ emails: 'x' });
    const stats = (await request(app).get('/_sandbox/stats')).body;
    expect(stats.operations.search).toEqual({
      calls: 3,
      byStatus: { '200': 1, '429': 1, '401': 1 },
      credits: 0.03,
      rawUnits: 0,
      billed: 1,
    });
    expect(stats.operations.rawIgUserInfo).toEqual({
      calls: 2,
      byStatus: { '200': 1, '403': 1 },
      credits: 0,
      rawUnits: 1,
      billed: 1,
    });
    expect(stats.credits).toBe(0.03);
    expect(stats.rawUnits).toBe(1);
    expect(stats.rejected).toMatchObject({
      auth: 1,
      rate_limited: 1,
      raw_access_denied: 1,
      bad_request: 1,
      not_enough_credits: 0,
      fault: 0,
    });

    expect(stats.faultyAnswers).toEqual({ malformed: 0, unreadable: 0 });

    await request(app).post('/_sandbox/reset-stats');
    const reset = (await request(app).get('/_sandbox/stats')).body;
    expect(reset.calls).toBe(0);
    expect(reset.rejected.auth).toBe(0);
  });
});

describe('stats in thousandths', () => {
  it('sums charged credits per operation and in total to the exact thousandth', async () => {
    const { app } = fakeSandbox({ rates: { ai: null, discovery: null, dictionaryFast: null } });
    for (let i = 0; i < 7; i++) {
      await request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send(search(3));
    }
    await request(app).get('/v1/instagram/profile/1000/report').set(bearer(TOKENS.main));
    await request(app)
      .post('/v1/email-search')
      .set(bearer(TOKENS.main))
      .send({ emails: ['creator1@example.com', 'creator2@example.com'] });
    const stats = (await request(app).get('/_sandbox/stats')).body;
    expect(stats.operations.search).toMatchObject({ credits: 0.21, billed: 7 });
    expect(stats.operations.report).toMatchObject({ credits: 1, billed: 1 });
    expect(stats.operations.emailSearch).toMatchObject({ credits: 0.04, billed: 1 });
    expect(stats.credits).toBe(1.25);
  });
});

describe('handler contract', () => {
  it('treats an error status returned as a success as a handler bug, and bills nothing', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { app, state } = fakeSandbox({
      handlers: { report: () => ({ body: { error: true }, credits: 1, status: 404 }) },
    });
    const res = await request(app).get('/v1/instagram/profile/1/report').set(bearer(TOKENS.main));
    expect(res.status).toBe(500);
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(1000);
    spy.mockRestore();
  });

  it('does not count not-found answers as rejections', async () => {
    const { app, state } = fakeSandbox();
    await request(app).get('/v1/instagram/profile/nobody/report').set(bearer(TOKENS.main));
    const { rejected } = state.stats.snapshot();
    expect(Object.values(rejected).every((n) => n === 0)).toBe(true);
  });

  it('never lets two concurrent requests spend the same credits', async () => {
    const { app, state } = fakeSandbox({
      rates: { ai: null, discovery: null, dictionaryFast: null },
      handlers: {
        search: async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { body: { error: false, directs: [] }, credits: 0.03 };
        },
      },
    });
    const send = () => request(app).post('/v1/instagram/search').set(bearer(TOKENS.poor)).send({});
    const statuses = (await Promise.all([send(), send(), send()])).map((res) => res.status).sort();
    expect(statuses).toEqual([200, 402, 402]);
    expect(state.accounts.get(TOKENS.poor)?.credits).toBe(0.02);
  });
});
