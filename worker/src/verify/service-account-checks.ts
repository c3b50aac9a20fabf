import { failureOf, type GoogleFailure } from '../google/google-failure';
import { connectSheetsApi, type SheetsApi, type SheetsApiOptions } from '../google/sheets-api';

/**
 * The worker's own Google identity, as `npm run verify:live` checks it: that it is configured, that
 * Google issues it a token, that the Sheets API is enabled in its Cloud project, and, given a
 * spreadsheet id, that the spreadsheet is shared with it. One `spreadsheets.get` (of the id given,
 * else of an id that exists nowhere) answers both of the last two: Google refuses every call of a
 * project without the API (403, reason SERVICE_DISABLED) before it looks for the spreadsheet, so a
 * 404 for the made-up id, or any answer about the real one, says the API is on; a 403 without that
 * reason is a spreadsheet not shared with the account.
 */

export interface GoogleCheck {
  name: string;
  outcome: 'ok' | 'failed' | 'skipped';
  note: string;
}

/** An id no spreadsheet has: Google answers 404 for it when the API is enabled. */
export const PROBE_SPREADSHEET_ID = 'creator-sheets-verify-live-probe-0000000000';

export interface ServiceAccountCheckOptions {
  /** The worker's configuration of it (GOOGLE_APPLICATION_CREDENTIALS, SHEETS_DELIVERY, GOOGLE_API_URL). */
  sheets: { identity: SheetsApiOptions['identity'] | null; googleApiUrl: string | null };
  /** A spreadsheet to check access to; null checks the API alone. */
  spreadsheetId: string | null;
}

const NAMES = {
  account: 'service account',
  token: 'access token',
  api: 'Sheets API enabled',
  access: 'spreadsheet shared with it',
} as const;

export async function runServiceAccountChecks(options: ServiceAccountCheckOptions): Promise<GoogleCheck[]> {
  const { identity, googleApiUrl } = options.sheets;
  if (identity === null) {
    return [
      {
        name: NAMES.account,
        outcome: 'skipped',
        note: 'none configured: server delivery is off (set GOOGLE_APPLICATION_CREDENTIALS, or run on Cloud Run)',
      },
    ];
  }
  let api: SheetsApi;
  try {
    api = await connectSheetsApi({ identity, googleApiUrl });
  } catch (error) {
    return [{ name: NAMES.account, outcome: 'failed', note: (error as Error).message }];
  }
  const checks: GoogleCheck[] = [{ name: NAMES.account, outcome: 'ok', note: api.serviceAccountEmail }];
  try {
    await api.requestAccessToken();
    checks.push({
      name: NAMES.token,
      outcome: 'ok',
      note: `Google issued one to ${api.serviceAccountEmail}`,
    });
  } catch (error) {
    const failure = failureOf(error);
    checks.push({ name: NAMES.token, outcome: 'failed', note: `Google refused the key: ${failure.message}` });
    return checks;
  }
  const spreadsheetId = options.spreadsheetId ?? PROBE_SPREADSHEET_ID;
  let failure: GoogleFailure | null = null;
  let title: string | null = null;
  try {
    const answer = await api.sheets.spreadsheets.get(
      { spreadsheetId, fields: 'spreadsheetId,properties.title' },
      { retry: false },
    );
    title = answer.data.properties?.title ?? null;
  } catch (error) {
    failure = failureOf(error);
  }
  return [...checks, ...readProbe(failure, title, options.spreadsheetId, api.serviceAccountEmail)];
}

/** What one `spreadsheets.get` says about the API and the spreadsheet. */
export function readProbe(
  failure: GoogleFailure | null,
  title: string | null,
  spreadsheetId: string | null,
  email: string,
): GoogleCheck[] {
  const disabled =
    failure !== null &&
    (failure.reason === 'SERVICE_DISABLED' ||
      /has not been used in project|it is disabled/.test(failure.message));
  if (disabled) {
    return [
      { name: NAMES.api, outcome: 'failed', note: `no: ${failure.message}` },
      ...(spreadsheetId === null
        ? []
        : [
            {
              name: NAMES.access,
              outcome: 'skipped' as const,
              note: 'unknown until the Sheets API is enabled',
            },
          ]),
    ];
  }
  const unknown = failure !== null && failure.status !== 403 && failure.status !== 404;
  if (unknown) {
    return [
      {
        name: NAMES.api,
        outcome: 'failed',
        note: `Google did not say: ${failure.status === null ? 'no answer' : `HTTP ${failure.status}`}: ${failure.message}`,
      },
    ];
  }
  const api: GoogleCheck = { name: NAMES.api, outcome: 'ok', note: 'yes: Google looked for the spreadsheet' };
  if (spreadsheetId === null) return [api];
  if (failure === null) {
    const note = `"${title ?? spreadsheetId}" opens as ${email} (read; writing needs Editor, which the first server delivery shows)`;
    return [api, { name: NAMES.access, outcome: 'ok', note }];
  }
  const note =
    failure.status === 404
      ? `no spreadsheet has the id ${spreadsheetId} (or it was deleted): check the id in its URL`
      : `not shared with ${email}: share it (Share > add the address as Editor); Google said: ${failure.message}`;
  return [api, { name: NAMES.access, outcome: 'failed', note }];
}
