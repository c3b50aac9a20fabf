import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { inspect } from 'node:util';

/**
 * One random secret per data directory, kept in its own file beside the database (mode 0600), or
 * given as DATA_SECRET (below), and never inside the database: a copy of the database alone then
 * cannot be reversed with a dictionary of e-mail addresses (every cache key is an HMAC under it)
 * nor decrypted (job inputs, checkpoints and rows are sealed under it). Losing the secret costs
 * the caches (their keys stop matching, so cached reports and pages are paid for again) and
 * unfinished jobs (they cannot be resumed and fail with a readable reason); nothing else.
 */
export const DATA_SECRET_FILE = 'store-secret.key';

const SECRET_BYTES = 32;

export function loadOrCreateDataSecret(dataDir: string): Buffer {
  const path = join(dataDir, DATA_SECRET_FILE);
  try {
    // 'wx' fails when the file exists, so two processes starting together keep the first secret.
    writeFileSync(path, `${randomBytes(SECRET_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (!isFileExists(error)) throw error;
  }
  // A secret restored from a backup may come back world-readable.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const secret = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (secret.length !== SECRET_BYTES) {
    throw new Error(
      `${path} must hold ${SECRET_BYTES} random bytes in base64, got ${secret.length} bytes; ` +
        'restore it from a backup, or delete it to start over (cached e-mail results and unfinished e-mail jobs are then lost)',
    );
  }
  return secret;
}

/**
 * `DATA_SECRET`: the same 32 bytes from the environment instead of the file, for hosts without a
 * lasting disk (Cloud Run) and for several workers on one shared store, which must all seal and
 * hash under one secret. Written as 64 hex characters (`openssl rand -hex 32`) or as base64 of the
 * 32 bytes, standard or URL-safe, padding optional (`openssl rand -base64 32`). Base64 is also the
 * file's own format, so `DATA_SECRET="$(cat data/store-secret.key)"` moves a worker from the file
 * to the environment with its caches and jobs intact.
 */
export const DATA_SECRET_FORMAT =
  '32 random bytes written as 64 hex characters (openssl rand -hex 32) or as base64 (openssl rand -base64 32)';

/** The secret's bytes, or null when `text` is not written as DATA_SECRET_FORMAT says. */
export function parseDataSecret(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  // 32 bytes are 43 base64 characters, then one "=" of padding.
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === SECRET_BYTES ? bytes : null;
}

/**
 * A secret's bytes that print as nothing: a settings object logged or inspected whole (pino
 * serializes with toJSON, console and util.inspect with inspect.custom) must not carry them.
 */
export class SecretBytes {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = Buffer.from(bytes);
  }
  /** A copy, for the one place that derives keys from it. */
  reveal(): Buffer {
    return Buffer.from(this.#bytes);
  }
  /** The forms it may have been written in, for the log's last-line scrub. */
  spellings(): string[] {
    return [this.#bytes.toString('hex'), this.#bytes.toString('base64'), this.#bytes.toString('base64url')];
  }
  toJSON(): string {
    return '[secret]';
  }
  [inspect.custom](): string {
    return 'SecretBytes [secret]';
  }
}

/**
 * The data directory's secret: DATA_SECRET when set, else its file (made on first use). A
 * DATA_SECRET that differs from a file already there is refused rather than used: what the
 * directory holds was sealed and hashed under the file's secret, and would silently stop
 * matching (cached results paid for again, unfinished jobs lost).
 */
export function dataSecretFor(dataDir: string, fromEnvironment: SecretBytes | null): Buffer {
  if (fromEnvironment === null) return loadOrCreateDataSecret(dataDir);
  const secret = fromEnvironment.reveal();
  const path = join(dataDir, DATA_SECRET_FILE);
  let file: Buffer | null;
  try {
    file = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  } catch (error) {
    if (!isFileMissing(error)) throw error;
    file = null;
  }
  if (file !== null && (file.length !== secret.length || !timingSafeEqual(file, secret))) {
    throw new Error(
      `Worker: DATA_SECRET differs from the secret in ${path}, under which this data directory's ` +
        "caches and unfinished jobs were sealed; set DATA_SECRET to that file's content to keep them, " +
        'or delete the file to start over under DATA_SECRET (cached results are then paid for again ' +
        'and unfinished jobs fail)',
    );
  }
  return secret;
}

export function randomDataSecret(): Buffer {
  return randomBytes(SECRET_BYTES);
}

/** Separate keys per use, so an HMAC key is never also an encryption key. */
interface DerivedKeys {
  emailCacheKey: Buffer;
  /** Every cache entry's stored key (cache-repository.ts), whatever its namespace. */
  cacheKey: Buffer;
  sealKey: Buffer;
  /** Signs edit-proof challenges (issue 22): any instance sharing the secret verifies them. */
  editProofKey: Buffer;
}

export function deriveKeys(secret: Buffer): DerivedKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
  return {
    emailCacheKey: derive('creator-sheets email cache key v1'),
    cacheKey: derive('creator-sheets cache entry key v1'),
    sealKey: derive('creator-sheets sealed job data v1'),
    editProofKey: derive('creator-sheets edit proof challenge v1'),
  };
}

function isFileExists(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST';
}

function isFileMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
