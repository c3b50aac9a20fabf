import type { Request } from 'express';
import {
  EDIT_PROOF_HEADER,
  EDIT_PROOF_METADATA_KEY,
  EDIT_PROOF_REQUIRED,
} from '../../../shared/worker-api/edit-proof';
import type { Clock } from '../../common/clock';
import type { SheetAccess } from '../google/sheet-access';
import { TokenBuckets } from '../request-io/token-buckets';
import { WorkerError } from '../request-io/worker-error';
import type { Identity } from '../identity/identity';
import type { EditProofRepository, KeptProof, ProofOutcome } from '../store/edit-proof-repository';
import { makeChallenge, readChallenge } from './edit-proof-challenge';

/**
 * Proof that the caller can edit a spreadsheet (issue 22; the protocol: shared/worker-api/edit-proof.ts).
 * A proof is kept per person and spreadsheet for EDIT_PROOF_MINUTES (60 by default): a person
 * removed from a spreadsheet keeps acting on it through the worker for at most that long after
 * their last proof, the same bound as the Google ID token the sidebar signs in with (an hour), and
 * a sidebar's calls cost Google one read per person and spreadsheet per period instead of one per
 * call. "Cannot be proven" (the spreadsheet is not shared with the service account) is kept
 * UNPROVABLE_KEPT_MS, so a sidebar open on such a sheet does not ask Google at every call; a
 * request that carries a proof is always checked again (sharing may have changed).
 */
export interface EditAccess {
  /**
   * `proven`, or `unprovable` when the worker cannot read the spreadsheet (no service account, not
   * shared with it). Throws WorkerError: 403 `edit_proof_required` with a challenge (nothing kept,
   * nothing presented, or a presented challenge expired), 403 `edit_proof_failed`, 503 when
   * Google cannot be asked.
   */
  check(
    identity: Identity,
    documentId: string,
    presented: string | undefined,
    options?: CheckOptions,
  ): Promise<ProofOutcome>;
  /**
   * As `check`, for an action that needs a proof: `unprovable` becomes 403 `edit_proof_unavailable`
   * with what to do about it.
   */
  require(identity: Identity, documentId: string, presented: string | undefined): Promise<void>;
  /** The kept result for this person and spreadsheet, and until when it stands; null: none. */
  standing(identity: Identity, documentId: string): Promise<KeptProof | null>;
}

export interface CheckOptions {
  /**
   * A kept "cannot be proven" is not enough: ask for a new proof (the caller is about to take over
   * a document, and may just have shared it with the service account).
   */
  fresh?: boolean;
}

export interface EditAccessOptions {
  /** null: the worker has no service account, and can prove nothing. */
  access: SheetAccess | null;
  proofs: EditProofRepository;
  clock: Clock;
  /** EDIT_PROOF_MINUTES in ms. */
  proofMs: number;
}

export const DEFAULT_EDIT_PROOF_MINUTES = 60;
/**
 * Checks with Google per person, in bursts of this many, then this many a minute: each costs a read
 * of the spreadsheet's quota (60 a minute per spreadsheet for the one service account), and a
 * member can mint challenges for a spreadsheet they cannot edit; without a bound they could spend
 * that quota and slow its schedules. The add-on needs one per person, spreadsheet and hour.
 */
export const GOOGLE_CHECKS_PER_MINUTE = 6;
/** How long "the worker cannot read this spreadsheet" stands before Google is asked again. */
export const UNPROVABLE_KEPT_MS = 10 * 60_000;
const GOOGLE_RETRY_SECONDS = 30;

/** The challenge the add-on wrote, as the request carries it. */
export function presentedProof(req: Request): string | undefined {
  const value = req.get(EDIT_PROOF_HEADER);
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function createEditAccess(options: EditAccessOptions): EditAccess {
  const { access, proofs, clock } = options;
  const googleChecks = new TokenBuckets({
    perSecond: GOOGLE_CHECKS_PER_MINUTE / 60,
    capacity: GOOGLE_CHECKS_PER_MINUTE,
    maxBuckets: 10_000,
    clock,
  });

  const challengeError = (identity: Identity, documentId: string, message: string) =>
    new WorkerError(403, EDIT_PROOF_REQUIRED, message, {
      details: { challenge: makeChallenge(proofs.macOf, identity.email, documentId, clock.now()) },
    });

  const verify = async (identity: Identity, documentId: string, presented: string): Promise<ProofOutcome> => {
    const reading = readChallenge(proofs.macOf, presented, identity.email, documentId, clock.now());
    if (reading === 'expired') {
      throw challengeError(
        identity,
        documentId,
        'The proof of edit access expired: write this new one and ask again.',
      );
    }
    if (reading !== 'ok') {
      throw new WorkerError(
        403,
        'edit_proof_failed',
        'This proof of edit access was not made for you and this spreadsheet: ask without it for a challenge of your own.',
      );
    }
    const waitMs = googleChecks.take(identity.email.toLowerCase());
    if (waitMs > 0) {
      throw new WorkerError(
        429,
        'too_many_proofs',
        'Too many proofs of edit access in a minute: wait a moment and try again.',
        { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
      );
    }
    let found: Awaited<ReturnType<SheetAccess['findMetadata']>>;
    try {
      found = await (access as SheetAccess).findMetadata(documentId, EDIT_PROOF_METADATA_KEY, presented);
    } catch (error) {
      throw new WorkerError(
        503,
        'google_unavailable',
        `${(error as Error).message.replace(/\.?$/, '.')} Try again in a moment.`,
        {
          retryAfterSeconds: GOOGLE_RETRY_SECONDS,
        },
      );
    }
    if (found === 'absent') {
      throw new WorkerError(
        403,
        'edit_proof_failed',
        'The proof of edit access is not in this spreadsheet: only someone who can edit it can add it. Open Creator Sheets in the spreadsheet (Extensions > Creator Sheets) and try again there.',
      );
    }
    const outcome: ProofOutcome = found === 'found' ? 'proven' : 'unprovable';
    const keptFor = outcome === 'proven' ? options.proofMs : UNPROVABLE_KEPT_MS;
    await proofs.keep(identity.email, documentId, outcome, clock.now() + keptFor);
    return outcome;
  };

  const check: EditAccess['check'] = async (identity, documentId, presented, checkOptions = {}) => {
    if (access === null) return 'unprovable';
    if (presented !== undefined) return verify(identity, documentId, presented);
    const kept = await proofs.kept(identity.email, documentId);
    if (kept !== null && (kept.outcome === 'proven' || checkOptions.fresh !== true)) return kept.outcome;
    throw challengeError(
      identity,
      documentId,
      'Prove that you can edit this spreadsheet: Creator Sheets does it by itself from inside the spreadsheet (it writes the challenge in this answer as developer metadata, then asks again with it).',
    );
  };

  return {
    check,
    standing: (identity, documentId) => proofs.kept(identity.email, documentId),
    async require(identity, documentId, presented) {
      // A kept "cannot be proven" is asked again: someone who just shared the sheet must not wait.
      if ((await check(identity, documentId, presented, { fresh: true })) === 'proven') return;
      throw new WorkerError(403, 'edit_proof_unavailable', await unprovableSentence(access));
    },
  };
}

/** Why nothing could be proven, and what makes it possible. */
export async function unprovableSentence(access: SheetAccess | null): Promise<string> {
  if (access === null) {
    return 'The worker has no Google service account, so it cannot check that you can edit this spreadsheet, and this needs that check.';
  }
  let address = "the worker's service account";
  try {
    address = await access.serviceAccountEmail();
  } catch {
    // The sentence still says what to do.
  }
  return `The worker cannot check that you can edit this spreadsheet: it is not shared with ${address}. Share it with that address (Share > add it as Editor), then try again.`;
}
