import type { PlatformCreators } from '../../data';

/**
 * `audienceExtra` of a report: how the creator's engagement rate compares with creators of the same
 * size. Creators are grouped by follower range; each range has a histogram of engagement rates over
 * every creator of the platform in it, with exactly one bin marked as holding the median. Built
 * once per platform (one scan of two columns) and shared by every report.
 */

/** Follower range edges: the AI search steps, extended past 3 million. */
const FOLLOWER_EDGES = [
  0, 1000, 3000, 5000, 10_000, 15_000, 20_000, 25_000, 35_000, 50_000, 75_000, 100_000, 125_000, 150_000,
  175_000, 200_000, 250_000, 300_000, 350_000, 500_000, 1_000_000, 2_000_000, 3_000_000, 5_000_000,
  10_000_000, 20_000_000, 50_000_000, 100_000_000, 1_000_000_000,
];

/** Engagement-rate bin edges (fractions); the last bin is open above. */
const RATE_EDGES = [0, 0.005, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.07, 0.1, 0.15, 0.2, 0.3];

interface EngagementBin {
  min: number;
  /** Absent on the last, open-ended bin. */
  max?: number;
  total: number;
  median: boolean;
}

interface AudienceExtra {
  followersRange: { leftNumber: number; rightNumber: number };
  engagementRateDistribution: EngagementBin[];
}

class Distribution {
  /** counts[range * bins + bin] */
  private readonly counts: Uint32Array;
  private readonly medianBins: Int32Array;

  constructor(pc: PlatformCreators) {
    const ranges = FOLLOWER_EDGES.length - 1;
    const bins = RATE_EDGES.length;
    this.counts = new Uint32Array(ranges * bins);
    const { followers, engagements } = pc.columns;
    for (let i = 0; i < pc.size; i++) {
      this.counts[rangeOf(followers[i]) * bins + binOf(engagements[i] / followers[i])]++;
    }
    this.medianBins = new Int32Array(ranges).fill(-1);
    for (let range = 0; range < ranges; range++) {
      let total = 0;
      for (let bin = 0; bin < bins; bin++) total += this.counts[range * bins + bin];
      let seen = 0;
      for (let bin = 0; bin < bins && total > 0; bin++) {
        seen += this.counts[range * bins + bin];
        if (seen * 2 >= total) {
          this.medianBins[range] = bin;
          break;
        }
      }
    }
  }

  of(followers: number): AudienceExtra {
    const range = rangeOf(followers);
    const bins = RATE_EDGES.length;
    return {
      followersRange: { leftNumber: FOLLOWER_EDGES[range], rightNumber: FOLLOWER_EDGES[range + 1] },
      engagementRateDistribution: RATE_EDGES.map((min, bin) => {
        const entry: EngagementBin = {
          min,
          total: this.counts[range * bins + bin],
          median: this.medianBins[range] === bin,
        };
        if (bin + 1 < bins) entry.max = RATE_EDGES[bin + 1];
        return entry;
      }),
    };
  }
}

function rangeOf(followers: number): number {
  for (let range = FOLLOWER_EDGES.length - 2; range >= 0; range--)
    if (followers >= FOLLOWER_EDGES[range]) return range;
  return 0;
}

function binOf(rate: number): number {
  for (let bin = RATE_EDGES.length - 1; bin >= 0; bin--) if (rate >= RATE_EDGES[bin]) return bin;
  return 0;
}

const cache = new WeakMap<PlatformCreators, Distribution>();

export function audienceExtraOf(pc: PlatformCreators, index: number): AudienceExtra {
  let distribution = cache.get(pc);
  if (distribution === undefined) {
    distribution = new Distribution(pc);
    cache.set(pc, distribution);
  }
  return distribution.of(pc.columns.followers[index]);
}
