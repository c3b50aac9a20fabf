import type { SigningKey } from '../../../worker/playground/fake-google';
import type { HostInit } from '../../../worker/playground/host-protocol';
import { TINY_SAMPLE } from './tiny-project';

/**
 * What the host tests start the Apps Script process with: the tiny project in `addonDir`, no page
 * build, the playground's user signed in with `key`, and a worker nobody listens at (a test that
 * needs one, or the emulator, says so in `over`).
 */
export function tinyHostInit(addonDir: string, key: SigningKey, over: Partial<HostInit> = {}): HostInit {
  return {
    workerUrl: 'http://127.0.0.1:9/',
    addonDir,
    pageDir: null,
    user: 'you@playground.test',
    clientId: 'playground-test-client',
    signingKey: {
      kid: key.kid,
      publicPem: key.publicPem,
      privatePem: key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    sample: TINY_SAMPLE,
    ...over,
  };
}
