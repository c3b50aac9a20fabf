import request from 'supertest';
import { DEV_IDENTITY } from '../../../../worker/src/identity/identity';
import { keyPolicyOf } from '../../../../worker/src/store/rows/worker-key-rules';
import { DAY_MS, ManualClock } from '../store/store-fixtures';
import { DEV_KEY, startAuthWorld, type AuthWorld } from './auth-fixture';
import { mintIdToken, validClaims } from '../../../../worker/playground/fake-google';

describe('authenticate middleware', () => {
  let world: AuthWorld;
  let consoleOutput: string[];

  beforeAll(async () => (world = await startAuthWorld()));
  afterAll(() => world.close());
  beforeEach(() => {
    world.logs.length = 0;
    consoleOutput = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        consoleOutput.push(args.map(String).join(' '));
      });
    }
  });
  afterEach(() => jest.restoreAllMocks());

  /** Neither the logs nor the answer may carry the credential. */
  function expectNoLeak(credential: string, body: unknown): void {
    const everything = JSON.stringify([world.logs, consoleOutput, body]);
    for (const part of credential.split('.')) expect(everything).not.toContain(part);
  }

  const whoami = (credential?: string) => {
    const req = request(world.app).get('/api/whoami');
    return credential === undefined ? req : req.set('Authorization', `Bearer ${credential}`);
  };

  it('answers 401 without a credential, saying how to send one', async () => {
    const res = await whoami();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: {
        code: 'unauthenticated',
        message: 'Sign in first: send "Authorization: Bearer <Google ID token or worker key>"',
      },
    });
    expect((await request(world.app).get('/api/whoami').set('Authorization', 'Basic abc')).status).toBe(401);
  });

  it('lets in a member with a Google ID token', async () => {
    const token = mintIdToken(world.googleKey, validClaims({ email: 'Ana@Team.com' }));
    const res = await whoami(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: 'ana@team.com', role: 'member', via: 'idToken' });
    expectNoLeak(token, res.body);
  });

  it('lets in an admin with a Google ID token', async () => {
    const res = await whoami(mintIdToken(world.googleKey, validClaims({ email: 'boss@team.com' })));
    expect(res.body).toEqual({ email: 'boss@team.com', role: 'admin', via: 'idToken' });
  });

  it('answers 401 with the reason for an invalid ID token, and logs the reason without the token', async () => {
    const token = mintIdToken(world.googleKey, validClaims({ aud: 'another-app' }));
    const res = await whoami(token);
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({
      code: 'unauthenticated',
      message: 'the ID token was issued for another application (wrong audience)',
    });
    expect(world.logs).toEqual([
      {
        message: 'request refused',
        fields: expect.objectContaining({ status: 401, via: 'idToken', path: '/api/whoami' }),
      },
    ]);
    expectNoLeak(token, res.body);
  });

  it('answers 403 to a valid identity outside the allow-list', async () => {
    const token = mintIdToken(world.googleKey, validClaims({ email: 'eve@evil.com' }));
    const res = await whoami(token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: {
        code: 'forbidden',
        message: 'eve@evil.com may not use this worker: ask an admin to add the address or its domain',
      },
    });
    expect(world.logs[0].fields).toMatchObject({ status: 403, email: 'eve@evil.com' });
    expectNoLeak(token, res.body);
  });

  it('lets in a worker key as its owner, with the current role', async () => {
    const member = await world.store.keys.issue('ana@team.com');
    const admin = await world.store.keys.issue('boss@team.com');

    const asMember = await whoami(member.key);
    const asAdmin = await whoami(admin.key);

    expect(asMember.body).toEqual({
      email: 'ana@team.com',
      role: 'member',
      via: 'workerKey',
      keyId: member.info.id,
    });
    expect(asAdmin.body).toMatchObject({ role: 'admin', via: 'workerKey' });
    expectNoLeak(member.key, asMember.body);
  });

  it('answers 401 to an unknown or revoked worker key, and 403 once its owner left the allow-list', async () => {
    const key = await world.store.keys.issue('ana@team.com');
    await world.store.keys.revoke(key.info.id);
    const revoked = await whoami(key.key);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.message).toBe(
      'the worker key is unknown or revoked: open the sidebar to get a new one',
    );
    expect((await whoami('csk_made_up')).status).toBe(401);

    const outsider = await world.store.keys.issue('former@agency.com');
    const res = await whoami(outsider.key);
    expect(res.status).toBe(403);
    expectNoLeak(key.key, revoked.body);
    expectNoLeak(outsider.key, res.body);
  });

  it('maps the sandbox development key to the dev admin', async () => {
    const res = await whoami(DEV_KEY);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEV_IDENTITY);
    expect(DEV_IDENTITY).toEqual({ email: 'dev@localhost', role: 'admin', via: 'devKey' });
  });

  it('refuses a garbage credential without leaking it', async () => {
    const res = await whoami('definitely-not-valid');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('the credential is neither a worker key nor a Google ID token');
    expectNoLeak('definitely-not-valid', res.body);
  });

  it('refuses an expired worker key with a sentence that says to connect again, and logs it', async () => {
    const clock = new ManualClock();
    const expiring = await startAuthWorld({
      clock,
      keyPolicy: keyPolicyOf({ workerKeyDays: 1, workerKeysPerUser: 10 }),
    });
    try {
      const { key } = await expiring.store.keys.issue('ana@team.com');
      const ask = () => request(expiring.app).get('/api/whoami').set('Authorization', `Bearer ${key}`);
      expect((await ask()).status).toBe(200);

      clock.advance(DAY_MS);
      const res = await ask();
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({
        code: 'unauthenticated',
        message:
          'the worker key expired on 2025-05-15: connect again (Extensions > Creator Sheets > Settings > Connect) to get a new one',
      });
      expect(expiring.logs).toEqual([
        {
          message: 'request refused',
          fields: expect.objectContaining({ status: 401, via: 'workerKey', reason: 'worker key expired' }),
        },
      ]);
      expect(JSON.stringify(expiring.logs)).not.toContain(key.slice(4));
    } finally {
      await expiring.close();
    }
  });
});
