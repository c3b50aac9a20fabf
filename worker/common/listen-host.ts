import { isIP } from 'node:net';

/**
 * What HOST may say, for the worker and the standalone sandbox alike: an address to listen on, as
 * an IP (`0.0.0.0`, `::`, `127.0.0.1`) or a host name (`localhost`).
 */
export function isListenHost(raw: string): boolean {
  return isIP(raw) !== 0 || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(raw);
}

/** Reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export const LISTEN_HOST_RULE =
  'must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name such as localhost';
