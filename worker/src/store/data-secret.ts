import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hkdfSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';

/**
 * One random secret per data directory, kept in its own file beside the database (mode 0600) and
 * never inside it: a copy of the database alone then cannot be reversed with a dictionary of
 * e-mail addresses (every cache key is an HMAC under it) nor decrypted (job inputs, checkpoints and
 * rows are sealed under it). Losing the file costs the caches (their keys stop matching, so cached
 * reports and pages are paid for again) and unfinished jobs (they cannot be resumed and fail with
 * a readable reason); nothing else.
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

export function randomDataSecret(): Buffer {
  return randomBytes(SECRET_BYTES);
}

/** Separate keys per use, so an HMAC key is never also an encryption key. */
interface DerivedKeys {
  emailCacheKey: Buffer;
  /** Every cache entry's stored key (cache-repository.ts), whatever its namespace. */
  cacheKey: Buffer;
  sealKey: Buffer;
}

export function deriveKeys(secret: Buffer): DerivedKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
  return {
    emailCacheKey: derive('creator-sheets email cache key v1'),
    cacheKey: derive('creator-sheets cache entry key v1'),
    sealKey: derive('creator-sheets sealed job data v1'),
  };
}

function isFileExists(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST';
}
