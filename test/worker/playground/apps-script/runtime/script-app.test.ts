import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createIdTokenVerifier } from '../../../../../worker/src/identity/id-token-verifier';
import { startCertServer, TEST_CLIENT_ID } from '../../../../../worker/playground/fake-google';
import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';

function withManifest(manifest: object) {
  const fakes = createAppsScriptFakes();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'script-app-'));
  writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify(manifest));
  fakes.runtime.attach({}, dir);
  return fakes;
}

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
}

describe('FakeScriptApp', () => {
  it('mints an ID token that the worker verifier accepts for the session user', async () => {
    const fakes = createAppsScriptFakes({ session: { activeUserEmail: 'bo@agency.com' } });
    const certs = await startCertServer([fakes.scriptApp.signingKey]);
    try {
      const token = fakes.scriptApp.getIdentityToken();
      expect(token).not.toBeNull();
      const verifier = createIdTokenVerifier({ clientIds: [TEST_CLIENT_ID], certsUrl: certs.url });
      await expect(verifier.verify(token ?? '')).resolves.toMatchObject({
        email: 'bo@agency.com',
        audience: TEST_CLIENT_ID,
        hostedDomain: 'agency.com',
      });
    } finally {
      await certs.close();
    }
  });

  it('dates the token by the fake clock', () => {
    const fakes = createAppsScriptFakes({ now: Date.UTC(2030, 0, 1) });
    const token = fakes.scriptApp.getIdentityToken() ?? '';
    expect(claims(token)).toMatchObject({
      iat: Date.UTC(2030, 0, 1) / 1000,
      exp: Date.UTC(2030, 0, 1) / 1000 + 3600,
    });
  });

  it('follows the manifest scopes: no openid, no token; no userinfo.email, no e-mail', () => {
    expect(
      withManifest({
        oauthScopes: ['https://www.googleapis.com/auth/userinfo.email'],
      }).scriptApp.getIdentityToken(),
    ).toBeNull();
    const token = withManifest({ oauthScopes: ['openid'] }).scriptApp.getIdentityToken() ?? '';
    expect(claims(token).email).toBeUndefined();
    const full = withManifest({ oauthScopes: ['openid', 'https://www.googleapis.com/auth/userinfo.email'] });
    expect(claims(full.scriptApp.getIdentityToken() ?? '')).toMatchObject({
      email: 'ana@team.com',
      email_verified: true,
    });
  });

  it('gives no token to a custom function or to onOpen in AuthMode.NONE', () => {
    const { scriptApp, runtime } = createAppsScriptFakes();
    for (const mode of ['custom-function', 'auth-none'] as const) {
      expect(() => runtime.run(mode, () => scriptApp.getIdentityToken())).toThrow(
        'You do not have permission to call ScriptApp.getIdentityToken',
      );
      expect(() => runtime.run(mode, () => scriptApp.getOAuthToken())).toThrow('ScriptApp.getOAuthToken');
    }
    expect(scriptApp.AuthMode.FULL).toBe('FULL');
    expect(scriptApp.getProjectTriggers()).toEqual([]);
  });
});
