import {
  EDIT_PROOF_METADATA_KEY,
  EDIT_PROOF_REQUIRED,
  type EditProofChallenge,
} from '../../../../shared/worker-api/edit-proof';
import {
  createEditAccess,
  GOOGLE_CHECKS_PER_MINUTE,
  UNPROVABLE_KEPT_MS,
  type EditAccess,
} from '../../../../worker/src/documents/edit-access';
import { CHALLENGE_TTL_MS, readChallenge } from '../../../../worker/src/documents/edit-proof-challenge';
import { WorkerError } from '../../../../worker/src/request-io/worker-error';
import type { Identity } from '../../../../worker/src/identity/identity';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { ManualClock } from '../store/store-fixtures';
import { FakeSheetAccess } from './fake-sheet-access';

/**
 * Proof of edit access (issue 22) as the routes ask for it: a challenge, read back from the
 * spreadsheet through the service account, kept per person and spreadsheet for EDIT_PROOF_MINUTES;
 * "cannot be proven" kept briefly; Google asked a bounded number of times per person, and never for
 * a challenge that is not the caller's.
 */

const SHARED = '1SharedWithTheWorker000000000000000000000000';
const UNSHARED = '1NotSharedWithTheWorker000000000000000000000';
const PROOF_MS = 60 * 60_000;
const ana: Identity = { email: 'ana@team.com', role: 'member', via: 'idToken' };
const bob: Identity = { email: 'bob@team.com', role: 'member', via: 'idToken' };

let clock: ManualClock;
let store: Store;
let google: FakeSheetAccess;
let access: EditAccess;

beforeEach(() => {
  clock = new ManualClock();
  store = openStore({ memory: true, clock });
  google = new FakeSheetAccess(
    new Map([
      [SHARED, { shared: true, metadata: [] }],
      [UNSHARED, { shared: false }],
    ]),
  );
  access = createEditAccess({ access: google, proofs: store.editProofs, clock, proofMs: PROOF_MS });
});
afterEach(() => store.close());

/** The WorkerError `attempt` is refused with. */
async function refusal(attempt: Promise<unknown>): Promise<WorkerError> {
  const outcome = await attempt.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if ('error' in outcome && outcome.error instanceof WorkerError) return outcome.error;
  throw new Error(`expected a refusal, got ${JSON.stringify(outcome)}`);
}

/** The challenge a check without proof is refused with. */
async function challengeFor(who: Identity, documentId: string): Promise<EditProofChallenge> {
  const refused = await refusal(access.check(who, documentId, undefined));
  expect(refused.code).toBe(EDIT_PROOF_REQUIRED);
  return refused.details?.challenge as EditProofChallenge;
}

/** A challenge for `who`, written into the spreadsheet as the add-on does: what they then present. */
async function writtenChallenge(who: Identity, documentId = SHARED): Promise<string> {
  const challenge = await challengeFor(who, documentId);
  google.write(documentId, challenge.metadataKey, challenge.metadataValue);
  return challenge.metadataValue;
}

describe('edit access without a service account', () => {
  it('proves nothing and asks nobody: unprovable, and refused where proof is needed', async () => {
    const blind = createEditAccess({ access: null, proofs: store.editProofs, clock, proofMs: PROOF_MS });
    expect(await blind.check(ana, SHARED, undefined)).toBe('unprovable');
    expect(await blind.check(ana, SHARED, 'cs1.anything.at.all', { fresh: true })).toBe('unprovable');
    const refused = await refusal(blind.require(ana, SHARED, undefined));
    expect({ status: refused.status, code: refused.code }).toEqual({
      status: 403,
      code: 'edit_proof_unavailable',
    });
    expect(refused.message).toMatch(/has no Google service account/);
    expect(await blind.standing(ana, SHARED)).toBeNull();
    expect(google.searches).toBe(0);
  });
});

describe('edit access', () => {
  it('answers 403 edit_proof_required with a challenge of the caller’s when nothing is kept or presented', async () => {
    const refused = await refusal(access.check(ana, SHARED, undefined));
    expect({ status: refused.status, code: refused.code }).toEqual({
      status: 403,
      code: EDIT_PROOF_REQUIRED,
    });
    const challenge = refused.details?.challenge as EditProofChallenge;
    expect(challenge).toMatchObject({
      metadataKey: EDIT_PROOF_METADATA_KEY,
      documentId: SHARED,
      expiresAt: clock.now() + CHALLENGE_TTL_MS,
    });
    expect(
      readChallenge(store.editProofs.macOf, challenge.metadataValue, ana.email, SHARED, clock.now()),
    ).toBe('ok');
    expect(google.searches).toBe(0);
  });

  it('keeps a proof found in the spreadsheet for EDIT_PROOF_MINUTES, asking Google once, then asks again', async () => {
    expect(await access.check(ana, SHARED, await writtenChallenge(ana))).toBe('proven');
    expect(await access.standing(ana, SHARED)).toEqual({
      outcome: 'proven',
      checkedAt: clock.now(),
      expiresAt: clock.now() + PROOF_MS,
    });

    clock.advance(PROOF_MS - 1);
    expect(await access.check(ana, SHARED, undefined)).toBe('proven');
    await expect(access.require(ana, SHARED, undefined)).resolves.toBeUndefined();
    expect(await refusal(access.check(bob, SHARED, undefined))).toMatchObject({ code: EDIT_PROOF_REQUIRED });
    expect(google.searches).toBe(1);

    clock.advance(1);
    expect(await refusal(access.check(ana, SHARED, undefined))).toMatchObject({ code: EDIT_PROOF_REQUIRED });
    expect(await access.standing(ana, SHARED)).toBeNull();
  });

  it('refuses a challenge not in the spreadsheet with edit_proof_failed, keeping nothing', async () => {
    const challenge = await challengeFor(ana, SHARED);
    const refused = await refusal(access.check(ana, SHARED, challenge.metadataValue));
    expect({ status: refused.status, code: refused.code }).toEqual({
      status: 403,
      code: 'edit_proof_failed',
    });
    expect(refused.message).toMatch(/not in this spreadsheet: only someone who can edit it can add it/);
    expect(await access.standing(ana, SHARED)).toBeNull();
    expect(await refusal(access.check(ana, SHARED, undefined))).toMatchObject({ code: EDIT_PROOF_REQUIRED });
  });

  it('keeps "cannot be proven" for UNPROVABLE_KEPT_MS where the worker cannot read the spreadsheet', async () => {
    expect(UNPROVABLE_KEPT_MS).toBe(10 * 60_000);
    const challenge = await challengeFor(ana, UNSHARED);
    expect(await access.check(ana, UNSHARED, challenge.metadataValue)).toBe('unprovable');
    expect(await access.standing(ana, UNSHARED)).toMatchObject({
      outcome: 'unprovable',
      expiresAt: clock.now() + UNPROVABLE_KEPT_MS,
    });

    clock.advance(UNPROVABLE_KEPT_MS - 1);
    expect(await access.check(ana, UNSHARED, undefined)).toBe('unprovable');
    expect(google.searches).toBe(1);
    clock.advance(1);
    expect(await refusal(access.check(ana, UNSHARED, undefined))).toMatchObject({
      code: EDIT_PROOF_REQUIRED,
    });
  });

  it('asks again when told fresh, over a kept "cannot be proven" but not over a kept proof', async () => {
    await access.check(ana, UNSHARED, (await challengeFor(ana, UNSHARED)).metadataValue);
    await access.check(ana, SHARED, await writtenChallenge(ana));
    const searches = google.searches;

    expect(await refusal(access.check(ana, UNSHARED, undefined, { fresh: true }))).toMatchObject({
      status: 403,
      code: EDIT_PROOF_REQUIRED,
    });
    expect(await access.check(ana, SHARED, undefined, { fresh: true })).toBe('proven');
    expect(google.searches).toBe(searches);
  });

  it('turns "cannot be proven" into 403 edit_proof_unavailable naming the address to share with', async () => {
    await access.check(ana, UNSHARED, (await challengeFor(ana, UNSHARED)).metadataValue);
    // A kept "cannot be proven" is asked again for an action (the sheet may just have been shared).
    const asked = await refusal(access.require(ana, UNSHARED, undefined));
    expect(asked.code).toBe(EDIT_PROOF_REQUIRED);
    const challenge = asked.details?.challenge as EditProofChallenge;
    const refused = await refusal(access.require(ana, UNSHARED, challenge.metadataValue));
    expect({ status: refused.status, code: refused.code }).toEqual({
      status: 403,
      code: 'edit_proof_unavailable',
    });
    expect(refused.message).toBe(
      `The worker cannot check that you can edit this spreadsheet: it is not shared with ${google.address}. ` +
        'Share it with that address (Share > add it as Editor), then try again.',
    );
  });

  it('answers an expired challenge with a new one, without asking Google', async () => {
    const old = await writtenChallenge(ana);
    clock.advance(CHALLENGE_TTL_MS);
    const refused = await refusal(access.check(ana, SHARED, old));
    expect({ status: refused.status, code: refused.code }).toEqual({
      status: 403,
      code: EDIT_PROOF_REQUIRED,
    });
    expect(refused.message).toMatch(/expired/);
    const renewed = refused.details?.challenge as EditProofChallenge;
    expect(renewed.metadataValue).not.toBe(old);
    expect(renewed.expiresAt).toBe(clock.now() + CHALLENGE_TTL_MS);
    expect(google.searches).toBe(0);

    google.write(SHARED, renewed.metadataKey, renewed.metadataValue);
    expect(await access.check(ana, SHARED, renewed.metadataValue)).toBe('proven');
  });

  it('answers 503 with Retry-After while Google fails, keeping nothing, and proves once it answers', async () => {
    const presented = await writtenChallenge(ana);
    google.failure = new Error('Google could not be asked about the spreadsheet: backend error');
    const refused = await refusal(access.check(ana, SHARED, presented));
    expect({ status: refused.status, code: refused.code }).toEqual({
      status: 503,
      code: 'google_unavailable',
    });
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.message).toBe(
      'Google could not be asked about the spreadsheet: backend error. Try again in a moment.',
    );
    expect(await access.standing(ana, SHARED)).toBeNull();

    google.failure = null;
    expect(await access.check(ana, SHARED, presented)).toBe('proven');
  });

  it('asks Google for one person GOOGLE_CHECKS_PER_MINUTE times at once, then 429 until the minute refills', async () => {
    const presented = [];
    for (let i = 0; i <= GOOGLE_CHECKS_PER_MINUTE + 1; i += 1) presented.push(await writtenChallenge(ana));
    for (const value of presented.slice(0, GOOGLE_CHECKS_PER_MINUTE)) {
      expect(await access.check(ana, SHARED, value)).toBe('proven');
    }
    expect(google.searches).toBe(GOOGLE_CHECKS_PER_MINUTE);

    const refused = await refusal(access.check(ana, SHARED, presented[GOOGLE_CHECKS_PER_MINUTE]));
    expect({ status: refused.status, code: refused.code }).toEqual({ status: 429, code: 'too_many_proofs' });
    const perCheckMs = 60_000 / GOOGLE_CHECKS_PER_MINUTE;
    expect(refused.retryAfterSeconds).toBe(perCheckMs / 1000);
    expect(google.searches).toBe(GOOGLE_CHECKS_PER_MINUTE);
    // Another person is not held back by Ana's checks.
    expect(await access.check(bob, SHARED, await writtenChallenge(bob))).toBe('proven');

    clock.advance(perCheckMs);
    expect(await access.check(ana, SHARED, presented[GOOGLE_CHECKS_PER_MINUTE])).toBe('proven');
    expect(await refusal(access.check(ana, SHARED, presented[GOOGLE_CHECKS_PER_MINUTE + 1]))).toMatchObject({
      status: 429,
    });
  });

  it('never asks Google about a challenge made for someone else, another spreadsheet, or garbage', async () => {
    const anas = await writtenChallenge(ana);
    const forUnshared = (await challengeFor(bob, UNSHARED)).metadataValue;
    for (const presented of [anas, forUnshared, 'not a challenge']) {
      const refused = await refusal(access.check(bob, SHARED, presented));
      expect({ presented, status: refused.status, code: refused.code }).toEqual({
        presented,
        status: 403,
        code: 'edit_proof_failed',
      });
    }
    expect(google.searches).toBe(0);
    expect(await access.standing(bob, SHARED)).toBeNull();
  });
});
