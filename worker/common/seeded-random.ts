/** A source of numbers in [0, 1), like `Math.random`; injected so faults are reproducible. */
export type Random = () => number;

/**
 * mulberry32: tiny, fast and good enough to pick which requests fail. The same seed gives the
 * same sequence on every machine, which is what makes a fault scenario replayable.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed as the 32-bit number mulberry32 takes: numbers as they are, text through FNV-1a. */
export function seedNumber(seed: string | number): number {
  if (typeof seed === 'number') return seed >>> 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
