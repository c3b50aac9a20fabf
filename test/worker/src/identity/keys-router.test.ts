import request from 'supertest';
import { startAuthWorld, DEV_KEY, type AuthWorld } from './auth-fixture';
import { mintIdToken, validClaims } from '../../../../worker/playground/fake-google';

describe('keys router', () => {
  let world: AuthWorld;
  beforeEach(async () => (world = await startAuthWorld()));
  afterEach(() => world.close());

  const idToken = (email: string) => mintIdToken(world.googleKey, validClaims({ email }));

  it('issues a key for the ID token’s own address, once, from the header or the body', async () => {
    const fromHeader = await request(world.app)
      .post('/api/keys')
      .set('Authorization', `Bearer ${idToken('ana@team.com')}`);
    const fromBody = await request(world.app)
      .post('/api/keys')
      .send({ idToken: idToken('boss@team.com') });

    expect(fromHeader.status).toBe(201);
    expect(fromHeader.headers['cache-control']).toBe('no-store');
    expect(fromHeader.body).toEqual({
      key: expect.stringMatching(/^csk_/),
      id: expect.stringMatching(/^key_/),
      email: 'ana@team.com',
      role: 'member',
      expiresAt: expect.any(Number),
    });
    expect(fromBody.body).toMatchObject({ email: 'boss@team.com', role: 'admin' });

    const whoami = await world.checker.check(fromHeader.body.key);
    expect(whoami).toMatchObject({ ok: true, identity: { email: 'ana@team.com', via: 'workerKey' } });
  });

  it('never shows a key again: listings carry ids and dates only', async () => {
    const issued = await request(world.app)
      .post('/api/keys')
      .send({ idToken: idToken('ana@team.com') });
    const list = await request(world.app).get('/api/keys').set('Authorization', `Bearer ${issued.body.key}`);

    expect(list.status).toBe(200);
    expect(list.body.keys).toEqual([
      {
        id: issued.body.id,
        email: 'ana@team.com',
        createdAt: expect.any(Number),
        lastUsedAt: expect.any(Number),
        revokedAt: null,
        expiresAt: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(issued.body.key.slice(4));
  });

  it('does not let a worker key or the dev key mint keys', async () => {
    const { key } = await world.store.keys.issue('ana@team.com');
    const byKey = await request(world.app).post('/api/keys').set('Authorization', `Bearer ${key}`);
    const byDevKey = await request(world.app).post('/api/keys').set('Authorization', `Bearer ${DEV_KEY}`);

    expect(byKey.status).toBe(401);
    expect(byKey.body.error.message).toBe('a worker key cannot be used here: send a Google ID token');
    expect(byDevKey.status).toBe(401);
    expect(await world.store.keys.list()).toHaveLength(1);
  });

  it('answers 401 without a token and 403 outside the allow-list, issuing nothing', async () => {
    const none = await request(world.app).post('/api/keys').send({});
    const outsider = await request(world.app)
      .post('/api/keys')
      .send({ idToken: idToken('eve@evil.com') });

    expect(none.status).toBe(401);
    expect(outsider.status).toBe(403);
    expect(outsider.body.error.code).toBe('forbidden');
    expect(await world.store.keys.list()).toEqual([]);
  });

  it('lets an admin list and revoke anyone’s keys, and a member only their own', async () => {
    const ana = await world.store.keys.issue('ana@team.com');
    const bob = await world.store.keys.issue('bob@team.com');
    const boss = await world.store.keys.issue('boss@team.com');
    const as = (key: string) => ({ Authorization: `Bearer ${key}` });

    const anaSees = await request(world.app).get('/api/keys').set(as(ana.key));
    expect(anaSees.body.keys.map((k: { email: string }) => k.email)).toEqual(['ana@team.com']);
    const bossSees = await request(world.app).get('/api/keys?email=bob@team.com').set(as(boss.key));
    expect(bossSees.body.keys.map((k: { id: string }) => k.id)).toEqual([bob.info.id]);
    expect((await request(world.app).get('/api/keys').set(as(boss.key))).body.keys).toHaveLength(3);

    const anaRevokesBob = await request(world.app).delete(`/api/keys/${bob.info.id}`).set(as(ana.key));
    expect(anaRevokesBob.status).toBe(404);
    expect(await world.store.keys.verify(bob.key)).not.toBeNull();

    const bossRevokesBob = await request(world.app).delete(`/api/keys/${bob.info.id}`).set(as(boss.key));
    expect(bossRevokesBob.status).toBe(200);
    expect(bossRevokesBob.body.key).toMatchObject({ id: bob.info.id, revokedAt: expect.any(Number) });
    expect((await request(world.app).get('/api/keys').set(as(bob.key))).status).toBe(401);

    const anaRevokesOwn = await request(world.app).delete(`/api/keys/${ana.info.id}`).set(as(ana.key));
    expect(anaRevokesOwn.status).toBe(200);
    expect((await request(world.app).delete('/api/keys/key_nope').set(as(boss.key))).status).toBe(404);
  });

  it('keeps at most WORKER_KEYS_PER_USER live keys per person: one ID token cannot mint hundreds', async () => {
    const token = idToken('ana@team.com');
    const issued: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      const res = await request(world.app).post('/api/keys').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(201);
      issued.push(res.body.key as string);
    }
    const live = (await world.store.keys.list('ana@team.com')).filter((key) => key.revokedAt === null);
    expect(live).toHaveLength(10);
    expect(
      (await request(world.app).get('/api/keys').set('Authorization', `Bearer ${issued[0]}`)).status,
    ).toBe(401);
    expect(
      (await request(world.app).get('/api/keys').set('Authorization', `Bearer ${issued[24]}`)).status,
    ).toBe(200);
  });
});
