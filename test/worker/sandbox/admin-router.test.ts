import request from 'supertest';
import { TOKENS, bearer, fakeSandbox } from './fake-sandbox';

describe('/_sandbox routes', () => {
  it('need a sandbox bearer token unless the sandbox was built with adminOpen', async () => {
    const closed = fakeSandbox({ adminOpen: false });
    const refused = await request(closed.app).get('/_sandbox/stats');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('api_token_invalid');
    expect((await request(closed.app).get('/_sandbox/stats').set(bearer('nope'))).status).toBe(401);
    expect((await request(closed.app).get('/_sandbox/stats').set(bearer(TOKENS.noRaw))).status).toBe(200);
    const open = fakeSandbox({ adminOpen: true });
    expect((await request(open.app).get('/_sandbox/stats')).status).toBe(200);
  });

  it('are not reachable under the versioned base', async () => {
    const { app } = fakeSandbox();
    const res = await request(app).get('/v1/_sandbox/stats').set(bearer(TOKENS.main));
    expect(res.status).toBe(404);
  });

  it('set an account for a test, which the API then sees', async () => {
    const { app } = fakeSandbox();
    const put = await request(app)
      .put('/_sandbox/accounts/fresh')
      .send({ credits: 0.5, rawRequests: 3, rawAccess: true });
    expect(put.body.account).toEqual({ token: 'fresh', credits: 0.5, rawRequests: 3, rawAccess: true });
    const info = await request(app).get('/v1/user/info').set(bearer('fresh'));
    expect(info.body.billing).toEqual({ credits: 0.5, rawRequests: 3 });
    await request(app).put(`/_sandbox/accounts/${TOKENS.main}`).send({ rawAccess: false });
    const raw = await request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.main));
    expect(raw.body.code).toBe('raw_access_denied');
    const accounts = await request(app).get('/_sandbox/accounts');
    expect(accounts.body.accounts.map((a: { token: string }) => a.token)).toContain('fresh');
  });

  it('refuse invalid account changes with the field and the problem', async () => {
    const { app } = fakeSandbox();
    const res = await request(app).put('/_sandbox/accounts/x').send({ credits: -1, extra: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('credits must be at least 0');
    expect(res.body.message).toContain('unknown field extra');
    const malformed = await request(app)
      .put('/_sandbox/accounts/x')
      .set('Content-Type', 'application/json')
      .send('{');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/not valid JSON/);
  });

  it('change rate limits at run time', async () => {
    const { app } = fakeSandbox();
    const put = await request(app).put('/_sandbox/rate-limits').send({ discovery: 1 });
    expect(put.body.rateLimits).toEqual({ ai: 1, discovery: 1, dictionaryFast: 10 });
    const send = () => request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send({ take: 1 });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
    await request(app).put('/_sandbox/rate-limits').send({ discovery: null });
    expect((await send()).status).toBe(200);
    expect((await request(app).get('/_sandbox/rate-limits')).body.rateLimits.discovery).toBeNull();
  });

  it('reset health and answer unknown routes with JSON', async () => {
    const { app, state } = fakeSandbox();
    state.health.record(['search'], 500, 1);
    expect(state.health.snapshot().status).toBe('Unhealthy');
    await request(app).post('/_sandbox/reset-health');
    expect(state.health.snapshot().status).toBe('Healthy');
    const unknown = await request(app).get('/_sandbox/nothing');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found']);
  });
});
