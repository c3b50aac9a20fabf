import { promises as dns } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AI_IMAGE_MAX_BASE64_CHARS, AI_IMAGE_TYPES } from '../../../../shared/limits';
import type { AiImageType } from '../../../../shared/enums';
import { WorkerError } from '../../request-io/worker-error';

/**
 * Fetches an image by URL for AI image search, on behalf of an add-on that may call only this
 * worker (Apps Script's urlFetchWhitelist). A URL from a sheet cell is untrusted input, so the
 * worker must not become a way into its own network:
 * - https only; plain http only to a loopback address, and only in sandbox mode (local tests);
 * - in live mode every address the host resolves to must be public (no private, loopback,
 *   link-local, carrier-grade NAT, multicast or reserved range), checked after DNS resolution, and
 *   the connection goes to the very address that was checked (no second lookup to rebind);
 * - at most 3 redirects, each new URL checked by the same rules;
 * - the body is cut off past the API's size limit, whatever Content-Length said;
 * - the content type (and the file's signature) must be JPEG, PNG or WebP;
 * - the whole fetch, redirects included, has one deadline.
 */

/**
 * The API takes at most 5 MB of base64 text (AI_IMAGE_MAX_BASE64_CHARS characters): the image
 * bytes whose base64 fits, 3 bytes per 4 characters.
 */
export const AI_IMAGE_MAX_BYTES = (AI_IMAGE_MAX_BASE64_CHARS / 4) * 3;
const IMAGE_FETCH_TIMEOUT_MS = 15_000;
const IMAGE_FETCH_MAX_REDIRECTS = 3;

export interface ImageFetchRules {
  /** `sandbox` also allows http to loopback; `live` refuses every non-public address. */
  mode: 'sandbox' | 'live';
  /** Every address of a host name; DNS by default (tests map names to addresses). */
  resolve?: (hostname: string) => Promise<string[]>;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

interface FetchedImage {
  imageType: AiImageType;
  base64Image: string;
  bytes: number;
  /** Where the image was found in the end (after redirects). */
  finalUrl: string;
}

/** A URL the rules refuse: the request itself is at fault. */
function refused(message: string): WorkerError {
  return new WorkerError(400, 'image_url_refused', message);
}

/** The URL was allowed but what came back is no image the API takes. */
function unusable(message: string): WorkerError {
  return new WorkerError(422, 'image_unusable', message);
}

/** The image's server could not be reached or did not answer in time. */
function unreachable(message: string): WorkerError {
  return new WorkerError(502, 'image_fetch_failed', message);
}

const NON_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const NON_PUBLIC_V6: readonly [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];
const nonPublic = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_V6) nonPublic.addSubnet(network, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * An IPv6 address that carries an IPv4 one (::ffff:10.0.0.1 mapped, 64:ff9b::10.0.0.1 NAT64, or
 * the deprecated ::10.0.0.1 compatible form) is judged by the IPv4 address it reaches.
 */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted !== null) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex === null) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function check(list: BlockList, address: string): boolean {
  const v4 = isIP(address) === 6 ? embeddedIpv4(address) : address;
  if (v4 !== null && isIP(v4) === 4) return list.check(v4, 'ipv4');
  return list.check(address, 'ipv6');
}

/** Whether an address is on the public internet (not private, loopback, link-local...). */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  return !check(nonPublic, address);
}

export function isLoopbackAddress(address: string): boolean {
  return isIP(address) !== 0 && check(loopback, address);
}

async function defaultResolve(hostname: string): Promise<string[]> {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/** `[::1]` as URL gives it -> `::1`. */
function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base);
  } catch {
    throw refused(
      base === undefined
        ? `The image URL "${text.slice(0, 200)}" is not a web address: give a link that starts with https://.`
        : `The image server redirected to "${text.slice(0, 200)}", which is not a web address.`,
    );
  }
}

/**
 * The address to connect to for `url`, once the URL and every address of its host pass the rules.
 */
async function allowedAddress(
  url: URL,
  rules: ImageFetchRules,
  resolve: (host: string) => Promise<string[]>,
) {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refused(`The image URL must start with https://, got ${url.protocol}//.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw refused('The image URL must not carry a user name or password.');
  }
  const host = bareHost(url);
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw unreachable(`The image's server ${host} was not found: check the link.`);
    }
    if (addresses.length === 0)
      throw unreachable(`The image's server ${host} was not found: check the link.`);
  }
  if (url.protocol === 'http:') {
    const local = rules.mode === 'sandbox' && addresses.every(isLoopbackAddress);
    if (!local) throw refused(`The image URL must start with https://, not http:// (${host}).`);
    return addresses[0];
  }
  if (rules.mode === 'live') {
    const blocked = addresses.find((address) => !isPublicAddress(address));
    if (blocked !== undefined) {
      throw refused(
        `The image URL points to a private or local network address (${host} is ${blocked}): only public https:// addresses are fetched.`,
      );
    }
  }
  return addresses[0];
}

/** A lookup that answers the address already checked, so the socket goes nowhere else. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all === true) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

function sniffedType(bytes: Buffer): AiImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

function isAiImageType(value: string): value is AiImageType {
  return (AI_IMAGE_TYPES as readonly string[]).includes(value);
}

/** 3932160 -> "3.75 MB", 100000 -> "0.1 MB". */
function megabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;
}

function tooLarge(host: string, bytes: number | null, maxBytes: number): WorkerError {
  const size = bytes === null ? `larger than ${megabytes(maxBytes)}` : megabytes(bytes);
  return unusable(
    `The image at ${host} is ${size}; AI search takes at most ${megabytes(maxBytes)} ` +
      '(5 MB once encoded as base64): use a smaller image.',
  );
}

/** `work`, or a rejection as soon as the deadline passes (a slow DNS answer is not waited for). */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('deadline passed'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('deadline passed'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

interface Exchange {
  response: IncomingMessage;
  /** Ends the request (and its socket). */
  abort(): void;
}

function send(url: URL, address: string, signal: AbortSignal): Promise<Exchange> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      // A fresh connection each time: a pooled socket could lead to an address checked for another URL.
      agent: false,
      lookup: pinnedLookup(address),
      headers: { Accept: AI_IMAGE_TYPES.join(', '), 'User-Agent': 'CreatorSheetsWorker/1 (AI image search)' },
      signal,
    });
    request.once('response', (response) => resolve({ response, abort: () => request.destroy() }));
    // `on`, not `once`: a request destroyed later may still emit, and an unheard 'error' would crash.
    request.on('error', reject);
    request.end();
  });
}

function readBody(exchange: Exchange, host: string, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    exchange.response.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) {
        // Stop reading at once: a server that lies about (or omits) its length gets no further.
        exchange.abort();
        reject(tooLarge(host, null, maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    exchange.response.once('end', () => resolve(Buffer.concat(chunks)));
    exchange.response.on('error', () =>
      reject(unreachable(`The image at ${host} was cut off before its end.`)),
    );
    exchange.response.once('aborted', () =>
      reject(unreachable(`The image at ${host} was cut off before its end.`)),
    );
  });
}

function networkFailure(error: unknown, host: string, timeoutMs: number, timedOut: boolean): unknown {
  if (timedOut) {
    return unreachable(
      `The image at ${host} did not arrive within ${Math.round(timeoutMs / 1000)} s: try again, or upload the image instead.`,
    );
  }
  if (error instanceof WorkerError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const why =
    code === 'ECONNREFUSED'
      ? 'the connection was refused'
      : code === 'ECONNRESET'
        ? 'the connection was reset'
        : code.startsWith('ERR_TLS') || code.includes('CERT')
          ? 'its https certificate is not valid'
          : 'it did not answer';
  return unreachable(`The image at ${host} could not be fetched: ${why}.`);
}

/**
 * The image at `url` as the API's `imageType` and `base64Image`, or a WorkerError whose message
 * says what to do: 400 image_url_refused (the rules), 422 image_unusable (not an image the API
 * takes, too large, an error page), 502 image_fetch_failed (unreachable, too slow).
 */
export async function fetchImage(text: string, rules: ImageFetchRules): Promise<FetchedImage> {
  const timeoutMs = rules.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS;
  const maxBytes = rules.maxBytes ?? AI_IMAGE_MAX_BYTES;
  const maxRedirects = rules.maxRedirects ?? IMAGE_FETCH_MAX_REDIRECTS;
  const resolve = rules.resolve ?? defaultResolve;
  let url = parseUrl(text.trim());
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const host = bareHost(url);
      let exchange: Exchange | undefined;
      try {
        const address = await beforeDeadline(allowedAddress(url, rules, resolve), controller.signal);
        exchange = await send(url, address, controller.signal);
        const { response } = exchange;
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location !== undefined) {
          exchange.abort();
          if (redirects >= maxRedirects) {
            throw unusable(
              `The image URL redirects more than ${maxRedirects} times: link to the image itself.`,
            );
          }
          url = parseUrl(response.headers.location, url);
          continue;
        }
        if (status !== 200) {
          exchange.abort();
          throw unusable(
            `The image at ${host} answered HTTP ${status} instead of the image: check the link.`,
          );
        }
        const declared = (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        if (!isAiImageType(declared)) {
          exchange.abort();
          throw unusable(
            `The link at ${host} gives ${declared === '' ? 'a file without a type' : declared}, not a JPEG, PNG or WebP image: link to the image file itself.`,
          );
        }
        const length = Number(response.headers['content-length']);
        if (Number.isFinite(length) && length > maxBytes) {
          exchange.abort();
          throw tooLarge(host, length, maxBytes);
        }
        const bytes = await readBody(exchange, host, maxBytes);
        const sniffed = sniffedType(bytes);
        if (sniffed === null) {
          throw unusable(
            `The file at ${host} says it is ${declared} but does not hold a JPEG, PNG or WebP image.`,
          );
        }
        return {
          imageType: sniffed,
          base64Image: bytes.toString('base64'),
          bytes: bytes.length,
          finalUrl: url.href,
        };
      } catch (error) {
        exchange?.abort();
        throw networkFailure(error, host, timeoutMs, timedOut);
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
