import { MAX_BODY_DEPTH, nestsDeeperThan } from '../../../../worker/src/request-io/body-depth';

describe('nestsDeeperThan', () => {
  it('counts levels of arrays and objects, not bare values', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan([], 1)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: [] }] }, 3)).toBe(true);
  });

  it('takes the deepest real request, a search job, with room to spare', () => {
    const job = { kind: 'search-pages', input: { filter: { influencer: { followers: { min: 1 } } } } };
    expect(nestsDeeperThan(job, 5)).toBe(false);
    expect(MAX_BODY_DEPTH).toBeGreaterThanOrEqual(16);
  });

  it('measures 100,000 nested arrays without overflowing the stack', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(nestsDeeperThan(deep, MAX_BODY_DEPTH)).toBe(true);
  });

  it('walks a wide body of 500,000 addresses quickly', () => {
    const wide = { emails: Array.from({ length: 500_000 }, (_, i) => `user${i}@example.com`) };
    const started = performance.now();
    expect(nestsDeeperThan(wide, MAX_BODY_DEPTH)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
