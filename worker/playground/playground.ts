import { rmSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { SandboxWorld } from '../sandbox/server';
import type { IdTokenVerifier, IdTokenVerifierOptions } from '../src/identity/id-token-verifier';
import { AppsScriptHost } from './apps-script-host';
import { PLAYGROUND_ROUTES } from './playground-api';
import {
  makePlaygroundKey,
  PLAYGROUND_CLIENT_ID,
  PLAYGROUND_USER,
  withPlaygroundSignIn,
} from './playground-identity';
import { createPlaygroundRouter } from './playground-router';
import { sampleFromWorld } from './sample-data';

/**
 * The local playground (sandbox mode, `npm start`): a page at the worker's root that stands in
 * for Google Sheets, with the real add-on built from this tree and run by the Apps Script fakes
 * in a process of their own, calling this worker as it would from Google. Nothing of it is kept
 * across restarts but what the worker stores anyway (keys, jobs, the ledger).
 */

export interface PlaygroundOptions {
  /** This worker as the add-on calls it, e.g. http://127.0.0.1:8787/ (with the slash). */
  workerUrl: string;
  /** The worker's DATA_DIR: the builds go to its `playground` folder. */
  dataDir: string;
  world: SandboxWorld;
  logger: Logger;
  /**
   * The worker's own ID-token verifier, handed in by the composition root (worker/start.ts): the
   * playground signs its user in as Google would, and the worker checks those tokens the way it
   * checks Google's, against the playground's certificate endpoint.
   */
  createVerifier: (options: IdTokenVerifierOptions) => IdTokenVerifier;
}

export interface Playground {
  /** Mounted by createApp before its own routes. */
  router: RequestHandler;
  host: AppsScriptHost;
  /** Google's verifier for the worker, with the playground's sign-in beside it. */
  verifier(google: IdTokenVerifier): IdTokenVerifier;
  /** Settles when the add-on is loaded; rejects with why it could not be. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** Known addresses and public handles per platform in the sample spreadsheet. */
const SAMPLE_COUNTS = { emails: 17, handles: 15 };

export function startPlayground(options: PlaygroundOptions): Playground {
  const log = options.logger.child({ component: 'playground' });
  const root = path.join(options.dataDir, 'playground');
  rmSync(root, { recursive: true, force: true });
  const pageDir = path.join(root, 'page');
  const key = makePlaygroundKey();
  const host = new AppsScriptHost({
    init: {
      workerUrl: options.workerUrl,
      addonDir: path.join(root, 'addon'),
      pageDir,
      user: PLAYGROUND_USER,
      clientId: PLAYGROUND_CLIENT_ID,
      signingKey: {
        kid: key.kid,
        publicPem: key.publicPem,
        privatePem: key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      sample: sampleFromWorld(options.world, SAMPLE_COUNTS),
    },
    onOutput: (line) => log.debug({ line }, 'apps script process'),
    onStatus: (status) => {
      if (status.phase === 'ready') log.info('playground ready');
      if (status.phase === 'failed') log.error({ reason: status.message }, 'playground failed');
    },
  });
  const certsUrl = new URL(PLAYGROUND_ROUTES.certs, options.workerUrl).toString();
  return {
    router: createPlaygroundRouter({
      host,
      pageDir,
      user: PLAYGROUND_USER,
      certs: () => ({ [key.kid]: key.publicPem }),
    }),
    host,
    verifier: (google) =>
      withPlaygroundSignIn(google, options.createVerifier({ clientIds: [PLAYGROUND_CLIENT_ID], certsUrl })),
    ready: host.ready,
    stop: () => host.stop(),
  };
}
