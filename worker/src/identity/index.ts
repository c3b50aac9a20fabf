/** Who may call the worker: Google ID tokens, worker keys, the sandbox dev key, and the allow-list. */
export {
  createAccessPolicy,
  type AccessDecision,
  type AccessPolicy,
  type AccessPolicyOptions,
} from './access-policy';
export {
  MISSING_CREDENTIAL_MESSAGE,
  createAuthenticator,
  createAuthenticatorFromChecker,
  readBearer,
  type AuthLogger,
  type AuthenticatorOptions,
} from './authenticate';
export {
  createCredentialChecker,
  type AuthFailureCode,
  type AuthOutcome,
  type CredentialChecker,
  type CredentialCheckerOptions,
} from './credential-checker';
export { createDevKey } from './dev-key';
export { sendError } from './error-answer';
export {
  GOOGLE_PEM_CERTS_URL,
  IdTokenError,
  createIdTokenVerifier,
  type IdTokenErrorCode,
  type IdTokenVerifier,
  type IdTokenVerifierOptions,
  type VerifiedIdToken,
} from './id-token-verifier';
export { DEV_IDENTITY, requireIdentity, type CredentialKind, type Identity, type Role } from './identity';
export { createKeysRouter, type IssuedKeyAnswer, type KeysRouterOptions } from './keys-router';
export { requireAdmin } from './require-admin';
