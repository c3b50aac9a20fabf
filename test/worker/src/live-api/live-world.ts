import type { Express } from 'express';
import request from 'supertest';
import {
  TEST_CLIENT_ID,
  makeSigningKey,
  mintIdToken,
  startCertServer,
  validClaims,
} from '../../../../worker/playground/fake-google';
import { createApp } from '../../../../worker/src/app';
import { createUpstreamFromConfig, createWorkerDeps } from '../../../../worker/src/app-deps';
import type { AppDeps } from '../../../../worker/src/app';
import { parseWorkerConfig } from '../../../../worker/src/config';
import { createIdTokenVerifier } from '../../../../worker/src/identity/id-token-verifier';
import { createLogger } from '../../../../worker/src/logging/logger';
import { createUpstreamMonitor } from '../../../../worker/src/operations/health/health-upstream-monitor';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { systemClock } from '../../../../worker/common/clock';
import { RECORDED_TOKEN, startRecordedUpstream, type RecordedUpstream } from './recorded-upstream';

/**
 * The worker in live mode, as a deployment runs it: `DISCOVERY_API_URL` points at a local upstream
 * over real HTTP (recorded-upstream.ts), nobody is let in without a Google ID token (minted here
 * with a local key, checked against a local certificate server), the store is real (in memory).
 */
export interface LiveWorld {
  app: Express;
  deps: AppDeps;
  upstream: RecordedUpstream;
  /** A member of the team, and the admin (ADMIN_EMAILS). */
  member: string;
  admin: string;
  logs(): string;
  get(path: string, as?: string): request.Test;
  post(path: string, body: unknown, as?: string): request.Test;
  close(): Promise<void>;
}

export const MEMBER = 'ana@team.com';
export const ADMIN = 'boss@team.com';

export async function startLiveWorld(env: Record<string, string> = {}): Promise<LiveWorld> {
  const upstream = await startRecordedUpstream();
  const googleKey = makeSigningKey('live-kid');
  const certs = await startCertServer([googleKey]);
  const config = parseWorkerConfig({
    DISCOVERY_API_URL: upstream.baseUrl,
    DISCOVERY_API_TOKEN: RECORDED_TOKEN,
    GOOGLE_CLIENT_IDS: TEST_CLIENT_ID,
    GOOGLE_CERTS_URL: certs.url,
    ALLOWED_DOMAINS: 'team.com',
    ADMIN_EMAILS: ADMIN,
    LOG_LEVEL: 'debug',
    ...env,
  });
  const lines: string[] = [];
  const logger = createLogger({
    level: config.logLevel,
    destination: { write: (line: string) => lines.push(line) },
  });
  const store = openStore({ memory: true, reportCacheDays: config.reportCacheDays });
  const upstreamMonitor = createUpstreamMonitor(systemClock);
  const client = createUpstreamFromConfig(config, {
    baseUrl: upstream.baseUrl,
    logger,
    monitor: upstreamMonitor,
    drift: store.drift,
    retry: { baseDelayMs: 5, maxDelayMs: 40 },
  });
  const deps = createWorkerDeps({
    config,
    store,
    upstream: client,
    upstreamMonitor,
    logger,
    verifier: createIdTokenVerifier({ clientIds: [TEST_CLIENT_ID], certsUrl: certs.url }),
  });
  const app = createApp(deps);
  const tokens = new Map<string, string>();
  const bearer = (email: string) => {
    let token = tokens.get(email);
    if (token === undefined) {
      token = mintIdToken(googleKey, validClaims({ email, hd: 'team.com' }));
      tokens.set(email, token);
    }
    return { Authorization: `Bearer ${token}` };
  };
  return {
    app,
    deps,
    upstream,
    member: MEMBER,
    admin: ADMIN,
    logs: () => lines.join(''),
    get: (path, as = MEMBER) => request(app).get(path).set(bearer(as)),
    post: (path, body, as = MEMBER) =>
      request(app)
        .post(path)
        .set(bearer(as))
        .send(body as object),
    close: async () => {
      await deps.jobRunner.stop(5000);
      await deps.background.drain(10_000);
      store.close();
      await upstream.close();
      await certs.close();
    },
  };
}
