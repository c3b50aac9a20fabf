import { randomBytes } from 'node:crypto';

/**
 * A fresh development key for sandbox mode, printed at start-up so the product can be tried at
 * once. It maps to DEV_IDENTITY (identity.ts). It lives only in the process: a restart makes a new
 * one, and with a real API token configured there is none.
 */
export function createDevKey(): string {
  return `csdev_${randomBytes(24).toString('base64url')}`;
}
