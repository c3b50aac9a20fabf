import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../../worker/playground/apps-script/create-fakes';
import {
  createSheetsApiCore,
  type EmulatorRequest,
  type SheetsApiCore,
} from '../../../../worker/playground/sheets-api/emulator-core';
import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import { DEFAULT_PROJECT_NUMBER } from '../../../../worker/playground/sheets-api/service-accounts';
import { ManualClock, SPREADSHEET_ID } from './emulator-harness';
import { JWT_BEARER, signedAssertion } from './signed-assertion';

/**
 * The emulator without HTTP: what the playground's Apps Script process answers from inside a
 * blocking fetch, one parsed request at a time, synchronously.
 */

const account = createServiceAccountKey({ clientEmail: 'core@core-test.iam.gserviceaccount.com' });
let fakes: AppsScriptFakes;
let clock: ManualClock;
let core: SheetsApiCore;
let written: string[];

beforeEach(() => {
  fakes = createAppsScriptFakes({ spreadsheet: { id: SPREADSHEET_ID, name: 'Core', sheets: ['Sheet1'] } });
  clock = new ManualClock();
  written = [];
  core = createSheetsApiCore({
    spreadsheets: (id) => (id === SPREADSHEET_ID ? fakes.spreadsheet : null),
    clock,
    onWrite: (id) => written.push(id),
  });
  core.addServiceAccount({
    clientEmail: account.clientEmail,
    publicKeyPem: account.publicKeyPem,
    keyId: account.keyId,
  });
  core.share(SPREADSHEET_ID, account.clientEmail, 'writer');
});
afterEach(() => fakes.dispose());

function assertion(claims: Record<string, unknown> = {}): string {
  return signedAssertion(account, clock.now(), claims);
}

function token(): string {
  const answer = core.handle({
    method: 'POST',
    path: '/token',
    query: {},
    body: { grant_type: JWT_BEARER, assertion: assertion() },
  });
  return (answer.body as { access_token: string }).access_token;
}

function api(request: Partial<EmulatorRequest> & { path: string }, bearer = token()) {
  return core.handle({ method: 'GET', query: {}, authorization: `Bearer ${bearer}`, ...request });
}

describe('the emulator core', () => {
  it('exchanges a signed JWT for a bearer token, as Google’s token endpoint does', () => {
    const answer = core.handle({
      method: 'POST',
      path: '/token',
      query: {},
      body: { grant_type: JWT_BEARER, assertion: assertion() },
    });

    expect(answer).toEqual({
      status: 200,
      headers: { 'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate' },
      body: { access_token: expect.stringMatching(/^ya29\./), expires_in: 3599, token_type: 'Bearer' },
    });
    expect(core.stats().tokens).toEqual({ issued: 1, refused: 0 });
  });

  it('refuses a JWT from a day ago with the OAuth error Google gives', () => {
    const stale = assertion({
      iat: Math.floor(clock.now() / 1000) - 86_400,
      exp: Math.floor(clock.now() / 1000) - 82_800,
    });

    const answer = core.handle({
      method: 'POST',
      path: '/token',
      query: {},
      body: { grant_type: JWT_BEARER, assertion: stale },
    });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers spreadsheets.get with the fakes’ spreadsheet', () => {
    fakes.spreadsheet.insertSheet('Report');

    const answer = api({ path: `/v4/spreadsheets/${SPREADSHEET_ID}` });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      spreadsheetId: SPREADSHEET_ID,
      properties: { title: 'Core' },
      sheets: [{ properties: { title: 'Sheet1', index: 0 } }, { properties: { title: 'Report', index: 1 } }],
    });
    expect(written).toEqual([]);
  });

  it('writes values.update into the cells the fakes read, and says it wrote', () => {
    const answer = api({
      method: 'PUT',
      path: `/v4/spreadsheets/${SPREADSHEET_ID}/values/Sheet1%21B2`,
      query: { valueInputOption: 'RAW' },
      body: { values: [['@ana', 1200]] },
    });

    expect(answer).toEqual({
      status: 200,
      headers: {},
      body: {
        spreadsheetId: SPREADSHEET_ID,
        updatedRange: 'Sheet1!B2:C2',
        updatedRows: 1,
        updatedColumns: 2,
        updatedCells: 2,
      },
    });
    expect(fakes.spreadsheet.getRange('Sheet1!B2:C2').getValues()).toEqual([['@ana', 1200]]);
    expect(written).toEqual([SPREADSHEET_ID]);
  });

  it('answers a token it never issued with 401 and the bearer challenge', () => {
    const answer = api({ path: `/v4/spreadsheets/${SPREADSHEET_ID}` }, 'ya29.not-one-of-ours');

    expect(answer).toMatchObject({
      status: 401,
      headers: { 'WWW-Authenticate': expect.stringContaining('error="invalid_token"') },
      body: { error: { code: 401, status: 'UNAUTHENTICATED' } },
    });
  });

  it('answers a spreadsheet not shared with the caller with Google’s 403', () => {
    const bearer = token();
    core.unshare(SPREADSHEET_ID, account.clientEmail);

    expect(api({ path: `/v4/spreadsheets/${SPREADSHEET_ID}` }, bearer)).toEqual({
      status: 403,
      headers: {},
      body: {
        error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
      },
    });
  });

  it('answers every call of a project without the Sheets API with Google’s SERVICE_DISABLED 403', () => {
    const project = DEFAULT_PROJECT_NUMBER;
    const activation = `https://console.developers.google.com/apis/api/sheets.googleapis.com/overview?project=${project}`;
    const message =
      `Google Sheets API has not been used in project ${project} before or it is disabled. Enable it by ` +
      `visiting ${activation} then retry. If you enabled this API recently, wait a few minutes for the ` +
      'action to propagate to our systems and retry.';
    core.setApiEnabled(project, false);
    // The token endpoint does not care: the refusal comes from the API itself.
    const bearer = token();
    core.unshare(SPREADSHEET_ID, account.clientEmail);

    // Shared or not, existing or not: the same refusal, before the spreadsheet is looked at.
    const notShared = api({ path: `/v4/spreadsheets/${SPREADSHEET_ID}` }, bearer);
    core.share(SPREADSHEET_ID, account.clientEmail, 'writer');
    const shared = api({ path: `/v4/spreadsheets/${SPREADSHEET_ID}` }, bearer);
    const missing = api({ path: '/v4/spreadsheets/1NoSuchSpreadsheet' }, bearer);
    for (const answer of [notShared, shared, missing]) {
      expect(answer).toEqual({
        status: 403,
        headers: {},
        body: {
          error: {
            code: 403,
            message,
            status: 'PERMISSION_DENIED',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: 'SERVICE_DISABLED',
                domain: 'googleapis.com',
                metadata: {
                  service: 'sheets.googleapis.com',
                  consumer: `projects/${project}`,
                  activationUrl: activation,
                  serviceTitle: 'Google Sheets API',
                  containerInfo: project,
                },
              },
              { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message },
              {
                '@type': 'type.googleapis.com/google.rpc.Help',
                links: [{ description: 'Google developers console API activation', url: activation }],
              },
            ],
          },
        },
      });
    }
    expect(core.stats().byStatus).toEqual({ '403': 3 });

    core.setApiEnabled(project, true);
    expect(api({ path: `/v4/spreadsheets/${SPREADSHEET_ID}` }, bearer).status).toBe(200);
    expect(api({ path: '/v4/spreadsheets/1NoSuchSpreadsheet' }, bearer).status).toBe(404);
  });

  it('turns the API off for one project only', () => {
    const other = createServiceAccountKey({ clientEmail: 'other@other-project.iam.gserviceaccount.com' });
    core.addServiceAccount({
      clientEmail: other.clientEmail,
      publicKeyPem: other.publicKeyPem,
      keyId: other.keyId,
      projectNumber: '200000000002',
    });
    core.share(SPREADSHEET_ID, other.clientEmail, 'reader');
    core.setApiEnabled('200000000002', false);
    const otherToken = core.handle({
      method: 'POST',
      path: '/token',
      query: {},
      body: { grant_type: JWT_BEARER, assertion: signedAssertion(other, clock.now()) },
    }).body as { access_token: string };

    expect(api({ path: `/v4/spreadsheets/${SPREADSHEET_ID}` }, otherToken.access_token).status).toBe(403);
    expect(api({ path: `/v4/spreadsheets/${SPREADSHEET_ID}` }).status).toBe(200);
  });

  it('answers a body its server could not parse with 400, writing nothing', () => {
    const answer = api({
      method: 'POST',
      path: `/v4/spreadsheets/${SPREADSHEET_ID}:batchUpdate`,
      bodyProblem: { kind: 'invalid-json', detail: 'Unexpected end of JSON input' },
    });

    expect(answer).toEqual({
      status: 400,
      headers: {},
      body: {
        error: {
          code: 400,
          message: 'Invalid JSON payload received. Unexpected end of JSON input',
          status: 'INVALID_ARGUMENT',
        },
      },
    });
    expect(written).toEqual([]);
  });

  it('answers a path it does not serve with 404 in the same shape', () => {
    expect(core.handle({ method: 'GET', path: '/v3/files', query: {} })).toEqual({
      status: 404,
      headers: {},
      body: { error: { code: 404, message: 'Method not found: GET /v3/files', status: 'NOT_FOUND' } },
    });
  });
});
