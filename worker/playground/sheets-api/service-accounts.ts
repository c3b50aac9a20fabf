import { createPublicKey, type KeyObject } from 'node:crypto';

export interface ServiceAccountRegistration {
  clientEmail: string;
  /** The public half of the key the account signs its JWTs with (SPKI PEM or an X.509 certificate). */
  publicKeyPem: string;
  /** The key file's `private_key_id`; a JWT naming another `kid` is refused. */
  keyId?: string;
  /** The Cloud project the account belongs to: the "per project" quotas are counted per project. */
  projectNumber?: string;
}

export interface ServiceAccount {
  clientEmail: string;
  publicKey: KeyObject;
  keyId: string | null;
  projectNumber: string;
}

export const DEFAULT_PROJECT_NUMBER = '100000000001';

/** The accounts the emulator's Google knows: a JWT from anyone else gets no token. */
export class ServiceAccounts {
  private readonly accounts = new Map<string, ServiceAccount>();

  add(registration: ServiceAccountRegistration): ServiceAccount {
    const account: ServiceAccount = {
      clientEmail: registration.clientEmail,
      publicKey: createPublicKey(registration.publicKeyPem),
      keyId: registration.keyId ?? null,
      projectNumber: registration.projectNumber ?? DEFAULT_PROJECT_NUMBER,
    };
    this.accounts.set(account.clientEmail.toLowerCase(), account);
    return account;
  }

  get(clientEmail: string): ServiceAccount | null {
    return this.accounts.get(clientEmail.toLowerCase()) ?? null;
  }
}
