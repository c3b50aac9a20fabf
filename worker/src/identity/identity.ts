import type { Request } from 'express';

export type Role = 'admin' | 'member';

/** How the caller proved who they are. */
export type CredentialKind = 'idToken' | 'workerKey' | 'devKey';

/** Who is calling, as every handler after the authenticator sees it. */
export interface Identity {
  /** Lowercased. */
  email: string;
  role: Role;
  via: CredentialKind;
  /** The worker key used, when `via` is `workerKey`. */
  keyId?: string;
}

/** The sandbox-mode identity of the development key. */
export const DEV_IDENTITY: Identity = Object.freeze({ email: 'dev@localhost', role: 'admin', via: 'devKey' });

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the authenticator (authenticate.ts). */
    identity?: Identity;
  }
}

/** The caller of a route mounted behind the authenticator; throws if it was mounted without one. */
export function requireIdentity(req: Request): Identity {
  if (req.identity === undefined) {
    throw new Error(`${req.method} ${req.path} is served without the authenticator in front of it`);
  }
  return req.identity;
}
