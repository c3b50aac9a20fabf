import { hash, timingSafeEqual } from 'node:crypto';
import type { KeyRepository } from '../store/key-repository';
import { isWorkerKeyShaped } from '../store/rows/worker-key-rules';
import type { AccessPolicy, AccountProof } from './access-policy';
import { IdTokenError, type IdTokenVerifier } from './id-token-verifier';
import { DEV_IDENTITY, type CredentialKind, type Identity } from './identity';

type AuthFailureCode = 'unauthenticated' | 'forbidden' | 'unavailable';

export type AuthOutcome =
  | { ok: true; identity: Identity }
  | {
      ok: false;
      status: 401 | 403 | 503;
      code: AuthFailureCode;
      message: string;
      /** What the credential looked like; never the credential. */
      via: CredentialKind | null;
      /** The address a valid credential proved, when access was refused for it. */
      email?: string;
    };

export interface CredentialCheckerOptions {
  verifier: IdTokenVerifier;
  keys: KeyRepository;
  policy: AccessPolicy;
  /** Sandbox mode's development key; absent with a real API token configured. */
  devKey?: string;
}

export interface CredentialChecker {
  /** `accept` limits the kinds taken: `POST /api/keys` takes only ID tokens. */
  check(credential: string, accept?: readonly CredentialKind[]): Promise<AuthOutcome>;
}

const ALL_KINDS: readonly CredentialKind[] = ['idToken', 'workerKey', 'devKey'];
/** Worker keys whose identity is kept made: as many as the key repositories keep verified. */
const IDENTITIES_KEPT = 1000;

/**
 * Turns a bearer credential into an identity. The access policy is applied on every request, not
 * only when a key is issued, so removing someone from the allow-list takes effect at once, and the
 * role always follows the current `ADMIN_EMAILS`. The identity's address is the policy's parsed
 * one, never the credential's text.
 */
export function createCredentialChecker(options: CredentialCheckerOptions): CredentialChecker {
  const devKeyHash = options.devKey === undefined || options.devKey === '' ? null : sha256(options.devKey);

  const refuse = (via: CredentialKind | null, message: string): AuthOutcome => ({
    ok: false,
    status: 401,
    code: 'unauthenticated',
    message,
    via,
  });

  /**
   * A worker key's admitted identity, by key id, with the decision it came from: the same key and
   * the same decision give the very same (frozen) identity, not three new objects per request.
   */
  const keyIdentities = new Map<
    string,
    { decision: unknown; documentId: string | null; outcome: AuthOutcome }
  >();

  const admit = (
    email: string,
    via: CredentialKind,
    proof: AccountProof,
    key?: { id: string; documentId: string | null },
  ): AuthOutcome => {
    const decision = options.policy.decide(email, proof);
    const known = key === undefined ? undefined : keyIdentities.get(key.id);
    if (known !== undefined && known.decision === decision && known.documentId === key?.documentId)
      return known.outcome;
    if (!decision.allowed) {
      return {
        ok: false,
        status: 403,
        code: 'forbidden',
        message: decision.reason,
        via,
        email: decision.email,
      };
    }
    const identity: Identity = { email: decision.email, role: decision.role, via };
    if (key === undefined) return { ok: true, identity };
    const fromKey = { ...identity, keyId: key.id };
    const outcome: AuthOutcome = {
      ok: true,
      identity: Object.freeze(key.documentId === null ? fromKey : { ...fromKey, documentId: key.documentId }),
    };
    if (keyIdentities.size >= IDENTITIES_KEPT) keyIdentities.clear();
    keyIdentities.set(key.id, { decision, documentId: key.documentId, outcome });
    return outcome;
  };

  return {
    async check(credential, accept = ALL_KINDS) {
      // A worker key's prefix is refused for the dev key (config.ts): no need to hash it here.
      if (
        devKeyHash !== null &&
        !isWorkerKeyShaped(credential) &&
        timingSafeEqual(sha256(credential), devKeyHash)
      ) {
        if (!accept.includes('devKey')) return refuse('devKey', 'the development key cannot be used here');
        return { ok: true, identity: DEV_IDENTITY };
      }
      if (isWorkerKeyShaped(credential)) {
        if (!accept.includes('workerKey')) {
          return refuse('workerKey', 'a worker key cannot be used here: send a Google ID token');
        }
        const key = await options.keys.verify(credential);
        if (key === null) {
          return refuse(
            'workerKey',
            'the worker key is unknown or revoked: open the sidebar to get a new one',
          );
        }
        return admit(key.email, 'workerKey', { via: 'workerKey' }, key);
      }
      if (!accept.includes('idToken')) return refuse('idToken', 'an ID token cannot be used here');
      try {
        const token = await options.verifier.verify(credential);
        return admit(token.email, 'idToken', {
          via: 'idToken',
          hostedDomain: token.hostedDomain ?? null,
        });
      } catch (error) {
        if (!(error instanceof IdTokenError)) throw error;
        if (error.code === 'certificates_unavailable') {
          return { ok: false, status: 503, code: 'unavailable', message: error.message, via: 'idToken' };
        }
        return refuse('idToken', error.message);
      }
    },
  };
}

/** One-shot `hash()`: no Hash object per request (it runs on every authenticated call). */
function sha256(text: string): Buffer {
  return hash('sha256', text, 'buffer');
}
