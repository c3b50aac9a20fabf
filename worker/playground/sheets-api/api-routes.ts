import type { QuotaGroup } from './api-stats';
import { GoogleApiError } from './google-errors';

/**
 * The Sheets API v4 URLs the emulator serves, read by hand: Google's paths end in custom verbs
 * (":batchUpdate", ":append") that Express's path patterns would take for parameters, and the
 * range in "values/{range}" arrives percent-encoded ("Sheet1%21A1%3AB2", from googleapis) or not
 * ("Sheet1!A1:B2", from a hand-written fetch).
 */
export type ApiMethod =
  | 'spreadsheets.get'
  | 'spreadsheets.batchUpdate'
  | 'spreadsheets.values.get'
  | 'spreadsheets.values.batchGet'
  | 'spreadsheets.values.update'
  | 'spreadsheets.values.batchUpdate'
  | 'spreadsheets.values.append'
  | 'spreadsheets.values.clear'
  | 'spreadsheets.values.batchClear'
  | 'spreadsheets.developerMetadata.search'
  | 'spreadsheets.developerMetadata.get';

export interface ApiRoute {
  method: ApiMethod;
  group: QuotaGroup;
  spreadsheetId: string;
  /** The A1 range of values/{range} routes, decoded. */
  range: string | null;
  /** The {metadataId} of developerMetadata/{metadataId}, as written in the path. */
  metadataId?: string;
}

const VERBS: Record<string, { http: string; method: ApiMethod; group: QuotaGroup }> = {
  '': { http: 'GET', method: 'spreadsheets.get', group: 'read' },
  ':batchUpdate': { http: 'POST', method: 'spreadsheets.batchUpdate', group: 'write' },
  '/values:batchGet': { http: 'GET', method: 'spreadsheets.values.batchGet', group: 'read' },
  '/values:batchUpdate': { http: 'POST', method: 'spreadsheets.values.batchUpdate', group: 'write' },
  '/values:batchClear': { http: 'POST', method: 'spreadsheets.values.batchClear', group: 'write' },
  // A search is a read, sent as POST for its body of filters.
  '/developerMetadata:search': {
    http: 'POST',
    method: 'spreadsheets.developerMetadata.search',
    group: 'read',
  },
};

/** `path` is what follows /v4/spreadsheets, still encoded, e.g. "/abc/values/A1%3AB2:append". */
export function matchRoute(httpMethod: string, path: string): ApiRoute {
  const notFound = new GoogleApiError('NOT_FOUND', `Method not found: ${httpMethod} /v4/spreadsheets${path}`);
  const match = /^\/([^/:]+)(.*)$/.exec(path);
  if (match === null) throw notFound;
  const spreadsheetId = decode(match[1]);
  const rest = match[2];
  const fixed = VERBS[rest];
  if (fixed !== undefined) {
    if (fixed.http !== httpMethod) throw notFound;
    return { method: fixed.method, group: fixed.group, spreadsheetId, range: null };
  }
  const metadata = /^\/developerMetadata\/([^/:]+)$/.exec(rest);
  if (metadata !== null) {
    if (httpMethod !== 'GET') throw notFound;
    const metadataId = decode(metadata[1]);
    return {
      method: 'spreadsheets.developerMetadata.get',
      group: 'read',
      spreadsheetId,
      range: null,
      metadataId,
    };
  }
  if (!rest.startsWith('/values/') || rest.length === '/values/'.length) throw notFound;
  const tail = rest.slice('/values/'.length);
  for (const [suffix, method] of [
    [':append', 'spreadsheets.values.append'],
    [':clear', 'spreadsheets.values.clear'],
  ] as const) {
    if (tail.endsWith(suffix)) {
      if (httpMethod !== 'POST') throw notFound;
      return { method, group: 'write', spreadsheetId, range: decode(tail.slice(0, -suffix.length)) };
    }
  }
  if (httpMethod === 'GET')
    return { method: 'spreadsheets.values.get', group: 'read', spreadsheetId, range: decode(tail) };
  if (httpMethod === 'PUT')
    return { method: 'spreadsheets.values.update', group: 'write', spreadsheetId, range: decode(tail) };
  throw notFound;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new GoogleApiError('INVALID_ARGUMENT', `Unable to parse range: ${text}`);
  }
}
