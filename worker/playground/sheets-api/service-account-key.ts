import { generateKeyPairSync, randomBytes } from 'node:crypto';

/** Google's token endpoint: google-auth-library posts here and signs this as the JWT's audience. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** The JSON key file Google hands out for a service account (IAM > Service accounts > Keys). */
export interface ServiceAccountKeyFile {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
  auth_provider_x509_cert_url: string;
  client_x509_cert_url: string;
  universe_domain: 'googleapis.com';
}

export interface GeneratedServiceAccount {
  /** What GOOGLE_APPLICATION_CREDENTIALS points at, as JSON. */
  keyFile: ServiceAccountKeyFile;
  /** Give this to `emulator.addServiceAccount`. */
  clientEmail: string;
  publicKeyPem: string;
  keyId: string;
}

export interface ServiceAccountKeyOptions {
  /** The account's address; default `worker-<random>@<projectId>.iam.gserviceaccount.com`. */
  clientEmail?: string;
  projectId?: string;
  /**
   * `token_uri` written into the file. Google's by default: google-auth-library's JWT client
   * posts to its own hard-coded address whatever the file says, so the emulator is reached by
   * redirecting that request (see worker/src/google/sheets-api.ts), not through this field.
   */
  tokenUri?: string;
}

/**
 * A fresh RSA key pair and the key file of a service account that owns it: for tests, the bench
 * and the playground, which register the public half with the emulator.
 */
export function createServiceAccountKey(options: ServiceAccountKeyOptions = {}): GeneratedServiceAccount {
  const projectId = options.projectId ?? 'creator-sheets-emulator';
  const clientEmail =
    options.clientEmail ?? `worker-${randomBytes(3).toString('hex')}@${projectId}.iam.gserviceaccount.com`;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyId = randomBytes(20).toString('hex');
  const clientId = String(100_000_000_000_000_000_000n + BigInt(`0x${randomBytes(8).toString('hex')}`));
  return {
    clientEmail,
    keyId,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    keyFile: {
      type: 'service_account',
      project_id: projectId,
      private_key_id: keyId,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: clientId,
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: options.tokenUri ?? GOOGLE_TOKEN_URL,
      auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
      client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(clientEmail)}`,
      universe_domain: 'googleapis.com',
    },
  };
}
