import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createIdTokenVerifier, IdTokenError } from '../../../../worker/src/identity/id-token-verifier';
import {
  TEST_CLIENT_ID,
  makeSigningKey,
  mintIdToken,
  startCertServer,
  validClaims,
  type CertServer,
} from '../../../../worker/playground/fake-google';

const googleKey = makeSigningKey('google-key-1');
const strangerKey = makeSigningKey('google-key-1');

describe('Google ID token verifier', () => {
  let certs: CertServer;
  beforeAll(async () => (certs = await startCertServer([googleKey])));
  afterAll(() => certs.close());

  const verifier = () =>
    createIdTokenVerifier({ clientIds: ['other-client', TEST_CLIENT_ID], certsUrl: certs.url });

  async function rejection(token: string, v = verifier()): Promise<IdTokenError> {
    const error: unknown = await v.verify(token).then(
      () => new Error('the token was accepted'),
      (reason: unknown) => reason,
    );
    if (!(error instanceof IdTokenError)) throw error;
    // Whatever the reason, the message never quotes the credential.
    expect(error.message).not.toContain(token);
    for (const part of token.split('.')) expect(error.message).not.toContain(part);
    return error;
  }

  it('accepts a token signed by Google for one of the client ids, with a verified address', async () => {
    const verified = await verifier().verify(mintIdToken(googleKey));
    expect(verified).toEqual({
      email: 'ana@team.com',
      subject: '1234567890',
      hostedDomain: 'team.com',
      audience: TEST_CLIENT_ID,
    });
  });

  it('accepts the issuer without a scheme and a consumer account without a hosted domain', async () => {
    const { hd: _hd, ...claims } = validClaims({ iss: 'accounts.google.com', email: 'ana@gmail.com' });
    expect(await verifier().verify(mintIdToken(googleKey, claims))).toEqual({
      email: 'ana@gmail.com',
      subject: '1234567890',
      audience: TEST_CLIENT_ID,
    });
  });

  it('gives the address and the hosted domain parsed and lower-cased, never as the claim spells them', async () => {
    const token = mintIdToken(googleKey, validClaims({ email: 'Ana.Silva@Team.COM', hd: 'TEAM.com' }));
    expect(await verifier().verify(token)).toMatchObject({
      email: 'ana.silva@team.com',
      hostedDomain: 'team.com',
    });
  });

  it.each([
    ['a@evil.org@team.com', 'it has more than one "@"'],
    [' admin@team.com', 'it contains a space, a control or an invisible character'],
    ['admin@team.com\u0000', 'it contains a space, a control or an invisible character'],
  ])('rejects the e-mail claim %j with a sentence', async (email, why) => {
    const error = await rejection(mintIdToken(googleKey, validClaims({ email })));
    expect(error).toMatchObject({
      code: 'invalid_token',
      message: `the sign-in address is not a plain e-mail address: ${why}`,
    });
  });

  it('rejects a hosted domain that is not a domain name', async () => {
    const error = await rejection(mintIdToken(googleKey, validClaims({ hd: '' })));
    expect(error.message).toBe('the ID token\'s hosted domain (hd) "" is not a domain name');
  });

  it('fetches the certificates once and keeps them as long as Cache-Control says', async () => {
    const v = verifier();
    const before = certs.requests();
    await v.verify(mintIdToken(googleKey));
    await v.verify(mintIdToken(googleKey));
    expect(certs.requests() - before).toBe(1);
  });

  it.each([
    [
      'a wrong audience',
      validClaims({ aud: 'someone-else' }),
      'the ID token was issued for another application (wrong audience)',
    ],
    [
      'an expired token',
      validClaims({ iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }),
      'the ID token has expired; sign in again',
    ],
    [
      'a token from the future',
      validClaims({ iat: Math.floor(Date.now() / 1000) + 3600, exp: Math.floor(Date.now() / 1000) + 7200 }),
      'the ID token is not valid yet (check the clock)',
    ],
    [
      'another issuer',
      validClaims({ iss: 'https://evil.example.com' }),
      'the ID token was not issued by Google',
    ],
    [
      'an unverified address',
      validClaims({ email_verified: false }),
      'the e-mail address ana@team.com is not verified by Google',
    ],
    [
      'no address',
      validClaims({ email: undefined }),
      'the ID token carries no e-mail address (the add-on needs the userinfo.email scope)',
    ],
  ])('rejects %s', async (_case, claims, reason) => {
    const error = await rejection(mintIdToken(googleKey, claims));
    expect(error).toMatchObject({ code: 'invalid_token', message: reason });
  });

  it('rejects a token signed with another key under a published key id', async () => {
    const error = await rejection(mintIdToken(strangerKey));
    expect(error.message).toBe("the ID token's signature is invalid");
  });

  it('rejects a token whose key id Google does not publish', async () => {
    const error = await rejection(mintIdToken(googleKey, validClaims(), { kid: 'unknown-kid' }));
    expect(error.message).toBe('the ID token was signed with a key Google does not publish');
  });

  it('rejects a token whose payload was edited after signing', async () => {
    const [header, , signature] = mintIdToken(googleKey).split('.');
    const forged = Buffer.from(JSON.stringify(validClaims({ email: 'boss@team.com' }))).toString('base64url');
    const error = await rejection(`${header}.${forged}.${signature}`);
    expect(error.message).toBe("the ID token's signature is invalid");
  });

  it('rejects anything that is not a JWT without fetching certificates', async () => {
    const before = certs.requests();
    const error = await rejection('not a token at all');
    expect(error.message).toBe('the credential is neither a worker key nor a Google ID token');
    expect(certs.requests()).toBe(before);
  });

  it('refuses every token when no client id is configured', async () => {
    const v = createIdTokenVerifier({ clientIds: [], certsUrl: certs.url });
    const error = await rejection(mintIdToken(googleKey), v);
    expect(error.message).toBe(
      'Google sign-in is not set up on this worker (GOOGLE_CLIENT_IDS is empty); use a worker key',
    );
  });

  it("says so when Google's certificates cannot be fetched", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const v = createIdTokenVerifier({
      clientIds: [TEST_CLIENT_ID],
      certsUrl: `http://127.0.0.1:${port}/certs`,
    });
    const error = await rejection(mintIdToken(googleKey), v);
    expect(error).toMatchObject({
      code: 'certificates_unavailable',
      message: "Google's sign-in certificates could not be fetched; try again shortly",
    });
  });
});
