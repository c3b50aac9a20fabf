import {
  cosineSimilarity,
  createWorld,
  tokenize,
  visualCentroid,
  visualQueryFeatures,
} from '../../../../worker/sandbox/data';

describe('text and image model', () => {
  it('tokenizes captions into lower-case words without # and @', () => {
    expect(tokenize('Leg DAY! #Gym with @anna.daily, 3 sets')).toEqual([
      'leg',
      'day',
      'gym',
      'with',
      'anna',
      'daily',
      '3',
      'sets',
    ]);
    expect(tokenize('Café à São Paulo')).toEqual(['café', 'à', 'são', 'paulo']);
  });

  it('puts posts of one interest closer to their centroid than to another interest', () => {
    const world = createWorld({ seed: 'visual', creatorsPerPlatform: 2000 });
    let closer = 0;
    let total = 0;
    for (let index = 300; index < 360; index++) {
      for (const post of world.instagram.posts(index, 0, 5).items) {
        const own = cosineSimilarity(post.visual, visualCentroid(post.interestId));
        const other = cosineSimilarity(post.visual, visualCentroid((post.interestId % 60) + 1));
        total++;
        if (own > other) closer++;
      }
    }
    expect(closer / total).toBeGreaterThan(0.8);
  });

  it('turns the same query image into the same features, and different images into different ones', () => {
    const image = new Uint8Array([137, 80, 78, 71, 1, 2, 3, 4]);
    expect(visualQueryFeatures(image, 63)).toEqual(visualQueryFeatures(Uint8Array.from(image), 63));
    expect(visualQueryFeatures(new Uint8Array([1, 2, 3]), 63)).not.toEqual(visualQueryFeatures(image, 63));
    expect(visualQueryFeatures('aGVsbG8=', 63)).toHaveLength(8);
  });

  it('measures cosine similarity', () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 0], [0, 1])).toBeCloseTo(0, 12);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
  });
});
