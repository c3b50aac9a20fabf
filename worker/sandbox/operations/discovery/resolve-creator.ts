import type { Platform } from '../../../../shared/platforms';
import type { PlatformCreators } from '../../data';
import { SandboxError } from '../../sandbox-error';

/**
 * The creator a request names by handle (any case, with or without @), platform user id, TikTok
 * secUid or profile URL; 404 handle_not_found, naming what was asked and where, when none matches.
 */
export function resolveCreator(pc: PlatformCreators, idOrHandle: string): number {
  const index = pc.resolve(idOrHandle);
  if (index < 0) throw handleNotFound(pc.platform, [idOrHandle]);
  return index;
}

export function handleNotFound(platform: Platform, names: readonly string[]): SandboxError {
  const quoted = names.map((name) => JSON.stringify(name)).join(', ');
  return new SandboxError(
    'handle_not_found',
    names.length === 1
      ? `No ${platform} account matches ${quoted}: it is neither a handle nor a user id on ${platform}`
      : `No ${platform} accounts match ${quoted}: they are neither handles nor user ids on ${platform}`,
  );
}
