/**
 * Sets of whole numbers written as `[start, end)` pairs, so that a checkpoint naming the 1,000
 * addresses (by index) or 20 positions a batch covered stays a few bytes when they run together.
 */
type IndexRanges = [number, number][];

/** `values` in any order, duplicates allowed. */
export function toIndexRanges(values: Iterable<number>): IndexRanges {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const ranges: IndexRanges = [];
  for (const value of sorted) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] === value) last[1] = value + 1;
    else ranges.push([value, value + 1]);
  }
  return ranges;
}

/** Every value of `ranges`; malformed pairs are skipped (a checkpoint is data from disk). */
export function* indexesOf(ranges: unknown): Generator<number> {
  if (!Array.isArray(ranges)) return;
  for (const pair of ranges) {
    if (!Array.isArray(pair) || pair.length !== 2) continue;
    const [start, end] = pair as unknown[];
    if (!Number.isInteger(start) || !Number.isInteger(end)) continue;
    for (let value = start as number; value < (end as number); value += 1) yield value;
  }
}
