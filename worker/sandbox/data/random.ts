/**
 * Seeded randomness for the generated world. Every piece of data is drawn from a stream keyed by
 * (world seed, platform, creator index, purpose, ...), so any creator's details can be derived
 * alone, in any order, and always come out the same.
 *
 * The generator is sfc32 (128-bit state, passes PractRand), seeded from two independent 32-bit
 * hashes of the key, so streams of different keys do not overlap the way consecutive mulberry32
 * seeds can.
 */

/** murmur3's finaliser: a fast, well-mixed 32-bit integer hash. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of several integers, order-sensitive. */
export function hashInts(a: number, b = 0, c = 0, d = 0, e = 0): number {
  let h = mix32(a ^ 0x9e3779b9);
  h = mix32(h ^ Math.imul(b + 0x7f4a7c15, 0x27d4eb2f));
  h = mix32(h ^ Math.imul(c + 0x165667b1, 0x9e3779b1));
  h = mix32(h ^ Math.imul(d + 0x61c88647, 0x85ebca77));
  h = mix32(h ^ Math.imul(e + 0x2f6b3c9d, 0xc2b2ae3d));
  return h;
}

/** FNV-1a over UTF-16 code units, then mixed: stable string hash for seeds and names. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Named purposes of streams, so that adding draws to one never shifts another. */
export const STREAM = {
  person: 1,
  core: 2,
  audience: 3,
  growth: 4,
  post: 5,
  comment: 6,
  reply: 7,
  details: 8,
  history: 9,
  audienceTail: 10,
  anonymousUser: 11,
  music: 12,
  playlist: 13,
  subtitles: 14,
  relations: 15,
  drift: 16,
} as const;

/**
 * A reseedable sfc32 generator. Reseeding an existing instance is much cheaper than allocating,
 * which matters when the core of 300,000 creators is generated at start-up.
 */
export class Rng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 1;

  constructor(key = 0, key2 = 0) {
    this.reseed(key, key2);
  }

  /** Restart the stream for a key (a 32-bit hash) and an optional second key. */
  reseed(key: number, key2 = 0): this {
    this.a = mix32(key ^ 0xa511e9b3);
    this.b = mix32(key2 ^ Math.imul(key, 0x2c1b3c6d) ^ 0x63d83595);
    this.c = mix32(key + 0x7a3d2f1b) ^ key2;
    this.d = 1;
    for (let i = 0; i < 4; i++) this.nextUint32();
    return this;
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /**
   * Approximately standard normal: the sum of four uniforms, centred and scaled (Irwin-Hall). Its
   * tails stop at +-3.46 sigma, which suits generated data, and it costs no log or trigonometry,
   * which matters at start-up.
   */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * 1.7320508075688772;
  }

  /** exp(N(mu, sigma)): median e^mu. */
  logNormal(mu: number, sigma: number): number {
    return Math.exp(mu + sigma * this.normal());
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** Index drawn from cumulative weights (as built by `cumulative`). */
  weighted(cumulativeWeights: Float64Array | readonly number[]): number {
    const total = cumulativeWeights[cumulativeWeights.length - 1];
    const target = this.next() * total;
    let low = 0;
    let high = cumulativeWeights.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (cumulativeWeights[mid] > target) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}

/** Running sums of weights, for `Rng.weighted`. */
export function cumulative(weights: readonly number[]): Float64Array {
  const sums = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    total += weights[i];
    sums[i] = total;
  }
  return sums;
}

/** Clamp a number into [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/**
 * Round shares (any positive numbers) to integer units that sum exactly to `total`, largest
 * remainders first, so that published weights add up to 1 once divided by `total`.
 */
export function apportion(shares: readonly number[], total: number): number[] {
  const sum = shares.reduce((acc, share) => acc + share, 0);
  if (sum <= 0) return shares.map(() => 0);
  const exact = shares.map((share) => (share / sum) * total);
  const units = exact.map((value) => Math.floor(value));
  let missing = total - units.reduce((acc, unit) => acc + unit, 0);
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((x, y) => y.rest - x.rest || x.i - y.i);
  for (let k = 0; missing > 0; k = (k + 1) % order.length, missing--) units[order[k].i]++;
  return units;
}

/**
 * `apportion` without allocation, for hot loops: rounds `count` shares (at most 31) into integer
 * units summing to `total`, written to `out`. Ties in remainders go to the lower position.
 */
export function apportionInto(shares: Float64Array, count: number, total: number, out: Int32Array): void {
  let sum = 0;
  for (let i = 0; i < count; i++) sum += shares[i];
  if (sum <= 0) {
    for (let i = 0; i < count; i++) out[i] = 0;
    return;
  }
  let assigned = 0;
  for (let i = 0; i < count; i++) {
    out[i] = Math.floor((shares[i] / sum) * total);
    assigned += out[i];
  }
  // Hand the missing units to the largest remainders, one each (fewer than `count` of them).
  let given = 0;
  for (let missing = total - assigned; missing > 0; missing--) {
    let best = 0;
    let bestRest = -1;
    for (let i = 0; i < count; i++) {
      if ((given & (1 << i)) !== 0) continue;
      const rest = (shares[i] / sum) * total - out[i];
      if (rest > bestRest) {
        best = i;
        bestRest = rest;
      }
    }
    given |= 1 << best;
    out[best]++;
  }
}
