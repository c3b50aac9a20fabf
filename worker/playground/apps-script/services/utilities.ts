import { createHash, createHmac, randomUUID } from 'node:crypto';
import { FakeBlob, nodeEncoding, toBuffer } from './blob';
import type { FakeRuntime } from '../runtime/runtime';
import { zonedParts } from '../runtime/zoned-time';

const DIGEST_ALGORITHMS = {
  MD2: 'MD2',
  MD5: 'MD5',
  SHA_1: 'SHA_1',
  SHA_256: 'SHA_256',
  SHA_384: 'SHA_384',
  SHA_512: 'SHA_512',
} as const;
const NODE_DIGESTS: Record<string, string> = {
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};
const CHARSETS = { US_ASCII: 'US_ASCII', UTF_8: 'UTF_8' } as const;

/** Utilities.sleep refuses more than 5 minutes. */
const SLEEP_MAX_MS = 300_000;

/**
 * Utilities, the parts the add-on may use. Bytes go in and out as Java bytes (-128..127), as in
 * Apps Script; sleep spends time on the run's clock instead of waiting.
 */
export class FakeUtilities {
  readonly DigestAlgorithm = DIGEST_ALGORITHMS;
  readonly Charset = CHARSETS;

  constructor(private readonly runtime: FakeRuntime) {}

  computeDigest(algorithm: string, value: unknown, charset: string = CHARSETS.UTF_8): number[] {
    this.runtime.enter('Utilities.computeDigest');
    const name = NODE_DIGESTS[algorithm];
    if (name === undefined)
      throw new Error(`Invalid argument: algorithm (the fake has no ${String(algorithm)})`);
    return javaBytes(createHash(name).update(bytesOf(value, charset)).digest());
  }

  computeHmacSha256Signature(value: unknown, key: unknown, charset: string = CHARSETS.UTF_8): number[] {
    this.runtime.enter('Utilities.computeHmacSha256Signature');
    return javaBytes(createHmac('sha256', bytesOf(key, charset)).update(bytesOf(value, charset)).digest());
  }

  base64Encode(data: unknown, charset: string = CHARSETS.UTF_8): string {
    this.runtime.enter('Utilities.base64Encode');
    return bytesOf(data, charset).toString('base64');
  }

  base64EncodeWebSafe(data: unknown, charset: string = CHARSETS.UTF_8): string {
    this.runtime.enter('Utilities.base64EncodeWebSafe');
    // Apps Script keeps the padding in its web-safe alphabet.
    return bytesOf(data, charset).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  }

  base64Decode(encoded: string): number[] {
    this.runtime.enter('Utilities.base64Decode');
    return javaBytes(decodeBase64(encoded, /^[A-Za-z0-9+/]*={0,2}$/));
  }

  base64DecodeWebSafe(encoded: string): number[] {
    this.runtime.enter('Utilities.base64DecodeWebSafe');
    return javaBytes(decodeBase64(encoded, /^[A-Za-z0-9_-]*={0,2}$/));
  }

  newBlob(data: unknown, contentType: string | null = null, name: string | null = null): FakeBlob {
    this.runtime.enter('Utilities.newBlob');
    return new FakeBlob(toBuffer(data, 'data'), contentType, name);
  }

  /** Spends the time on the run's clock: a run that sleeps past its limit ends. */
  sleep(milliseconds: number): void {
    this.runtime.enter('Utilities.sleep');
    if (typeof milliseconds !== 'number' || !Number.isFinite(milliseconds) || milliseconds < 0) {
      throw new Error('Invalid argument: milliseconds');
    }
    if (milliseconds > SLEEP_MAX_MS)
      throw new Error(`Invalid argument: milliseconds must be at most ${SLEEP_MAX_MS}`);
    this.runtime.spend(Math.floor(milliseconds));
  }

  getUuid(): string {
    this.runtime.enter('Utilities.getUuid');
    return randomUUID();
  }

  /**
   * Java SimpleDateFormat, the common letters: yyyy yy MM dd HH hh mm ss SSS a, 'quoted' text,
   * in any IANA time zone.
   */
  formatDate(date: Date, timeZone: string, format: string): string {
    this.runtime.enter('Utilities.formatDate');
    if (Object.prototype.toString.call(date) !== '[object Date]' || Number.isNaN(date.getTime())) {
      throw new Error('Invalid argument: date');
    }
    const parts = zonedParts(date, timeZone);
    return format.replace(/'([^']*)'|yyyy|yy|MM|dd|HH|hh|mm|ss|SSS|a/g, (token: string, quoted?: string) => {
      if (quoted !== undefined) return quoted === '' ? "'" : quoted;
      const two = (n: number) => String(n).padStart(2, '0');
      switch (token) {
        case 'yyyy':
          return String(parts.year);
        case 'yy':
          return two(parts.year % 100);
        case 'MM':
          return two(parts.month);
        case 'dd':
          return two(parts.day);
        case 'HH':
          return two(parts.hour);
        case 'hh':
          return two(parts.hour % 12 === 0 ? 12 : parts.hour % 12);
        case 'mm':
          return two(parts.minute);
        case 'ss':
          return two(parts.second);
        case 'SSS':
          return String(date.getUTCMilliseconds()).padStart(3, '0');
        default:
          return parts.hour < 12 ? 'AM' : 'PM';
      }
    });
  }
}

function bytesOf(data: unknown, charset: string): Buffer {
  if (typeof data === 'string') return Buffer.from(data, nodeEncoding(charset.replace('_', '-')));
  return toBuffer(data, 'value');
}

function javaBytes(buffer: Buffer): number[] {
  return [...new Int8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)];
}

function decodeBase64(encoded: unknown, alphabet: RegExp): Buffer {
  if (typeof encoded !== 'string' || !alphabet.test(encoded.replace(/\s/g, ''))) {
    throw new Error('Could not decode string.');
  }
  return Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}
