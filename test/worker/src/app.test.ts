import request from 'supertest';
import { createApp } from '../../../worker/src/app';
import { createIdTokenVerifier } from '../../../worker/src/identity/id-token-verifier';
import {
  TEST_CLIENT_ID,
  makeSigningKey,
  mintIdToken,
  startCertServer,
  validClaims,
  type CertServer,
  type SigningKey,
} from '../../../worker/playground/fake-google';
import { auth, DEV_KEY, SANDBOX_TOKEN, startWorkerWorld, type WorkerWorld } from './worker-fixture';

/** The app as a whole: who may call, how errors read, request ids, the mounted sandbox. */

let world: WorkerWorld;
let certs: CertServer;
let google: SigningKey;
const idToken = (email: string) => mintIdToken(google, validClaims({ email, hd: email.split('@')[1] }));

beforeAll(async () => {
  google = makeSigningKey('kid-app');
  certs = await startCertServer([google]);
  world = await startWorkerWorld({
    env: {
      GOOGLE_CLIENT_IDS: TEST_CLIENT_ID,
      ALLOWED_DOMAINS: 'team.com',
      ADMIN_EMAILS: 'boss@team.com',
    },
    verifier: createIdTokenVerifier({ clientIds: [TEST_CLIENT_ID], certsUrl: certs.url }),
  });
});
afterAll(async () => {
  await world.close();
  await certs.close();
});

describe('who may call', () => {
  const routes: [string, string][] = [
    ['get', '/api/account'],
    ['get', '/api/health'],
    ['post', '/api/reports'],
    ['post', '/api/email-search'],
    ['get', '/api/account/usage'],
    ['get', '/api/keys'],
  ];

  it.each(routes)('%s %s answers 401 without a credential', async (method, path) => {
    const res = await (method === 'get'
      ? request(world.app).get(path)
      : request(world.app).post(path).send({}));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('answers 401 to a credential that is none of ours', async () => {
    const res = await request(world.app).get('/api/account').set(auth('csk_not-a-real-key'));
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/worker key is unknown or revoked/);
  });

  it('takes the development key in sandbox mode', async () => {
    const res = await request(world.app).get('/api/account').set(auth(DEV_KEY));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'dev@localhost', role: 'admin' });
  });

  it('takes a Google ID token of an allowed domain, and trades it for a worker key that works too', async () => {
    const token = idToken('ana@team.com');
    const direct = await request(world.app).get('/api/account').set(auth(token));
    expect(direct.status).toBe(200);
    expect(direct.body).toMatchObject({ email: 'ana@team.com', role: 'member' });
    expect(direct.body.team).toBeUndefined();

    const issued = await request(world.app).post('/api/keys').set(auth(token));
    expect(issued.status).toBe(201);
    const withKey = await request(world.app).get('/api/account').set(auth(issued.body.key));
    expect(withKey.status).toBe(200);
    expect(withKey.body.email).toBe('ana@team.com');
  });

  it('answers 403 to a verified address outside the allow-list', async () => {
    const res = await request(world.app)
      .post('/api/reports')
      .set(auth(idToken('eve@elsewhere.com')))
      .send({ handles: [] });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'forbidden',
      message: 'eve@elsewhere.com may not use this worker: ask an admin to add the address or its domain',
    });
    expect(world.logs()).toContain('request refused');
    expect(world.logs()).not.toContain('eve@elsewhere.com');
  });

  it("shows admins the team's spend", async () => {
    const res = await request(world.app)
      .get('/api/account')
      .set(auth(idToken('boss@team.com')));
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    expect(res.body.team).toEqual({ today: expect.any(Object), month: expect.any(Object) });
  });
});

describe('usage and budgets', () => {
  it('mounts the usage and budget routes: an admin sets a budget and it holds at once', async () => {
    const set = await request(world.app).put('/api/budgets').set(auth()).send({ scope: 'team', day: 0.5 });
    expect(set.status).toBe(200);
    try {
      const refused = await request(world.app)
        .post('/api/reports')
        .set(auth())
        .send({ handles: world.handles(1, 'instagram', 900), platform: 'instagram' });
      expect(refused.status).toBe(402);
      const usage = await request(world.app).get('/api/account/usage').set(auth());
      expect(usage.status).toBe(200);
      expect(usage.body.budgets.team.day.limit).toBe(0.5);
    } finally {
      await request(world.app).put('/api/budgets').set(auth()).send({ scope: 'team', day: 'default' });
    }
  });
});

describe('answers and errors', () => {
  it('describes itself at /', async () => {
    const res = await request(world.app).get('/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Creator Sheets worker', mode: 'sandbox', api: '/api' });
    // Answers are made per request; hashing each for an ETag nobody sends back only costs time.
    expect(res.headers.etag).toBeUndefined();
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await request(world.app).get('/api/nothing-here').set(auth());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No route GET /api/nothing-here' } });
  });

  it('answers a body that is not JSON with a readable 400', async () => {
    const res = await request(world.app)
      .post('/api/reports')
      .set(auth())
      .set('Content-Type', 'application/json')
      .send('{"handles": [');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid JSON' },
    });
  });

  it('echoes a request id it is given and makes one up otherwise', async () => {
    const given = await request(world.app).get('/').set('x-request-id', 'sheet-42.a');
    expect(given.headers['x-request-id']).toBe('sheet-42.a');
    const made = await request(world.app).get('/').set('x-request-id', 'not ok <script>');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves a mounted sandbox before its own JSON parser, so the sandbox reads its own bodies', async () => {
    const app = createApp({ ...world.deps, sandbox: world.sandbox });
    const res = await request(app)
      .post('/sandbox/v1/email-search')
      .set(auth(SANDBOX_TOKEN))
      .send({ emails: ['nobody@nowhere.org'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: false, notMatchedEmails: ['nobody@nowhere.org'] });
    const health = await request(app).get('/sandbox/v1/health');
    // The vendor's health shape (issue 27): what the real service answers.
    expect(health.body).toEqual({ status: 'ok' });
  });
});

describe('upstream failures', () => {
  let failing: WorkerWorld;
  beforeAll(async () => {
    failing = await startWorkerWorld({ env: { UPSTREAM_TIMEOUT_MS: '150', UPSTREAM_MAX_ATTEMPTS: '2' } });
  });
  afterAll(async () => {
    await failing.close();
  });
  afterEach(async () => {
    await failing.sandboxAdmin('PUT', '/faults', { serverErrorShare: 0, timeoutShare: 0, burst429Share: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
  });

  it('answers 502 when the API keeps failing', async () => {
    await failing.sandboxAdmin('PUT', '/faults', { serverErrorShare: 1 });
    const res = await request(failing.app).get('/api/account').set(auth());
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('upstream_failed');
    expect(res.body.error.message).toMatch(/^The Discovery API failed: .*gave up after 2 attempts/);
    expect(JSON.stringify(res.body)).not.toContain(SANDBOX_TOKEN);
  });

  it('answers 504 when the API does not answer in time', async () => {
    await failing.sandboxAdmin('PUT', '/faults', { timeoutShare: 1, timeoutMs: 5000 });
    const res = await request(failing.app).get('/api/account').set(auth());
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe('upstream_timeout');
  });

  it('answers 429 with Retry-After when the API rate limits beyond what the client waits', async () => {
    await failing.sandboxAdmin('PUT', '/faults', { burst429Share: 1, burst429Ms: 60_000 });
    const res = await request(failing.app).get('/api/account').set(auth());
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await failing.sandboxAdmin('PUT', '/faults', { burst429Share: 0, burst429Ms: 1 });
  });

  it('answers a report request whose every fetch failed with the failure, not empty rows', async () => {
    await failing.sandboxAdmin('PUT', '/faults', { serverErrorShare: 1 });
    const res = await request(failing.app)
      .post('/api/reports')
      .set(auth())
      .send({ handles: failing.handles(2), platform: 'instagram' });
    expect(res.status).toBe(502);
    expect((await failing.stats()).credits).toBe(0);
  });
});
