import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { SandboxWorld } from '../sandbox/server';
import type { WorkerConfig } from '../src/config';
import type { IdTokenVerifier, IdTokenVerifierOptions } from '../src/identity/id-token-verifier';
import { AppsScriptHost } from './apps-script-host';
import { startGoogleRelay, type GoogleRelay } from './google-relay';
import { PLAYGROUND_ROUTES } from './playground-api';
import {
  makePlaygroundKey,
  PLAYGROUND_CLIENT_ID,
  PLAYGROUND_USER,
  withPlaygroundSignIn,
} from './playground-identity';
import { createPlaygroundRouter } from './playground-router';
import { sampleFromWorld } from './sample-data';
import { createServiceAccountKey } from './sheets-api/service-account-key';

/**
 * The local playground (sandbox mode, `npm start`): a page at the worker's root that stands in
 * for Google Sheets, with the real add-on built from this tree and run by the Apps Script fakes
 * in a process of their own, calling this worker as it would from Google. That process is also
 * the worker's Google for the Sheets API: unless the worker has a Google identity of its own, it
 * gets a service account made at start, which the playground's spreadsheet is shared with, so
 * server delivery and scheduled reports write into the page's spreadsheet as it shows. Nothing of
 * it is kept across restarts but what the worker stores anyway (keys, jobs, schedules, the ledger).
 */

/** The worker's Sheets settings (its config's `sheets`). */
type SheetsSettings = WorkerConfig['sheets'];

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
  /**
   * The worker's Sheets settings: `configured` when the worker has a Google identity of its own
   * (GOOGLE_APPLICATION_CREDENTIALS, Cloud Run), else the playground's service account at the
   * playground's emulator (through google-relay.ts: at once, while its process still starts).
   */
  sheets(configured: SheetsSettings): Promise<SheetsSettings>;
  /** Settles when the add-on is loaded; rejects with why it could not be. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** Known addresses and public handles per platform in the sample spreadsheet. */
const SAMPLE_COUNTS = { emails: 17, handles: 15 };
/** The worker's address as the playground's Google knows it (Settings > Server delivery shows it). */
const SERVICE_ACCOUNT = {
  projectId: 'creator-sheets-playground',
  clientEmail: 'worker@creator-sheets-playground.iam.gserviceaccount.com',
};

export function startPlayground(options: PlaygroundOptions): Playground {
  const log = options.logger.child({ component: 'playground' });
  const root = path.join(options.dataDir, 'playground');
  rmSync(root, { recursive: true, force: true });
  const pageDir = path.join(root, 'page');
  const addonDir = path.join(root, 'addon');
  const key = makePlaygroundKey();
  const account = createServiceAccountKey(SERVICE_ACCOUNT);
  const keyFile = path.join(root, 'google', 'service-account.json');
  mkdirSync(path.dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, JSON.stringify(account.keyFile), { mode: 0o600 });
  const host = new AppsScriptHost({
    init: {
      workerUrl: options.workerUrl,
      addonDir,
      pageDir,
      user: PLAYGROUND_USER,
      clientId: PLAYGROUND_CLIENT_ID,
      signingKey: {
        kid: key.kid,
        publicPem: key.publicPem,
        privatePem: key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      sample: sampleFromWorld(options.world, SAMPLE_COUNTS),
      google: { clientEmail: account.clientEmail, publicKeyPem: account.publicKeyPem, keyId: account.keyId },
    },
    onOutput: (line) => log.debug({ line }, 'apps script process'),
    onStatus: (status) => {
      if (status.phase === 'ready') log.info('playground ready');
      if (status.phase === 'failed') log.error({ reason: status.message }, 'playground failed');
    },
  });
  const certsUrl = new URL(PLAYGROUND_ROUTES.certs, options.workerUrl).toString();
  let relay: Promise<GoogleRelay> | null = null;
  host.googleApiUrl.catch((error: unknown) =>
    log.warn({ err: error }, "the playground's Sheets API did not start: no server delivery in it"),
  );
  return {
    router: createPlaygroundRouter({
      host,
      pageDir,
      addonDir,
      user: PLAYGROUND_USER,
      certs: () => ({ [key.kid]: key.publicPem }),
    }),
    host,
    verifier: (google) =>
      withPlaygroundSignIn(google, options.createVerifier({ clientIds: [PLAYGROUND_CLIENT_ID], certsUrl })),
    sheets: async (configured) => {
      if (configured.identity !== null) {
        log.info('the worker keeps its own Google identity: the playground does not write through it');
        return configured;
      }
      try {
        relay ??= startGoogleRelay(host.googleApiUrl);
        const { url } = await relay;
        log.info(
          { serviceAccount: account.clientEmail, googleApiUrl: url },
          "the worker writes into the playground's spreadsheet through the playground's Sheets API",
        );
        return { identity: { kind: 'key-file', path: keyFile }, googleApiUrl: url };
      } catch (error) {
        log.warn({ err: error }, "the playground's Sheets API cannot be reached: no server delivery in it");
        return configured;
      }
    },
    ready: host.ready,
    stop: async () => {
      await host.stop();
      const opened = await relay?.catch(() => null);
      await opened?.close();
    },
  };
}
