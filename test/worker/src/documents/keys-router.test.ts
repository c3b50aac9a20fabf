import request from 'supertest';
import { startAuthWorld, DEV_KEY, type AuthWorld } from '../identity/auth-fixture';
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
        documentId: null,
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

describe('document keys (issue 13: formulas of a shared spreadsheet)', () => {
  let world: AuthWorld;
  beforeEach(async () => (world = await startAuthWorld()));
  afterEach(() => world.close());

  const DOCUMENT = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xyz';
  const idToken = (email: string) => mintIdToken(world.googleKey, validClaims({ email }));
  const connect = (email: string, body: object = { documentId: DOCUMENT }) =>
    request(world.app)
      .post('/api/keys')
      .set('Authorization', `Bearer ${idToken(email)}`)
      .send(body);
  const as = (key: string) => ({ Authorization: `Bearer ${key}` });

  it('comes with the user key when a document connects, and bills the person who connected it', async () => {
    const res = await connect('ana@team.com');

    expect(res.status).toBe(201);
    expect(res.body.document).toEqual({
      key: expect.stringMatching(/^csk_/),
      id: expect.stringMatching(/^key_/),
      documentId: DOCUMENT,
      email: 'ana@team.com',
      expiresAt: expect.any(Number),
    });
    expect(res.body.document.key).not.toBe(res.body.key);
    const formula = await request(world.app).post('/api/reports').set(as(res.body.document.key)).send({});
    expect(formula.body).toMatchObject({ email: 'ana@team.com', documentId: DOCUMENT, via: 'workerKey' });
    const sidebar = await request(world.app).post('/api/reports').set(as(res.body.key)).send({});
    expect(sidebar.body.documentId).toBeUndefined();
  });

  it('lists the document key with the title its sidebar said when connecting (issue 25), the newest title winning', async () => {
    await connect('ana@team.com', { documentId: DOCUMENT, documentTitle: 'Q3 creators' });
    const again = await connect('ana@team.com', { documentId: DOCUMENT, documentTitle: 'Q4 creators' });

    const listed = await request(world.app).get('/api/keys').set(as(again.body.key));

    const documentKeys = listed.body.keys.filter(
      (key: { documentId: string | null }) => key.documentId !== null,
    );
    expect(documentKeys.map((key: { documentTitle: string }) => key.documentTitle)).toEqual([
      'Q4 creators',
      'Q4 creators',
    ]);
    const own = listed.body.keys.find((key: { documentId: string | null }) => key.documentId === null);
    expect(own.documentTitle).toBeUndefined();
  });

  it("opens only the formulas' routes: every editor can read it, so never the connector's jobs, keys or usage", async () => {
    const { body } = await connect('ana@team.com');
    for (const path of ['/api/whoami', '/api/keys']) {
      const res = await request(world.app).get(path).set(as(body.document.key));
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.body.error.message).toMatch(/serves its spreadsheet's formulas only/);
    }
    const minted = await request(world.app).post('/api/keys').set(as(body.document.key));
    expect(minted.status).toBe(401);
  });

  it("is one per document: another member's connect leaves the connector's key working (issue 22)", async () => {
    // No service account here: nothing can be proven, so the first connector keeps the document.
    const ana = await connect('ana@team.com');
    const boss = await connect('boss@team.com');
    expect(boss.status).toBe(201);
    expect(boss.body.document).toBeUndefined();
    expect(boss.body.formulasConnectedBy).toEqual({
      documentId: DOCUMENT,
      email: 'ana@team.com',
      since: expect.any(Number),
      message: expect.stringContaining('Use my account for formulas'),
    });
    const still = await request(world.app).post('/api/reports').set(as(ana.body.document.key)).send({});
    expect(still.body).toMatchObject({ email: 'ana@team.com', documentId: DOCUMENT });

    // Taking over needs proof the worker cannot get: refused, in words, and nothing changes.
    const takeOver = await connect('boss@team.com', { documentId: DOCUMENT, takeOver: true });
    expect(takeOver.status).toBe(403);
    expect(takeOver.body.error).toEqual({
      code: 'edit_proof_unavailable',
      message: expect.stringContaining('only ana@team.com, who connected the formulas, or an admin'),
    });
    expect((await world.store.keys.ofDocument(DOCUMENT))?.id).toBe(ana.body.document.id);

    // Ana connecting again replaces her own key; the old one stops.
    const again = await connect('ana@team.com');
    expect(again.body.document.id).not.toBe(ana.body.document.id);
    expect(
      (await request(world.app).post('/api/reports').set(as(ana.body.document.key)).send({})).status,
    ).toBe(401);
    const anaOwn = await request(world.app).get('/api/whoami').set(as(ana.body.key));
    expect(anaOwn.status).toBe(200);

    // An admin revokes the document's key; then the next member to connect pays.
    const revoked = await request(world.app)
      .delete(`/api/keys/${again.body.document.id}`)
      .set(as(boss.body.key));
    expect(revoked.status).toBe(200);
    const next = await connect('boss@team.com');
    expect(next.body.document).toMatchObject({ email: 'boss@team.com', documentId: DOCUMENT });

    const changes = await world.store.documentChanges.recent(DOCUMENT, 10);
    expect(changes.map((change) => [change.kind, change.by])).toEqual([
      ['connected', 'boss@team.com'],
      ['disconnected', 'boss@team.com'],
      ['connected', 'ana@team.com'],
      ['connected', 'ana@team.com'],
    ]);
    expect(changes[1].summary).toBe(
      'boss@team.com disconnected the formulas connected by ana@team.com; they say "Not connected" until someone connects them again.',
    );
  });

  it("counts against no person's cap of live keys", async () => {
    const limited = await startAuthWorld({ keyPolicy: { lifetimeMs: 86_400_000, maxLivePerUser: 1 } });
    try {
      const first = await request(limited.app)
        .post('/api/keys')
        .set(
          'Authorization',
          `Bearer ${mintIdToken(limited.googleKey, validClaims({ email: 'ana@team.com' }))}`,
        )
        .send({ documentId: DOCUMENT });
      const whoami = await request(limited.app).get('/api/whoami').set(as(first.body.key));
      expect(whoami.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('may revoke itself (Disconnect by any editor), but not the key of the person who connected it', async () => {
    const { body } = await connect('ana@team.com');
    const other = await request(world.app).delete(`/api/keys/${body.id}`).set(as(body.document.key));
    expect(other.status).toBe(404);
    const itself = await request(world.app)
      .delete(`/api/keys/${body.document.id}`)
      .set(as(body.document.key));
    expect(itself.status).toBe(200);
    expect(itself.body.key).toMatchObject({ id: body.document.id, revokedAt: expect.any(Number) });
    const after = await request(world.app).post('/api/reports').set(as(body.document.key)).send({});
    expect(after.status).toBe(401);
  });

  it('is refused to someone outside the allow-list, and for a malformed document id, issuing nothing', async () => {
    const outsider = await connect('mallory@elsewhere.example');
    expect(outsider.status).toBe(403);
    const malformed = await connect('ana@team.com', { documentId: 'not a spreadsheet/id' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toMatch(/documentId must be a spreadsheet id/);
    expect(await world.store.keys.list()).toEqual([]);
  });
});

describe('document keys with UNPROVEN_DOCUMENT_KEYS=refuse (issue 22)', () => {
  let world: AuthWorld;
  beforeEach(async () => (world = await startAuthWorld({ unprovenDocumentKeys: 'refuse' })));
  afterEach(() => world.close());

  const DOCUMENT = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xyz';
  const bearer = (email: string) => ({
    Authorization: `Bearer ${mintIdToken(world.googleKey, validClaims({ email }))}`,
  });

  it('refuses to connect a spreadsheet the worker cannot read, issuing and recording nothing', async () => {
    const refused = await request(world.app)
      .post('/api/keys')
      .set(bearer('ana@team.com'))
      .send({ documentId: DOCUMENT });

    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: {
        code: 'edit_proof_unavailable',
        message:
          'The worker has no Google service account, so it cannot check that you can edit this spreadsheet, and this needs that check. ' +
          'This worker connects formulas only with that check (UNPROVEN_DOCUMENT_KEYS=refuse).',
      },
    });
    expect(await world.store.keys.list()).toEqual([]);
    expect(await world.store.documentChanges.recent(DOCUMENT, 10)).toEqual([]);
  });

  it('still issues the personal key of a sign-in that names no spreadsheet', async () => {
    const signedIn = await request(world.app).post('/api/keys').set(bearer('ana@team.com'));
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.document).toBeUndefined();
    expect((await world.store.keys.list()).map((key) => key.documentId)).toEqual([null]);
  });
});
