import { OPERATION_IDS, OPERATIONS, type HttpMethod, type OperationId } from '../../shared/operations';
import { PLATFORMS, isPlatform, type Platform } from '../../shared/platforms';
import type { SANDBOX_SHAPES } from './odd-shapes';
import { SandboxError } from './sandbox-error';

/**
 * The catalogue as the router registers it, and the readable answer for a request that matches no
 * operation: an unknown path, a method the path does not take, or a platform the operation does
 * not exist for (`/tiktok/reports/audience/overlap`, `/myspace/search`).
 */

/**
 * Operation ids in registration order: fewer path parameters first, so a literal path wins over a
 * parameterised one it also matches (`GET /ai/hashtags` before `GET /:platform/hashtags`).
 */
export const ROUTE_ORDER: readonly OperationId[] = [...OPERATION_IDS].sort(
  (a, b) => parameterCount(a) - parameterCount(b),
);

function parameterCount(id: OperationId): number {
  return (OPERATIONS[id].path.match(/:/g) ?? []).length;
}

interface CompiledRoute {
  id: OperationId;
  pattern: RegExp;
}

const COMPILED: readonly CompiledRoute[] = ROUTE_ORDER.map((id) => ({
  id,
  pattern: new RegExp(
    `^${OPERATIONS[id].path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : escapeRegExp(segment)))
      .join('/')}/?$`,
    'i',
  ),
}));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where the vendor's own notes narrow the spec's platforms (api-notes "Seen from the real service":
 * hashtag dictionaries for Instagram only). The real shapes follow the notes; the odd shapes keep
 * the spec's platforms, as the sandbox answered before.
 */
const VENDOR_PLATFORMS: Partial<Record<OperationId, readonly Platform[]>> = {
  dictionaryHashtags: ['instagram'],
};

/** The platforms an operation answers for under the given answer shapes. */
export function platformsFor(id: OperationId, shapes: (typeof SANDBOX_SHAPES)[number]): readonly Platform[] {
  return (shapes === 'real' ? VENDOR_PLATFORMS[id] : undefined) ?? OPERATIONS[id].platforms;
}

/**
 * The error for a request no operation route took. `path` is relative to the base URL; `shown` is
 * what the message quotes (the path as the client sent it); `platformsOf` says which platforms each
 * operation answers for (the spec's, unless the answer shapes narrow them).
 */
export function unmatchedRequestError(
  method: string,
  path: string,
  shown: string,
  platformsOf: (id: OperationId) => readonly Platform[] = (id) => OPERATIONS[id].platforms,
): SandboxError {
  const matches = COMPILED.flatMap(({ id, pattern }) => {
    const match = pattern.exec(path);
    return match ? [{ id, platform: match.groups?.platform }] : [];
  });
  const sameMethod = matches.filter(({ id }) => OPERATIONS[id].method === method.toUpperCase());
  for (const { id, platform } of sameMethod) {
    if (platform === undefined) continue;
    const allowed = platformsOf(id);
    if (!isPlatform(platform)) {
      return new SandboxError(
        'not_found',
        `${method.toUpperCase()} ${shown}: "${platform}" is not a platform; use one of ${PLATFORMS.join(', ')}`,
      );
    }
    if (!allowed.includes(platform)) {
      return new SandboxError(
        'not_found',
        `${method.toUpperCase()} ${shown}: this operation does not exist for ${platform}, only for ${allowed.join(', ')}`,
      );
    }
  }
  if (sameMethod.length === 0 && matches.length > 0) {
    const allow = allowedMethods(matches.map(({ id }) => id));
    return new SandboxError(
      'method_not_allowed',
      `${method.toUpperCase()} ${shown}: this path takes ${allow.join(', ')} only`,
    );
  }
  return new SandboxError('not_found', `${method.toUpperCase()} ${shown}: no such operation`);
}

function allowedMethods(ids: readonly OperationId[]): HttpMethod[] {
  return [...new Set(ids.map((id) => OPERATIONS[id].method))];
}

/** The methods the path takes, for the `Allow` header of a 405. */
export function methodsForPath(path: string): HttpMethod[] {
  return allowedMethods(COMPILED.filter(({ pattern }) => pattern.test(path)).map(({ id }) => id));
}
