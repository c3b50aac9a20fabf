import {
  failureFromAnswer,
  failureFromThrown,
  NOT_CONNECTED,
  unreadableAnswer,
  WorkerCallError,
  type FailureContext,
} from './worker-failure';
import { readWorkerKey } from './worker-key';
import { currentWorkerUrl } from './worker-url';

/**
 * The one place that calls the worker: `UrlFetchApp.fetch` with JSON in and out, the worker key
 * (or, for `POST /api/keys`, an ID token) as the bearer, and every failure turned into a
 * WorkerCallError whose message is a sentence for the user. Callers send one request per range.
 */

export type QueryValue = string | number | boolean | undefined;

export interface WorkerCall {
  method: 'get' | 'post' | 'delete';
  /** Relative to the worker URL, without a leading slash: `api/reports`. Use workerPath for ids. */
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  /** Sent instead of the stored worker key (the ID token that buys a key). */
  bearer?: string;
}

/** `api/jobs/<id>/rows` with each segment encoded. */
export function workerPath(...segments: (string | number)[]): string {
  return segments
    .map((segment, index) => (index === 0 ? String(segment) : encodeURIComponent(String(segment))))
    .join('/');
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

/** Calls the worker and answers its parsed JSON; throws WorkerCallError with a readable message. */
export function callWorker(call: WorkerCall): unknown {
  const workerUrl = currentWorkerUrl();
  const bearer = call.bearer ?? readWorkerKey();
  if (bearer === null || bearer === '') throw new WorkerCallError(null, 'not_connected', NOT_CONNECTED);
  const context: FailureContext = { workerUrl, path: call.path, secrets: [bearer] };
  const options: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions = {
    method: call.method,
    headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/json' },
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
