import {
  EARLY_STOP_AFTER,
  MAX_RANKED_CREATORS,
  RERANK_BLOCK,
  aggregateScore,
  rankPage,
  type CreatorScorer,
} from '../../../../../worker/sandbox/operations/ai/ai-ranking';

const range = (count: number) => Array.from({ length: count }, (_, k) => k);

/** Scores from a function of the index; null drops the creator. */
function scorer(score: (index: number) => number | null, calls: number[] = []): CreatorScorer {
  return (index) => {
    calls.push(index);
    const value = score(index);
    return value === null ? null : { score: value, posts: [] };
  };
}

const indexes = (page: ReturnType<typeof rankPage>) => page.creators.map((creator) => creator.index);

describe('rankPage', () => {
  it('re-ranks each block by score and keeps blocks in candidate order', () => {
    const candidates = range(250);
    const page = rankPage(
      candidates,
      scorer((i) => i % 7),
      0,
      250,
    );
    const first = indexes(page).slice(0, RERANK_BLOCK);
    expect(new Set(first)).toEqual(new Set(range(RERANK_BLOCK)));
    expect(first.slice(0, 3)).toEqual([6, 13, 20]);
    // The second block starts only after every creator of the first.
    expect(indexes(page)[RERANK_BLOCK]).toBeGreaterThanOrEqual(RERANK_BLOCK);
    const scores = page.creators.slice(0, RERANK_BLOCK).map((creator) => creator.match.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('tiles: any page equals the same slice of one long answer', () => {
    const candidates = range(1000).reverse();
    const score = scorer((i) => (i % 5 === 0 ? null : (i * 37) % 101));
    const all = indexes(rankPage(candidates, score, 0, 600));
    for (const [offset, limit] of [
      [0, 20],
      [20, 20],
      [90, 30],
      [310, 50],
    ]) {
      expect(indexes(rankPage(candidates, score, offset, limit))).toEqual(all.slice(offset, offset + limit));
    }
  });

  it('drops creators the scorer refuses', () => {
    const page = rankPage(
      range(50),
      scorer((i) => (i % 2 === 0 ? 1 : null)),
      0,
      50,
    );
    expect(indexes(page)).toEqual(range(25).map((k) => k * 2));
    expect(page.total).toBe(25);
  });

  it('counts total exactly when every candidate was scored, and estimates it otherwise', () => {
    expect(
      rankPage(
        range(130),
        scorer(() => 1),
        0,
        20,
      ).total,
    ).toBe(130);
    // One block of 100 scored, half of them kept: 50 + 9,900 x 0.5 = 5,000.
    const estimated = rankPage(
      range(10_000),
      scorer((i) => (i % 2 === 0 ? 1 : null)),
      0,
      20,
    );
    expect(estimated.total).toBe(5000);
    // Rounded to two significant digits.
    const rounded = rankPage(
      range(12_345),
      scorer(() => 1),
      0,
      20,
    );
    expect(rounded.total).toBe(12_000);
  });

  it('scores at most MAX_RANKED_CREATORS candidates, whatever the page', () => {
    const calls: number[] = [];
    const page = rankPage(
      range(10_000),
      scorer((i) => (i % 2 === 0 ? 1 : null), calls),
      1400,
      100,
    );
    expect(calls).toHaveLength(MAX_RANKED_CREATORS);
    expect(page.creators).toEqual([]);
    expect(page.total).toBe(5000);
  });

  it('stops early when almost nothing matches', () => {
    const calls: number[] = [];
    const page = rankPage(
      range(10_000),
      scorer(() => null, calls),
      0,
      20,
    );
    expect(calls).toHaveLength(EARLY_STOP_AFTER);
    expect(page).toEqual({ creators: [], total: 0 });
    // 1% or more keeps it going.
    const sparse: number[] = [];
    rankPage(
      range(3000),
      scorer((i) => (i % 100 === 0 ? 1 : null), sparse),
      0,
      100,
    );
    expect(sparse.length).toBeGreaterThan(EARLY_STOP_AFTER);
  });
});

describe('aggregateScore', () => {
  it('adds the best four post scores with halving weights', () => {
    expect(aggregateScore([4, 2, 2, 1, 100])).toBe(4 + 1 + 0.5 + 0.125);
    expect(aggregateScore([])).toBe(0);
    expect(aggregateScore([3, 3])).toBeGreaterThan(aggregateScore([3]));
  });
});
