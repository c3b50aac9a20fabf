import type { AccountView, ConnectedSettings, ConnectionTest } from '../../addon/bridge-contract/sidebar-api';
import type { UsageAnswer } from '../../shared/worker-api/account';
import type { WorkerKeyInfo } from '../../shared/worker-api/keys';
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

/** A user who has not connected yet, in the default spreadsheet or `spreadsheetId`. */
function signedInAs(email: string, spreadsheetId?: string): AppsScriptFakes {
  return world.load({
    connected: false,
    session: { activeUserEmail: email },
    ...(spreadsheetId === undefined ? {} : { spreadsheet: { id: spreadsheetId } }),
  });
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

    const settings = fakes.runtime.callFromClient('connect') as ConnectedSettings;

    expect(settings).toEqual({
      formulasKeptBy: null,
      workerUrl: expect.any(String),
      connected: true,
      email: MEMBER,
      role: 'member',
      formulas: { email: MEMBER, byYou: true },
      // The spreadsheet holds no formula to refresh.
      formulaRefresh: { refreshed: 0, skipped: [] },
    });
    const key = storedKey(fakes);
    expect(fakes.scriptApp.identityTokens).toHaveLength(1);
    expect(key).toMatch(/^csk_[\w-]+$/);
    expect(key).not.toBe(fakes.scriptApp.identityTokens[0]);
    const issued = await world.api<{ keys: WorkerKeyInfo[] }>(`/api/keys?email=${MEMBER}`);
    // The user's key for the sidebar, and the document's for its formulas.
    expect(issued.keys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: MEMBER, revokedAt: null, documentId: null }),
        expect.objectContaining({ email: MEMBER, revokedAt: null, documentId: fakes.spreadsheet.getId() }),
      ]),
    );

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
    // A formula gets no ID token: it runs on the stored key. One handle, from no cell: one row.
    const rows = report(fakes);
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(1);
    expect(fakes.scriptApp.identityTokens).toHaveLength(1);

    expect(fakes.runtime.callFromClient('disconnect')).toMatchObject({ connected: false, email: null });
    expect(storedKey(fakes)).toBeNull();
    expect(report(fakes)).toBe(NOT_CONNECTED);
    const revoked = await world.api<{ keys: WorkerKeyInfo[] }>(`/api/keys?email=${MEMBER}`);
    expect(revoked.keys).toHaveLength(2);
    expect(revoked.keys.every((key) => key.revokedAt !== null)).toBe(true);
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

describe('Connect refreshes the formulas that said "Not connected" (issue 15)', () => {
  it('fills in a formula cell by itself, and says so', () => {
    // A spreadsheet nobody connected yet (the guest above connected the default one first).
    const fakes = signedInAs(MEMBER, '1AnotherSpreadsheetOfAna000000000000000000');
    fakes.evaluateFormulas();
    const sheet = fakes.spreadsheet.getActiveSheet();
    sheet.getRange('A2').setValue(`@${world.handles.instagram[1]}`);
    sheet.getRange('B1').setFormula('=INFLUENCER_REPORT(A2:A2, "instagram", "followers")');
    expect(sheet.getRange('B1').getValue()).toBe(NOT_CONNECTED);

    const settings = fakes.runtime.callFromClient('connect') as ConnectedSettings;

    expect(settings.formulaRefresh).toEqual({ refreshed: 1, skipped: [] });
    // In B1, the formula's row above its input: the header there, the report beside A2.
    expect(sheet.getRange('B1:B2').getValues()).toEqual([['Followers'], [expect.any(Number)]]);
    expect(fakes.evaluator.errors).toEqual([]);
  });
});

describe('A team in one spreadsheet (issue 13: document keys)', () => {
  const OWNER = 'olga@team.com';
  const BO = 'bo@team.com';
  const CY = 'cy@team.com';
  /** A spreadsheet of its own: the first describe's connects stay on the default one. */
  const TEAM_SHEET = '1TeamSpreadsheetOfOlgaBoAndCy00000000000000';

  /** Spend today per person, from the ledger, as an admin sees it. */
  async function spentToday(email: string): Promise<number> {
    const usage = await world.api<UsageAnswer>('/api/account/usage?recent=0');
    return usage.team?.byUser.today.find((line) => line.email === email)?.credits ?? 0;
  }

  it("lets an editor who is not the owner connect, and every editor's formulas then work, billed as Settings says", async () => {
    // Bo edits Olga's spreadsheet. Olga's own user store holds a key: inside a formula that is the
    // store Apps Script hands out, and it must never be what a teammate's formula spends.
    const fakes = world.load({
      connected: false,
      session: { activeUserEmail: BO },
      properties: { ownerEmail: OWNER },
      spreadsheet: { id: TEAM_SHEET },
    });
    fakes.propertiesService.userOf(OWNER).setProperty(WORKER_KEY_PROPERTY, world.devKey);
    expect(report(fakes)).toBe(NOT_CONNECTED);

    expect(fakes.runtime.callFromClient('connect')).toMatchObject({
      connected: true,
      email: BO,
      formulas: { email: BO, byYou: true },
    });
    // Bo's own key went to Bo's store, not the owner's; the formulas' key to the document's.
    expect(fakes.propertiesService.userOf(OWNER).getProperty(WORKER_KEY_PROPERTY)).toBe(world.devKey);
    expect(storedKey(fakes)).toMatch(/^csk_/);
    const boBefore = await spentToday(BO);
    // A creator no other test has fetched, so the worker pays for it now.
    const rows = fakes.runtime.call(
      'INFLUENCER_REPORT',
      [`@${world.handles.instagram[2]}`, 'instagram'],
      'custom-function',
    );
    expect(Array.isArray(rows)).toBe(true);
    expect(await spentToday(BO)).toBeGreaterThan(boBefore);

    // Cy, another editor, has not connected: the document's formulas work for Cy too, on Bo.
    fakes.session.actAs(CY);
    expect(fakes.runtime.callFromClient('getSettings')).toMatchObject({
      connected: false,
      formulas: { email: BO, byYou: false },
    });
    expect(Array.isArray(report(fakes))).toBe(true);

    // Cy connects for the sidebar: Bo's formulas stay Bo's.
    expect(fakes.runtime.callFromClient('connect')).toMatchObject({
      connected: true,
      formulas: { email: BO, byYou: false },
    });
    // "Use my account for formulas" needs proof that Cy edits the spreadsheet, which a worker
    // without a service account cannot get (issue 22): refused, in words, and Bo still pays.
    expect(() => fakes.runtime.callFromClient('connectFormulas')).toThrow(
      /no Google service account.*only bo@team\.com, who connected the formulas, or an admin/,
    );
    expect(fakes.runtime.callFromClient('getSettings')).toMatchObject({ formulas: { email: BO } });
    // Bo hands them over: Bo disconnects them, and Cy's formulas are Cy's from then on.
    fakes.session.actAs(BO);
    fakes.runtime.callFromClient('disconnectFormulas');
    fakes.session.actAs(CY);
    expect(fakes.runtime.callFromClient('connectFormulas')).toMatchObject({
      formulas: { email: CY, byYou: true },
    });
    const boKeys = await world.api<{ keys: WorkerKeyInfo[] }>(`/api/keys?email=${BO}`);
    const boDocument = boKeys.keys.find((key) => key.documentId === fakes.spreadsheet.getId());
    expect(boDocument?.revokedAt).toEqual(expect.any(Number));
    const cyBefore = await spentToday(CY);
    expect(
      Array.isArray(
        fakes.runtime.call(
          'INFLUENCER_REPORT',
          [`@${world.handles.youtube[0]}`, 'youtube'],
          'custom-function',
        ),
      ),
    ).toBe(true);
    expect(await spentToday(CY)).toBeGreaterThan(cyBefore);

    // Any editor may disconnect the document's formulas; Bo's own sidebar key stays.
    fakes.session.actAs(BO);
    expect(fakes.runtime.callFromClient('disconnectFormulas')).toMatchObject({
      connected: true,
      formulas: null,
    });
    expect(report(fakes)).toBe(NOT_CONNECTED);
  });

  it("keeps an editor's formula from writing the owner's user store, as Apps Script does", () => {
    const fakes = world.load({
      connected: false,
      session: { activeUserEmail: BO },
      properties: { ownerEmail: OWNER },
      spreadsheet: { id: TEAM_SHEET },
    });
    fakes.runtime.run('custom-function', () => {
      const store = fakes.propertiesService.getUserProperties();
      expect(() => store.setProperty('x', 'y')).toThrow(/permission/);
    });
    fakes.session.actAs(OWNER);
    fakes.runtime.run('custom-function', () => {
      fakes.propertiesService.getUserProperties().setProperty('x', 'y');
    });
    expect(fakes.propertiesService.userOf(OWNER).getProperty('x')).toBe('y');
    expect(fakes.propertiesService.userOf(BO).getProperty('x')).toBeNull();
  });
});
