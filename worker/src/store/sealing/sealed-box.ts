import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

/** Thrown when sealed data cannot be opened: another data secret, or bytes that were altered. */
export class SealedDataError extends Error {
  override readonly name = 'SealedDataError';
}

/**
 * AES-256-GCM for what must be stored but never readable from the database alone: the addresses
 * of an e-mail job (so a restarted worker can resume it) and every job's result rows. `context`
 * is bound as associated data, so a sealed value copied into another job or position fails to open.
 * Layout: version byte, 12-byte IV, 16-byte tag, ciphertext.
 */
export class SealedBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new RangeError(`a seal key must be 32 bytes, got ${key.length}`);
  }

  seal(plaintext: string, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  }

  open(sealed: Buffer, context: string): string {
    if (sealed.length < HEADER_BYTES || sealed[0] !== VERSION) {
      throw new SealedDataError(`sealed data for ${context} is not in a known format`);
    }
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, HEADER_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SealedDataError(
        `sealed data for ${context} cannot be opened: the data directory's secret changed or the data was altered`,
      );
    }
  }
}
