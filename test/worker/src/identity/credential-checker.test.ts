import request from 'supertest';
import { createAppsScriptFakes } from '../../../../worker/playground/apps-script/create-fakes';
import {
  mintIdToken,
  startCertServer,
  validClaims,
  type Claims,
} from '../../../../worker/playground/fake-google';
import {
  PLAYGROUND_CLIENT_ID,
  PLAYGROUND_USER,
  makePlaygroundKey,
  withPlaygroundSignIn,
} from '../../../../worker/playground/playground-identity';
import { createAccessPolicy } from '../../../../worker/src/identity/access-policy';
import { createCredentialChecker } from '../../../../worker/src/identity/credential-checker';
import { createIdTokenVerifier } from '../../../../worker/src/identity/id-token-verifier';
import { WorkerKeyExpiredError } from '../../../../worker/src/store/key-repository';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { ManualClock } from '../store/store-fixtures';
import { auth, startWorkerWorld } from '../worker-fixture';
import { startAuthWorld, type AuthWorld } from './auth-fixture';

/**
 * Sign-in attacks against the real verifier, checker and keys router, with ALLOWED_DOMAINS
 * team.com and ADMIN_EMAILS boss@team.com (auth-fixture.ts): Google is played by a local key.
 */

let world: AuthWorld;
beforeAll(async () => (world = await startAuthWorld()));
afterAll(() => world.close());

const tokenFor = (overrides: Claims) => mintIdToken(world.googleKey, validClaims(overrides));
/** validClaims() without `hd`: a consumer (personal) Google account. */
const consumerToken = (overrides: Claims) => {
  const { hd: _hd, ...claims } = validClaims(overrides);
  return mintIdToken(world.googleKey, claims);
};
const whoami = (credential: string) =>
  request(world.app).get('/api/whoami').set('Authorization', `Bearer ${credential}`);
const issueKey = (credential: string) =>
  request(world.app).post('/api/keys').set('Authorization', `Bearer ${credential}`);

describe('sign-in with an ID token', () => {
  it('lets in a Workspace account of the allowed domain, as the parsed address', async () => {
    const res = await whoami(tokenFor({ email: 'Ana@Team.COM', hd: 'Team.com' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: 'ana@team.com', role: 'member', via: 'idToken' });
  });

  it('refuses a personal Google account with a company address, and issues it no key', async () => {
    const token = consumerToken({ email: 'ana@team.com' });
    const res = await whoami(token);
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'forbidden',
      message:
        "ana@team.com may not use this worker: it is a personal Google account, not one managed by team.com's Google Workspace; sign in with your team.com work account",
    });
    expect((await issueKey(token)).status).toBe(403);
    expect(await world.store.keys.list('ana@team.com')).toEqual([]);
  });

  it('refuses an admin address on a personal account: the role needs the Workspace account too', async () => {
    const res = await whoami(consumerToken({ email: 'boss@team.com' }));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/^boss@team\.com may not use this worker: it is a personal/);
  });

  it("refuses an account of another organization's Workspace", async () => {
    const res = await whoami(tokenFor({ email: 'ana@team.com', hd: 'evil.org' }));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      "ana@team.com may not use this worker: its Google account is managed by evil.org, not by team.com's Google Workspace",
    );
  });

  it.each([
    ['two "@"', 'a@evil.org@team.com', 'it has more than one "@"'],
    ['a leading space (an admin look-alike)', ' boss@team.com', 'it contains a space'],
    ['a trailing newline', 'boss@team.com\n', 'it contains a space, a control'],
    ['a zero-width space', 'boss\u200b@team.com', 'an invisible character'],
    ['a domain that is not one', 'boss@team', '"team" is not a domain name'],
  ])('refuses an e-mail claim with %s, with a sentence, and issues no key', async (_case, email, why) => {
    const token = tokenFor({ email });
    const res = await whoami(token);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
    expect(res.body.error.message).toContain('the sign-in address is not a plain e-mail address: ');
    expect(res.body.error.message).not.toContain(email.trim());
    expect(res.body.error.message).toContain(why);
    const key = await issueKey(token);
    expect(key.status).toBe(401);
    expect(key.body.key).toBeUndefined();
  });

  it('refuses a hosted domain claim that is not a domain', async () => {
    const res = await whoami(tokenFor({ hd: 'team.com evil.org' }));
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(
      'the ID token\'s hosted domain (hd) "team.com evil.org" is not a domain name',
    );
  });

  it('issues a key to the parsed address, and the key keeps its role', async () => {
    const issued = await issueKey(tokenFor({ email: 'BOSS@team.com' }));
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ email: 'boss@team.com', role: 'admin' });
    const res = await whoami(issued.body.key as string);
    expect(res.body).toMatchObject({ email: 'boss@team.com', role: 'admin', via: 'workerKey' });
  });
});

describe("the playground's sign-in (sandbox mode, no allow-list)", () => {
  it('lets in you@playground.test with the token its fake ScriptApp mints', async () => {
    const key = makePlaygroundKey();
    const certs = await startCertServer([key]);
    const fakes = createAppsScriptFakes({
      session: { activeUserEmail: PLAYGROUND_USER },
      scriptApp: { clientId: PLAYGROUND_CLIENT_ID, signingKey: key },
    });
    const verifier = withPlaygroundSignIn(
      createIdTokenVerifier({ clientIds: [], certsUrl: certs.url }),
      createIdTokenVerifier({ clientIds: [PLAYGROUND_CLIENT_ID], certsUrl: certs.url }),
    );
    const sandbox = await startWorkerWorld({ verifier });
    try {
      const token = fakes.scriptApp.getIdentityToken() ?? '';
      const issued = await request(sandbox.app).post('/api/keys').set(auth(token));
      expect(issued.status).toBe(201);
      expect(issued.body).toMatchObject({ email: PLAYGROUND_USER, role: 'member' });
      const usage = await request(sandbox.app)
        .get('/api/account/usage')
        .set(auth(issued.body.key as string));
      expect(usage.status).toBe(200);
      expect(usage.body).toMatchObject({ email: PLAYGROUND_USER, role: 'member' });

      // Open to every verified account, but still only to well-formed addresses.
      const odd = mintIdToken(key, {
        ...validClaims({ aud: PLAYGROUND_CLIENT_ID, email: 'a@evil.org@playground.test' }),
      });
      expect((await request(sandbox.app).post('/api/keys').set(auth(odd))).status).toBe(401);
    } finally {
      fakes.dispose();
      await sandbox.close();
      await certs.close();
    }
  });
});

describe('a worker key checked again and again (issue 28: its identity is kept made)', () => {
  const ANA = 'ana@team.com';
  let clock: ManualClock;
  let store: Store;
  const checker = () =>
    createCredentialChecker({
      verifier: createIdTokenVerifier({ clientIds: ['unused.apps.googleusercontent.com'] }),
      keys: store.keys,
      policy: createAccessPolicy({ allowedDomains: [], allowedEmails: [ANA], adminEmails: [] }),
    });
  beforeEach(() => {
    clock = new ManualClock();
    store = openStore({ memory: true, clock });
  });
  afterEach(() => store.close());

  it('gives the same identity each time, frozen', async () => {
    const check = checker();
    const { key, info } = await store.keys.issue(ANA, 'doc_1234567890');
    const first = await check.check(key);
    const second = await check.check(key);
    expect(first).toEqual({
      ok: true,
      identity: {
        email: ANA,
        role: 'member',
        via: 'workerKey',
        keyId: info.id,
        documentId: 'doc_1234567890',
      },
    });
    expect(second.ok && first.ok && second.identity === first.identity).toBe(true);
    expect(first.ok && Object.isFrozen(first.identity)).toBe(true);
  });

  it('refuses the key at the moment it expires, however often it was checked before', async () => {
    const check = checker();
    const { key, info } = await store.keys.issue(ANA);
    expect((await check.check(key)).ok).toBe(true);
    clock.set(info.expiresAt - 1);
    expect((await check.check(key)).ok).toBe(true);
    clock.set(info.expiresAt);
    await expect(check.check(key)).rejects.toBeInstanceOf(WorkerKeyExpiredError);
  });

  it('refuses the key on the first check after it is revoked', async () => {
    const check = checker();
    const { key, info } = await store.keys.issue(ANA);
    expect((await check.check(key)).ok).toBe(true);
    await store.keys.revoke(info.id);
    expect(await check.check(key)).toMatchObject({ ok: false, status: 401, via: 'workerKey' });
  });
});
