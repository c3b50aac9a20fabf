import type { IdTokenVerifier, VerifiedIdToken } from '../../../worker/src/identity/id-token-verifier';
import { mintIdToken, makeSigningKey, validClaims } from '../../../worker/playground/fake-google';
import { PLAYGROUND_CLIENT_ID, withPlaygroundSignIn } from '../../../worker/playground/playground-identity';

/** The playground's sign-in sits beside Google's: each token goes to the verifier of its audience. */

function recording(name: string): IdTokenVerifier & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    verify: (token) => {
      seen.push(token);
      return Promise.resolve({
        email: `${name}@test`,
        subject: '1',
        audience: name,
      } satisfies VerifiedIdToken);
    },
  };
}

const key = makeSigningKey('identity-test');

describe('withPlaygroundSignIn', () => {
  it("sends the playground's tokens to the playground verifier and all others to Google's", async () => {
    const google = recording('google');
    const playground = recording('playground');
    const verifier = withPlaygroundSignIn(google, playground);
    const ours = mintIdToken(key, validClaims({ aud: PLAYGROUND_CLIENT_ID }));
    const theirs = mintIdToken(key, validClaims({ aud: 'real-client.apps.googleusercontent.com' }));

    await expect(verifier.verify(ours)).resolves.toMatchObject({ audience: 'playground' });
    await expect(verifier.verify(theirs)).resolves.toMatchObject({ audience: 'google' });
    expect(playground.seen).toEqual([ours]);
    expect(google.seen).toEqual([theirs]);
  });

  it("leaves anything else, garbage included, to Google's verifier to refuse", async () => {
    const google = recording('google');
    const playground = recording('playground');
    const verifier = withPlaygroundSignIn(google, playground);
    for (const token of ['csk_not-a-token', 'a.b.c', 'x.bnVsbA.y', '']) await verifier.verify(token);
    expect(google.seen).toHaveLength(4);
    expect(playground.seen).toEqual([]);
  });
});
