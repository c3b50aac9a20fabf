import { createWorld } from '../../../../../worker/sandbox/data';
import {
  Bm25,
  analyzeTextQuery,
  normalizeTerm,
  postTerms,
  termStatistics,
  type TermStatistics,
} from '../../../../../worker/sandbox/operations/ai/text-relevance';
import { SandboxError } from '../../../../../worker/sandbox/sandbox-error';

const world = createWorld({ creatorsPerPlatform: 500 });
const interestId = (name: string) => {
  const interest = world.dictionaries.interests.find((entry) => entry.name === name);
  if (interest === undefined) throw new Error(`no interest ${name}`);
  return interest.id;
};

function stats(
  documentFrequency: Record<string, number>,
  documents = 100,
  averageLength = 10,
): TermStatistics {
  return { documents, averageLength, documentFrequency: new Map(Object.entries(documentFrequency)) };
}

describe('normalizeTerm', () => {
  it('drops a plural s, but not from short words or -ss/-us/-is endings', () => {
    expect(normalizeTerm('workouts')).toBe('workout');
    expect(normalizeTerm('gains')).toBe('gain');
    expect(normalizeTerm('gym')).toBe('gym');
    expect(normalizeTerm('bus')).toBe('bus');
    expect(normalizeTerm('fitness')).toBe('fitness');
    expect(normalizeTerm('hiatus')).toBe('hiatus');
    expect(normalizeTerm('analysis')).toBe('analysis');
  });
});

describe('analyzeTextQuery', () => {
  it('keeps the content words, stemmed and distinct, and maps them to the interests that use them', () => {
    const query = analyzeTextQuery('Creators who post home WORKOUTS and workout tips', world.dictionaries);
    expect(query.terms).toEqual(['home', 'workout', 'tip']);
    expect(query.interestWeights.get(interestId('Fitness'))).toBe(1);
  });

  it('ignores negations: "not yoga" is a yoga query, as the service does not understand negations', () => {
    const negated = analyzeTextQuery('not yoga, no pilates, without gym', world.dictionaries);
    expect(negated.terms).toEqual(['yoga', 'pilate', 'gym']);
    expect(negated).toEqual(analyzeTextQuery('yoga pilates gym', world.dictionaries));
  });

  it('weighs an interest by how much of the query is about it', () => {
    const query = analyzeTextQuery('yoga pilates breathwork cardio', world.dictionaries);
    const yoga = query.interestWeights.get(interestId('Yoga & Pilates')) ?? 0;
    const fitness = query.interestWeights.get(interestId('Fitness')) ?? 0;
    expect(yoga).toBe(1);
    expect(fitness).toBeGreaterThan(0);
    expect(fitness).toBeLessThan(yoga);
  });

  it('maps interest names and hashtags too, and leaves other words without an interest', () => {
    expect(
      analyzeTextQuery('fitnessmotivation', world.dictionaries).interestWeights.has(interestId('Fitness')),
    ).toBe(true);
    expect(
      analyzeTextQuery('Photography', world.dictionaries).interestWeights.has(interestId('Photography')),
    ).toBe(true);
    expect(analyzeTextQuery('honest favourite moments', world.dictionaries).interestWeights.size).toBe(0);
  });

  it('refuses a query with nothing to look for, quoting it', () => {
    expect(() => analyzeTextQuery('not the and without', world.dictionaries)).toThrow(SandboxError);
    expect(() => analyzeTextQuery('!!!', world.dictionaries)).toThrow(
      'query "!!!" has no words to search for',
    );
  });
});

describe('Bm25', () => {
  it('scores 0 for a document without any query term', () => {
    expect(new Bm25(['yoga'], stats({ yoga: 5 })).score(['gym', 'protein'])).toBe(0);
  });

  it('grows with term frequency, with diminishing returns', () => {
    const bm25 = new Bm25(['yoga'], stats({ yoga: 5 }));
    const padding = Array.from({ length: 7 }, () => 'x');
    const once = bm25.score(['yoga', 'x', 'x', ...padding]);
    const twice = bm25.score(['yoga', 'yoga', 'x', ...padding]);
    const thrice = bm25.score(['yoga', 'yoga', 'yoga', ...padding]);
    expect(twice).toBeGreaterThan(once);
    expect(thrice - twice).toBeLessThan(twice - once);
  });

  it('weighs rare terms above common ones', () => {
    const bm25 = new Bm25(['common', 'rare'], stats({ common: 90, rare: 2 }));
    expect(bm25.termWeight(1)).toBeGreaterThan(bm25.termWeight(0));
    expect(bm25.score(['rare', 'x'])).toBeGreaterThan(bm25.score(['common', 'x']));
  });

  it('prefers the shorter of two documents with the same matches', () => {
    const bm25 = new Bm25(['yoga'], stats({ yoga: 5 }));
    const short = bm25.score(['yoga', 'x', 'x']);
    const long = bm25.score(['yoga', ...Array.from({ length: 30 }, () => 'x')]);
    expect(short).toBeGreaterThan(long);
  });

  it('sums over query terms: a post with both terms beats a post with one', () => {
    const bm25 = new Bm25(['yoga', 'breathwork'], stats({ yoga: 10, breathwork: 10 }));
    expect(bm25.score(['yoga', 'breathwork', 'x'])).toBeGreaterThan(bm25.score(['yoga', 'x', 'x']));
  });
});

describe('termStatistics', () => {
  it('measures document frequencies over real captions once per platform', () => {
    const pc = world.platform('instagram');
    const measured = termStatistics(pc);
    expect(measured).toBe(termStatistics(pc));
    expect(measured.documents).toBeGreaterThan(100);
    expect(measured.averageLength).toBeGreaterThan(5);
    // Topic words are in some posts, never in most; made-up words in none.
    const gym = measured.documentFrequency.get('gym') ?? 0;
    expect(gym).toBeGreaterThan(0);
    expect(gym).toBeLessThan(measured.documents / 4);
    expect(measured.documentFrequency.has('zzzqqq')).toBe(false);
  });

  it('reads the caption, and the title on YouTube, as normalized words', () => {
    const yt = world.platform('youtube');
    const video = yt.post(yt.firstPersonIndex + 3, 0);
    expect(video).not.toBeNull();
    if (video === null) return;
    const terms = postTerms(video);
    for (const word of video.title.toLowerCase().match(/[a-z]+/g) ?? [])
      expect(terms).toContain(normalizeTerm(word));
    expect(terms).toContain(normalizeTerm(video.hashtags[0]));
  });
});
