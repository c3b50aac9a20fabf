import {
  type RouteMethod,
  routePath,
  type RouteShapes,
  type WorkerRoute,
} from '../../../shared/worker-api/routes';
import {
  failureFromAnswer,
  failureFromThrown,
  NOT_CONNECTED,
  unreadableAnswer,
  WorkerCallError,
  type FailureContext,
} from './worker-failure';
import { readUserAccess } from './worker-key';
import { challengeIn, withChallengeWritten } from './edit-proof';
import { EDIT_PROOF_HEADER } from '../../../shared/worker-api/edit-proof';
import { currentWorkerUrl } from './worker-url';

/**
 * The one place that calls the worker: `UrlFetchApp.fetch` with JSON in and out, the worker key
 * (or, for `POST /api/keys`, an ID token) as the bearer, and every failure turned into a
 * WorkerCallError whose message is a sentence for the user. Callers send one request per range.
 */

type QueryValue = string | number | boolean | undefined;

interface WorkerCall {
  /** A challenge written into the spreadsheet (`X-Edit-Proof`): proof of edit access. */
  proof?: string;
  /** The route table's: no method is callable that no route declares. */
  method: WorkerRoute['method'];
  /** Relative to the worker URL, without a leading slash: `api/reports`. */
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  /** Sent instead of the stored worker key (the ID token that buys a key). */
  bearer?: string;
  /** With `bearer`: the worker to send it to, as already read (a formula reads properties once). */
  workerUrl?: string;
  /** `X-Request-Id`: the worker keeps it on the call's ledger rows (an add-on schedule's run). */
  requestId?: string;
}

type ParamsOf<S> = S extends { params: infer P } ? { params: P } : { params?: never };
type QueryOf<S> = S extends { query: infer Q } ? { query?: Q } : { query?: never };
type BodyOf<S> = S extends { body: infer B }
  ? undefined extends B
    ? { body?: B }
    : { body: B }
  : { body?: never };

/** One call of a route: its path parameters, query and body as shared/worker-api/routes.ts types them. */
type RouteCall<S extends RouteShapes> = ParamsOf<S> &
  QueryOf<S> &
  BodyOf<S> & {
    /** Sent instead of the stored worker key (the ID token that buys a key, a document key). */
    bearer?: string;
    /** With `bearer`: the worker to send it to, as already read (a formula reads properties once). */
    workerUrl?: string;
    /** `X-Request-Id`: the worker keeps it on the call's ledger rows (an add-on schedule's run). */
    requestId?: string;
  };

/** The query's text, number and yes/no values; anything else (undefined) is left out. */
function queryValues(query: object | undefined): Record<string, QueryValue> | undefined {
  if (query === undefined) return undefined;
  const values: Record<string, QueryValue> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      values[name] = value;
  }
  return values;
}

/**
 * Calls one route of the worker (shared/worker-api/routes.ts) and answers its parsed JSON. A route
 * bound to a spreadsheet may ask for proof that this user can edit it: the challenge is written
 * into this spreadsheet and the call made once more with it (edit-proof.ts).
 */
export function callRoute<S extends RouteShapes>(route: WorkerRoute<S>, call: RouteCall<S>): unknown {
  const { params, query, body, bearer, workerUrl, requestId } = call as {
    params?: object;
    query?: object;
    body?: unknown;
    bearer?: string;
    workerUrl?: string;
    requestId?: string;
  };
  const send = (proof?: string) =>
    callWorker({
      method: route.method,
      path: routePath(route, params),
      ...(query === undefined ? {} : { query: queryValues(query) }),
      ...(body === undefined ? {} : { body }),
      ...(bearer === undefined ? {} : { bearer }),
      ...(workerUrl === undefined ? {} : { workerUrl }),
      ...(requestId === undefined ? {} : { requestId }),
      ...(proof === undefined ? {} : { proof }),
    });
  if (route.spreadsheet === undefined) return send();
  try {
    return send();
  } catch (error) {
    const challenge = challengeIn(error);
    if (challenge === null) throw error;
    return withChallengeWritten(challenge, () => send(challenge.metadataValue));
  }
}

/** `?a=1&b=x%20y`, skipping undefined values; no URLSearchParams in Apps Script. */
export function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (query === undefined) return '';
  const parts: string[] = [];
  for (const name of Object.keys(query)) {
    const value = query[name];
    if (value === undefined) continue;
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/** UrlFetchApp's spelling of a route's method. */
function fetchMethod(method: RouteMethod): Lowercase<RouteMethod> {
  return method.toLowerCase() as Lowercase<RouteMethod>;
}

/** Calls the worker and answers its parsed JSON; throws WorkerCallError with a readable message. */
function callWorker(call: WorkerCall): unknown {
  // Both given (a formula's document key): no property is read here at all.
  const access = call.workerUrl !== undefined && call.bearer !== undefined ? null : readUserAccess();
  const workerUrl = call.workerUrl ?? access?.workerUrl ?? currentWorkerUrl();
  const bearer = call.bearer ?? access?.key ?? null;
  if (bearer === null || bearer === '') throw new WorkerCallError(null, 'not_connected', NOT_CONNECTED);
  const context: FailureContext = { workerUrl, path: call.path, secrets: [bearer] };
  const options: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions = {
    method: fetchMethod(call.method),
    headers: {
      Authorization: `Bearer ${bearer}`,
      Accept: 'application/json',
      ...(call.proof === undefined ? {} : { [EDIT_PROOF_HEADER]: call.proof }),
      ...(call.requestId === undefined ? {} : { 'X-Request-Id': call.requestId }),
    },
    muteHttpExceptions: true,
    followRedirects: false,
  };
  if (call.body !== undefined) {
    options.contentType = 'application/json';
    options.payload = JSON.stringify(call.body);
  }
  let response: GoogleAppsScript.URL_Fetch.HTTPResponse;
  try {
    response = UrlFetchApp.fetch(`${workerUrl}${call.path}${queryString(call.query)}`, options);
  } catch (error) {
    throw failureFromThrown(error, context);
  }
  const status = response.getResponseCode();
  const text = response.getContentText();
  if (status < 200 || status >= 300) throw failureFromAnswer(status, text, context);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unreadableAnswer(status, context);
  }
}
