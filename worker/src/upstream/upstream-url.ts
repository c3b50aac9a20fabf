import { OPERATIONS, operationPath, type OperationId } from '../../../shared/operations';
import type { Platform } from '../../../shared/platforms';
import { UpstreamError } from './upstream-error';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
type QueryParams = Readonly<Record<string, QueryValue>>;

export interface UrlParts {
  platform?: Platform;
  /** Path parameters other than the platform, e.g. `{ userId: '@name' }`; encoded here. */
  params?: Readonly<Record<string, string>>;
  /** Query parameters; null and undefined are left out, arrays repeat the key. */
  query?: QueryParams;
}

/** The token travels in the Authorization header only: URLs end up in logs (api-notes). */
const FORBIDDEN_PARAMETER = 'access_token';

function refuse(operationId: OperationId | undefined, message: string): UpstreamError {
  return new UpstreamError({ status: null, code: 'invalid_request', message, operationId });
}

/**
 * Checks the configured base URL (`https://HOST/v1`, a setting, never a constant) and drops its
 * trailing slashes, so that joining it with an operation path gives exactly one slash.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim();
  let parsed: URL | undefined;
  try {
    parsed = new URL(trimmed);
  } catch {
    parsed = undefined;
  }
  // `localhost:4010` parses, as a URL of scheme "localhost:": refuse it with the same sentence.
  if (parsed === undefined || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new RangeError(
      `the Discovery API base URL must be an absolute http(s) URL such as https://HOST/v1, got "${trimmed}"`,
    );
  }
  if (parsed.search !== '' || parsed.hash !== '' || trimmed.includes('?') || trimmed.includes('#')) {
    throw new RangeError('the Discovery API base URL must not carry a query or a fragment');
  }
  return trimmed.replace(/\/+$/, '');
}

function pathParameterNames(operationId: OperationId): string[] {
  return [...OPERATIONS[operationId].path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
}

interface OperationTarget {
  /** Encoded path under the base URL, e.g. `/instagram/profile/%40name/report`; safe to log. */
  path: string;
  /** `?key=value...`, or '' without query parameters. */
  search: string;
}

/**
 * Where an operation is sent: its path with encoded parameters, and its query string. Throws an
 * `invalid_request` UpstreamError, before anything is sent, for a platform the operation does not
 * exist for, a missing path parameter or an `access_token` parameter.
 */
export function operationTarget(operationId: OperationId, parts: UrlParts = {}): OperationTarget {
  const spec = OPERATIONS[operationId];
  const platforms: readonly Platform[] = spec.platforms;
  const { platform } = parts;
  if (platforms.length > 0) {
    if (platform === undefined) {
      throw refuse(operationId, `${operationId} needs a platform, one of ${platforms.join(', ')}`);
    }
    if (!platforms.includes(platform)) {
      throw refuse(
        operationId,
        `${operationId} does not exist for ${platform}; it exists for ${platforms.join(', ')}`,
      );
    }
  } else if (platform !== undefined) {
    throw refuse(operationId, `${operationId} takes no platform, got "${platform}"`);
  }

  const params: Record<string, string> = { ...parts.params };
  if (platform !== undefined) params.platform = platform;
  for (const name of pathParameterNames(operationId)) {
    const value = params[name];
    if (value === undefined || value === '') {
      throw refuse(operationId, `${operationId} needs a non-empty "${name}" path parameter`);
    }
  }

  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query ?? {})) {
    if (key.toLowerCase() === FORBIDDEN_PARAMETER) {
      throw refuse(operationId, 'the API token must not travel in the URL; the client sends it as a header');
    }
    if (value === null || value === undefined) continue;
    const values: readonly (string | number | boolean)[] = Array.isArray(value) ? value : [value];
    for (const item of values) search.append(key, String(item));
  }
  const query = search.toString();
  return { path: operationPath(operationId, params), search: query === '' ? '' : `?${query}` };
}

/** The operation's full URL under a base URL (normalized here; see `normalizeBaseUrl`). */
export function buildUpstreamUrl(baseUrl: string, operationId: OperationId, parts: UrlParts = {}): string {
  const { path, search } = operationTarget(operationId, parts);
  return `${normalizeBaseUrl(baseUrl)}${path}${search}`;
}
