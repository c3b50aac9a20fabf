import express, { type Express } from 'express';
import { createAccessPolicy } from '../../../../worker/src/identity/access-policy';
import {
  createAuthenticatorFromChecker,
  type AuthLogger,
} from '../../../../worker/src/identity/authenticate';
import {
  createCredentialChecker,
  type CredentialChecker,
} from '../../../../worker/src/identity/credential-checker';
import { errorHandler } from '../../../../worker/src/request-io/error-answer';
import { createLogger } from '../../../../worker/src/logging/logger';
import { createIdTokenVerifier } from '../../../../worker/src/identity/id-token-verifier';
import { requireIdentity } from '../../../../worker/src/identity/identity';
import { createKeysRouter, keyListRoutes } from '../../../../worker/src/documents/keys-router';
import { ROUTE_SCHEMAS } from '../../../../worker/src/openapi/route-schemas';
import { tableRoutes } from '../../../../worker/src/http/table-routes';
import type { KeyPolicy } from '../../../../worker/src/store/rows/worker-key-rules';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { systemClock, type Clock } from '../../../../worker/common/clock';
import { createEditAccess } from '../../../../worker/src/documents/edit-access';
import {
  TEST_CLIENT_ID,
  makeSigningKey,
  startCertServer,
  type CertServer,
  type SigningKey,
} from '../../../../worker/playground/fake-google';

export const DEV_KEY = 'dev_sandbox_key_for_tests';

export interface LoggedLine {
  message: string;
  fields: Record<string, unknown>;
}

export interface AuthWorldOptions {
  /** The store's clock (key expiry); the system's by default. */
  clock?: Clock;
  /** WORKER_KEY_DAYS and WORKER_KEYS_PER_USER; the defaults when absent. */
  keyPolicy?: KeyPolicy;
  /** UNPROVEN_DOCUMENT_KEYS; `first` when absent. */
  unprovenDocumentKeys?: 'first' | 'refuse';
}

export interface AuthWorld {
  app: Express;
  store: Store;
  checker: CredentialChecker;
  googleKey: SigningKey;
  logs: LoggedLine[];
  close(): Promise<void>;
}

/**
 * A small worker with the real authenticator, keys router and store, Google played by a local
 * certificate server. `GET /api/whoami` (a sidebar's route) and `POST /api/reports` (a formula's)
 * answer the identity the authenticator attached.
 */
export async function startAuthWorld(options: AuthWorldOptions = {}): Promise<AuthWorld> {
  const googleKey = makeSigningKey('kid-1');
  const certs: CertServer = await startCertServer([googleKey]);
  const store = openStore({
    memory: true,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.keyPolicy === undefined ? {} : { keyPolicy: options.keyPolicy }),
  });
  const logs: LoggedLine[] = [];
  const logger: AuthLogger = { warn: (message, fields) => logs.push({ message, fields }) };
  const checker = createCredentialChecker({
    verifier: createIdTokenVerifier({ clientIds: [TEST_CLIENT_ID], certsUrl: certs.url }),
    keys: store.keys,
    policy: createAccessPolicy({
      allowedDomains: ['team.com'],
      allowedEmails: [],
      adminEmails: ['boss@team.com'],
    }),
    devKey: DEV_KEY,
  });
  const authenticate = createAuthenticatorFromChecker(checker, logger);
  const app = express();
  // No service account: nothing can be proven, so a document's first connector keeps it (issue 22).
  const editAccess = createEditAccess({
    access: null,
    proofs: store.editProofs,
    clock: options.clock ?? systemClock,
    proofMs: 60 * 60_000,
  });
  app.use(
    createKeysRouter({
      checker,
      keys: store.keys,
      editAccess,
      changes: store.documentChanges,
      titles: store.documentTitles,
      sheetAccess: null,
      ...(options.unprovenDocumentKeys === undefined
        ? {}
        : { unprovenDocumentKeys: options.unprovenDocumentKeys }),
      logger,
    }),
  );
  const keyList = keyListRoutes({
    keys: store.keys,
    titles: store.documentTitles,
    changes: store.documentChanges,
  });
  app.use(tableRoutes(keyList, { authenticate, schemas: ROUTE_SCHEMAS }));
  app.get('/api/whoami', authenticate, (req, res) => {
    res.json(requireIdentity(req));
  });
  // A route formulas call (FORMULA_ROUTES): what a document key may reach.
  app.post('/api/reports', authenticate, (req, res) => {
    res.json(requireIdentity(req));
  });
  app.use(errorHandler(createLogger({ level: 'silent' })));
  return {
    app,
    store,
    checker,
    googleKey,
    logs,
    close: async () => {
      store.close();
      await certs.close();
    },
  };
}
