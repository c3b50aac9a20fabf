import { readFileSync } from 'node:fs';
import { auth, sheets, type sheets_v4 } from '@googleapis/sheets';

/** The one scope the worker asks for: reading and writing the spreadsheets shared with it. */
const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

/**
 * Where google-auth-library sends a service account's signed JWT for an access token. The library
 * hard-codes it (and signs it as the JWT's audience), so a stand-in for Google is reached by
 * redirecting the request, never by changing what is signed.
 */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** The fields of a service account's JSON key the worker reads; the rest is Google's business. */
interface ServiceAccountKey {
  client_email: string;
  private_key: string;
}

/** How the worker reaches the Sheets API as itself. */
export type SheetsIdentitySource =
  /** A service account's JSON key file (GOOGLE_APPLICATION_CREDENTIALS). */
  | { kind: 'key-file'; path: string }
  /** The host's metadata server (Cloud Run and the like), through Application Default Credentials. */
  | { kind: 'metadata' };

export interface SheetsApiOptions {
  identity: SheetsIdentitySource;
  /**
   * GOOGLE_API_URL: one origin standing in for Google's token endpoint and the Sheets API (the
   * playground's emulator); null for Google itself.
   */
  googleApiUrl: string | null;
}

export interface SheetsApi {
  sheets: sheets_v4.Sheets;
  /** The address a spreadsheet is shared with for the worker to read and write it. */
  serviceAccountEmail: string;
  /**
   * Asks Google for an access token now (the calls above ask for one when they need it), so that a
   * refused key is told apart from a refused call: `npm run verify:live` checks it first.
   */
  requestAccessToken(): Promise<void>;
}

/** Reads a JSON key and says, in a sentence, what is wrong with one that is not a service account's. */
export function readServiceAccountKey(path: string): ServiceAccountKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(
      `GOOGLE_APPLICATION_CREDENTIALS (${path}) could not be read as JSON: ${(error as Error).message}`,
    );
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (typeof record.client_email !== 'string' || typeof record.private_key !== 'string') {
    throw new Error(
      `GOOGLE_APPLICATION_CREDENTIALS (${path}) is not a service account's JSON key (it needs client_email and private_key): create one under IAM > Service accounts > Keys`,
    );
  }
  return { client_email: record.client_email, private_key: record.private_key };
}

/**
 * A Sheets API v4 client acting as the worker's service account. With `googleApiUrl`, the token
 * request and every API call go to that origin instead of Google's.
 */
export async function connectSheetsApi(options: SheetsApiOptions): Promise<SheetsApi> {
  const rootUrl = options.googleApiUrl ?? undefined;
  if (options.identity.kind === 'key-file') {
    const key = readServiceAccountKey(options.identity.path);
    const client = new auth.JWT({
      email: key.client_email,
      key: key.private_key,
      scopes: [SHEETS_SCOPE],
      transporterOptions: FETCH,
    });
    if (options.googleApiUrl !== null) redirectTokenRequests(client.transporter, options.googleApiUrl);
    return {
      sheets: sheets({ version: 'v4', auth: client, ...(rootUrl ? { rootUrl } : {}) }),
      serviceAccountEmail: key.client_email,
      requestAccessToken: async () => void (await client.getAccessToken()),
    };
  }
  const adc = new auth.GoogleAuth({ scopes: [SHEETS_SCOPE], clientOptions: { transporterOptions: FETCH } });
  const credentials = await adc.getCredentials();
  if (credentials.client_email === undefined) {
    throw new Error("The host's metadata server named no service account: run the worker as one");
  }
  return {
    sheets: sheets({ version: 'v4', auth: adc, ...(rootUrl ? { rootUrl } : {}) }),
    serviceAccountEmail: credentials.client_email,
    requestAccessToken: async () => void (await adc.getAccessToken()),
  };
}

/**
 * Node's own fetch: gaxios otherwise imports node-fetch dynamically, which a CommonJS host (Jest)
 * cannot, as the ID-token verifier found (identity/id-token-verifier.ts).
 */
const FETCH = { fetchImplementation: fetch };

type Transporter = InstanceType<typeof auth.JWT>['transporter'];

/** Sends google-auth-library's token requests to the stand-in's `/token` instead of Google's. */
function redirectTokenRequests(transporter: Transporter, googleApiUrl: string): void {
  const target = new URL('token', googleApiUrl.endsWith('/') ? googleApiUrl : `${googleApiUrl}/`);
  transporter.interceptors.request.add({
    resolved: async (config) => {
      if (String(config.url) === GOOGLE_TOKEN_URL) config.url = new URL(target);
      return config;
    },
  });
}
