import { createSign } from 'node:crypto';
import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import { failure, startHarness, SPREADSHEET_ID, type Harness } from './emulator-harness';

const SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
const AUD = 'https://oauth2.googleapis.com/token';

function signJwt(privateKey: string, claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url');
  return `${unsigned}.${signature}`;
}

describe('the emulator token endpoint', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const now = () => Math.floor(h.clock.now() / 1000);
  const claims = (extra: Record<string, unknown> = {}) => ({
    iss: h.account.clientEmail,
    scope: SCOPE,
    aud: AUD,
    iat: now(),
    exp: now() + 3600,
    ...extra,
  });
  const postToken = async (form: Record<string, string>) => {
    const response = await fetch(`${h.served.url}token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const grant = (assertion: string) =>
    postToken({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });

  it('lets google-auth-library sign in through the worker connector and call the API', async () => {
    const answer = await h.sheets.spreadsheets.get({ spreadsheetId: SPREADSHEET_ID });
    expect(answer.data.properties?.title).toBe('Creators');
    expect(h.emulator.stats().tokens.issued).toBeGreaterThanOrEqual(1);
  });

  it('answers a good assertion as Google does', async () => {
    const { status, body } = await grant(signJwt(h.account.keyFile.private_key, claims()));
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^ya29\./),
      expires_in: 3599,
      token_type: 'Bearer',
    });
  });

  it('refuses an assertion signed with another key', async () => {
    const stranger = createServiceAccountKey();
    const { status, body } = await grant(signJwt(stranger.keyFile.private_key, claims()));
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
  });

  it('refuses an account it does not know', async () => {
    const stranger = createServiceAccountKey();
    const { body } = await grant(
      signJwt(stranger.keyFile.private_key, claims({ iss: stranger.clientEmail })),
    );
    expect(body).toEqual({ error: 'invalid_grant', error_description: 'Invalid grant: account not found' });
  });

  it('refuses another audience (the library always signs Google’s)', async () => {
    const { status, body } = await grant(
      signJwt(h.account.keyFile.private_key, claims({ aud: `${h.served.url}token` })),
    );
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
    expect(body.error_description).toMatch(/Failed audience check/);
  });

  it('refuses expired assertions and ones longer than an hour', async () => {
    for (const times of [
      { iat: now() - 7200, exp: now() - 3600 },
      { iat: now(), exp: now() + 7200 },
      { iat: now() + 3600, exp: now() + 4000 },
    ]) {
      const { status, body } = await grant(signJwt(h.account.keyFile.private_key, claims(times)));
      expect(status).toBe(400);
      expect(body.error_description).toMatch(/short-lived token \(60 minutes\)/);
    }
  });

  it('refuses an assertion without a scope, and a grant type it does not serve', async () => {
    const { body } = await grant(signJwt(h.account.keyFile.private_key, claims({ scope: undefined })));
    expect(body.error).toBe('invalid_scope');
    const other = await postToken({ grant_type: 'client_credentials', assertion: 'x' });
    expect(other).toEqual({
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: client_credentials' },
    });
  });

  it('issues a token for other scopes, which the Sheets API then refuses', async () => {
    const { body } = await grant(
      signJwt(
        h.account.keyFile.private_key,
        claims({ scope: 'https://www.googleapis.com/auth/drive.metadata.readonly' }),
      ),
    );
    const response = await fetch(`${h.served.url}v4/spreadsheets/${SPREADSHEET_ID}`, {
      headers: { Authorization: `Bearer ${String(body.access_token)}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: {
        code: 403,
        status: 'PERMISSION_DENIED',
        message: 'Request had insufficient authentication scopes.',
      },
    });
  });

  it('lets a read-only token read and not write', async () => {
    const { body } = await grant(
      signJwt(
        h.account.keyFile.private_key,
        claims({ scope: 'https://www.googleapis.com/auth/spreadsheets.readonly' }),
      ),
    );
    const headers = {
      Authorization: `Bearer ${String(body.access_token)}`,
      'Content-Type': 'application/json',
    };
    const read = await fetch(`${h.served.url}v4/spreadsheets/${SPREADSHEET_ID}/values/Sheet1!A1:B2`, {
      headers,
    });
    expect(read.status).toBe(200);
    const write = await fetch(
      `${h.served.url}v4/spreadsheets/${SPREADSHEET_ID}/values/Sheet1!A1?valueInputOption=RAW`,
      {
        method: 'PUT',
        headers,
        body: JSON.stringify({ values: [['x']] }),
      },
    );
    expect(write.status).toBe(403);
  });

  it('answers 401 for an unknown token and one past its hour, 403 for none at all', async () => {
    const { body } = await grant(signJwt(h.account.keyFile.private_key, claims()));
    const url = `${h.served.url}v4/spreadsheets/${SPREADSHEET_ID}`;
    const call = (authorization?: string) =>
      fetch(url, { headers: authorization === undefined ? {} : { Authorization: authorization } });
    expect((await call(`Bearer ${String(body.access_token)}`)).status).toBe(200);
    const unknown = await call('Bearer ya29.nothing');
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toMatch(/invalid_token/);
    expect(await unknown.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    expect((await call()).status).toBe(403);
    h.clock.advance(3600 * 1000);
    const expired = await call(`Bearer ${String(body.access_token)}`);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({
      error: { details: [expect.objectContaining({ reason: 'ACCESS_TOKEN_EXPIRED' })] },
    });
    // Back to the signer's time: the library signs with the real clock.
    h.clock.time -= 3600 * 1000;
  });

  it('answers Google API errors to googleapis as GaxiosErrors with the body', async () => {
    const stranger = createServiceAccountKey();
    const sheets = await h.client(stranger);
    const { status, error } = await failure(sheets.spreadsheets.get({ spreadsheetId: SPREADSHEET_ID }));
    expect(status).toBe(403);
    expect(error).toEqual({
      code: 403,
      message: 'The caller does not have permission',
      status: 'PERMISSION_DENIED',
    });
  });
});
