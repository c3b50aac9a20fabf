import {
  canonicalDigest,
  canonicalJson,
  MAX_CANONICAL_DEPTH,
} from '../../../../../worker/src/operations/operation-helpers/canonical-json';
import { isWorkerError } from '../../../../../worker/src/request-io/worker-error';

/** Nested arrays, `depth` levels. */
const nested = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 1; i < depth; i += 1) value = [value];
  return value;
};

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[3,1]},"b":1}',
    );
    expect(canonicalDigest({ a: 1, b: 2 })).toBe(canonicalDigest({ b: 2, a: 1 }));
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('follows values as deep as the bound, which is far beyond any body the worker reads', () => {
    expect(canonicalJson(nested(MAX_CANONICAL_DEPTH))).toBe(
      `${'['.repeat(MAX_CANONICAL_DEPTH)}${']'.repeat(MAX_CANONICAL_DEPTH)}`,
    );
  });

  it('refuses a value nested 100,000 deep with a 400 sentence instead of overflowing the stack', () => {
    let thrown: unknown;
    try {
      canonicalJson({ kind: 'email-enrichment', input: { emails: nested(100_000) } });
    } catch (error) {
      thrown = error;
    }
    expect(isWorkerError(thrown) && thrown.status).toBe(400);
    expect((thrown as Error).message).toBe(
      `The input nests arrays or objects more than ${MAX_CANONICAL_DEPTH} levels deep; no request of this worker needs that many`,
    );
  });
});
