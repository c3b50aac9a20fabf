import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/**
 * Google's side of ID tokens, offline: an RSA key pair, a certificate endpoint on 127.0.0.1 that
 * answers `{ kid: PEM }` like https://www.googleapis.com/oauth2/v1/certs, and a minter of RS256
 * tokens. Google serves X.509 certificates there; node:crypto cannot create one, and
 * google-auth-library checks signatures with `crypto.createVerify(...).verify(pem, ...)`, which takes
 * an SPKI public key PEM as well, so that is what this endpoint serves.
 */
export const TEST_CLIENT_ID = 'test-client.apps.googleusercontent.com';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicPem: string;
}

export function makeSigningKey(kid: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

export type Claims = Record<string, unknown>;

export function validClaims(overrides: Claims = {}): Claims {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'https://accounts.google.com',
    aud: TEST_CLIENT_ID,
    sub: '1234567890',
    email: 'ana@team.com',
    email_verified: true,
    hd: 'team.com',
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function mintIdToken(key: SigningKey, claims: Claims = validClaims(), header: Claims = {}): string {
  const signed = `${encode({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...header })}.${encode(claims)}`;
  return `${signed}.${sign('RSA-SHA256', Buffer.from(signed), key.privateKey).toString('base64url')}`;
}

export interface CertServer {
  url: string;
  requests: () => number;
  close: () => Promise<void>;
}

export async function startCertServer(keys: readonly SigningKey[]): Promise<CertServer> {
  let requests = 0;
  const body = JSON.stringify(Object.fromEntries(keys.map((key) => [key.kid, key.publicPem])));
  const server: Server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v1/certs`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
