import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DATA_SECRET_FILE,
  dataSecretFor,
  loadOrCreateDataSecret,
  parseDataSecret,
  SecretBytes,
} from '../../../../../worker/src/store/sealing/data-secret';
import { makeTempDir } from '../store-fixtures';

/** Issue 16: the data secret from the environment (DATA_SECRET), the file staying the default. */

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));
function tempDir(): string {
  const { dir, cleanup } = makeTempDir('creator-sheets-secret-');
  cleanups.push(cleanup);
  return dir;
}

describe('parseDataSecret', () => {
  const bytes = randomBytes(32);

  it.each([
    ['64 hex characters', bytes.toString('hex')],
    ['64 hex characters in capitals', bytes.toString('hex').toUpperCase()],
    ['base64 (openssl rand -base64 32)', bytes.toString('base64')],
    ['base64 without its padding', bytes.toString('base64').replace(/=$/, '')],
    ['URL-safe base64', bytes.toString('base64url')],
    ['base64 with the newline a file or a shell leaves', `${bytes.toString('base64')}\n`],
  ])('reads %s', (_name, text) => {
    expect(parseDataSecret(text)).toEqual(bytes);
  });

  it.each([
    ['a passphrase', 'correct horse battery staple'],
    ['16 bytes in hex', randomBytes(16).toString('hex')],
    ['16 bytes in base64', randomBytes(16).toString('base64')],
    ['33 bytes in base64', randomBytes(33).toString('base64')],
    ['63 hex characters', bytes.toString('hex').slice(1)],
    ['hex with a character that is not hex', `g${bytes.toString('hex').slice(1)}`],
    [
      'base64 with a space inside',
      `${bytes.toString('base64').slice(0, 20)} ${bytes.toString('base64').slice(21)}`,
    ],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(parseDataSecret(text)).toBeNull();
  });
});

describe('SecretBytes', () => {
  it('prints as nothing, logged as JSON or inspected, and hands out a copy', () => {
    const bytes = randomBytes(32);
    const secret = new SecretBytes(bytes);
    expect(JSON.stringify({ dataSecret: secret })).toBe('{"dataSecret":"[secret]"}');
    expect(inspect({ dataSecret: secret })).not.toContain(bytes.toString('hex').slice(0, 8));
    expect(secret.reveal()).toEqual(bytes);
    secret.reveal().fill(0);
    expect(secret.reveal()).toEqual(bytes);
  });
});

describe('dataSecretFor', () => {
  it('uses the file without DATA_SECRET, making it on first use', () => {
    const dir = tempDir();
    const made = dataSecretFor(dir, null);
    expect(dataSecretFor(dir, null)).toEqual(made);
    expect(loadOrCreateDataSecret(dir)).toEqual(made);
  });

  it('uses DATA_SECRET without writing a file, the same in every directory', () => {
    const bytes = randomBytes(32);
    const [a, b] = [tempDir(), tempDir()];
    expect(dataSecretFor(a, new SecretBytes(bytes))).toEqual(bytes);
    expect(dataSecretFor(b, new SecretBytes(bytes))).toEqual(bytes);
    // A directory used with DATA_SECRET and later without it makes a file of its own: say so in the README.
    expect(dataSecretFor(a, null)).not.toEqual(bytes);
  });

  it('accepts DATA_SECRET equal to the file, and refuses one that differs, saying both ways out', () => {
    const dir = tempDir();
    const file = randomBytes(32);
    writeFileSync(join(dir, DATA_SECRET_FILE), `${file.toString('base64')}\n`, { mode: 0o600 });
    expect(dataSecretFor(dir, new SecretBytes(file))).toEqual(file);
    expect(() => dataSecretFor(dir, new SecretBytes(randomBytes(32)))).toThrow(
      `Worker: DATA_SECRET differs from the secret in ${join(dir, DATA_SECRET_FILE)}, under which this ` +
        "data directory's caches and unfinished jobs were sealed; set DATA_SECRET to that file's content " +
        'to keep them, or delete the file to start over under DATA_SECRET (cached results are then paid ' +
        'for again and unfinished jobs fail)',
    );
  });
});
