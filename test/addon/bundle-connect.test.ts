import type { AccountView, ConnectionTest, Settings } from '../../addon/shared/sidebar-api';
import type { WorkerKeyInfo } from '../../worker/src/store/key-repository';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { makeSigningKey, TEST_CLIENT_ID } from '../../worker/playground/fake-google';
import { useBundleWorld, WORKER_KEY_PROPERTY } from './bundle-world';

/**
 * Connect, from the built bundle: the sidebar's connect() trades the fake ScriptApp's ID token for
 * a worker key (`POST /api/keys`), which the real worker verifies against the fake ScriptApp's own
 * signing key (GOOGLE_CERTS_URL) and its allow-lists; then formulas and the sidebar use that key.
 */

const NOT_CONNECTED = 'Not connected: open Extensions > Creator Sheets > Settings.';
const MEMBER = 'ana@team.com';

const world = useBundleWorld({
  googleKeys: [makeSigningKey('bundle-connect-key')],
  env: {
    GOOGLE_CLIENT_IDS: TEST_CLIENT_ID,
    ALLOWED_DOMAINS: 'team.com',
    ALLOWED_EMAILS: 'guest@partner.example',
    // A few handles are enough here, and the world starts sooner.
    BUNDLE_HANDLES: '3',
    BUNDLE_EMAILS: '0',
  },
});

function signedInAs(email: string): AppsScriptFakes {
  return world.load({ connected: false, session: { activeUserEmail: email } });
}

/** What a cell with =INFLUENCER_REPORT("@handle", "instagram") shows. */
function report(fakes: AppsScriptFakes): unknown {
  return fakes.runtime.call(
    'INFLUENCER_REPORT',
    [`@${world.handles.instagram[0]}`, 'instagram'],
    'custom-function',
  );
}

const storedKey = (fakes: AppsScriptFakes) => fakes.propertiesService.user.getProperty(WORKER_KEY_PROPERTY);

describe('Connect from the built bundle', () => {
  it('trades the Google sign-in for a worker key that formulas and the sidebar then use, until disconnect', async () => {
    const fakes = signedInAs(MEMBER);

    expect(fakes.runtime.callFromClient('getSettings')).toMatchObject({ connected: false, email: null });
    expect(report(fakes)).toBe(NOT_CONNECTED);
    expect(fakes.urlFetchApp.requests).toHaveLength(0);

    const settings = fakes.runtime.callFromClient('connect') as Settings;

    expect(settings).toEqual({
      workerUrl: expect.any(String),
      connected: true,
      email: MEMBER,
      role: 'member',
    });
    const key = storedKey(fakes);
    expect(fakes.scriptApp.identityTokens).toHaveLength(1);
    expect(key).toMatch(/^csk_[\w-]+$/);
    expect(key).not.toBe(fakes.scriptApp.identityTokens[0]);
    const issued = await world.api<{ keys: WorkerKeyInfo[] }>(`/api/keys?email=${MEMBER}`);
    expect(issued.keys).toEqual([expect.objectContaining({ email: MEMBER, revokedAt: null })]);

    const account = fakes.runtime.callFromClient('getAccount') as AccountView;
    // A member sees their own spending and a sentence in place of the API account's balance.
    expect(account).toMatchObject({
      email: MEMBER,
      role: 'member',
      creditsLeft: null,
      balanceNote: expect.stringContaining("Only admins see the API account's balance"),
    });
    const test = fakes.runtime.callFromClient('testConnection') as ConnectionTest;
    expect(test).toMatchObject({ ok: true, email: MEMBER, role: 'member' });
    expect(test.message).toContain(`as ${MEMBER} (member)`);
    // A formula gets no ID token: it runs on the stored key.
    const rows = report(fakes);
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(2);
    expect(fakes.scriptApp.identityTokens).toHaveLength(1);

    expect(fakes.runtime.callFromClient('disconnect')).toMatchObject({ connected: false, email: null });
    expect(storedKey(fakes)).toBeNull();
    expect(report(fakes)).toBe(NOT_CONNECTED);
    const revoked = await world.api<{ keys: WorkerKeyInfo[] }>(`/api/keys?email=${MEMBER}`);
    expect(revoked.keys).toEqual([expect.objectContaining({ revokedAt: expect.any(Number) })]);
  });

  it('lets in the addresses of ALLOWED_EMAILS and refuses others with a sentence, storing nothing', () => {
    const guest = signedInAs('guest@partner.example');
    expect(guest.runtime.callFromClient('connect')).toMatchObject({
      connected: true,
      email: 'guest@partner.example',
    });

    const outsider = signedInAs('mallory@outsider.example');
    expect(() => outsider.runtime.callFromClient('connect')).toThrow(
      'The worker refused your Google sign-in: mallory@outsider.example may not use this worker: ' +
        'ask an admin to add the address or its domain',
    );
    expect(storedKey(outsider)).toBeNull();
    expect(outsider.runtime.callFromClient('getSettings')).toMatchObject({ connected: false });
    expect(report(outsider)).toBe(NOT_CONNECTED);
  });
});
