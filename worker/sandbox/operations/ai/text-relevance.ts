import { FLAG, tokenize, type Dictionaries, type PlatformCreators, type Post } from '../../data';
import { AI_SEARCH_MIN_FOLLOWERS } from '../../../../shared/limits';
import { SandboxError } from '../../sandbox-error';
import { postTokens } from './ai-filters';

/**
 * Text relevance for AI text search: query analysis and Okapi BM25 over the generated captions.
 *
 * - Words are `tokenize`d (lower case letters and digits) and lightly stemmed (`normalizeTerm`:
 *   a plural "s" dropped), the same way for queries and posts, so "workouts" finds "workout".
 * - Function words and negations are dropped from the query. The service takes positive
 *   descriptions only and does not understand negations, so "not yoga" searches for yoga, as an
 *   embedding of that text would.
 * - Document frequencies are measured once per platform (lazily, on the first text search) over a
 *   fixed sample of posts of the AI-covered creators, so a term's weight is the same in every query
 *   and on every page.
 * - Each query term also names the interests whose captions use it (vocabulary, hashtags, interest
 *   names), which is how the search finds candidate creators without reading every caption.
 */

const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** Creators sampled for document frequencies, two posts each. */
const SAMPLE_CREATORS = 1000;
const SAMPLE_POSTS = [0, 3];
/** A longer query is cut to its first distinct terms; captions are short. */
const MAX_QUERY_TERMS = 32;

const STOPWORDS = new Set(
  (
    'a an and are as at be been being but by can could did do does for from had has have he her him his how i if ' +
    'in into is it its just me more most my of on or our she so some than that the their them then there these ' +
    'they this those to us very was we were what when where which while who whom why will with would you your ' +
    'about all any also like such only own same other over under again further once here both each few ' +
    'find show looking look want need creator creators influencer influencers account accounts people ' +
    'post posts video videos content profile profiles'
  ).split(' '),
);
/** Dropped like function words: the service does not understand negations. */
const NEGATIONS = new Set(
  'not no without except excluding exclude non never nor none neither nothing avoid dont don t isn aren'.split(
    ' ',
  ),
);

/** The stem both queries and posts are compared by: a trailing plural "s" goes. */
export function normalizeTerm(word: string): string {
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

export function normalizedTokens(text: string): string[] {
  return tokenize(text).map(normalizeTerm);
}

export interface TextQuery {
  /** Distinct normalized terms, in query order. */
  readonly terms: readonly string[];
  /** Interest id -> how much of the query is about it (0..1, the best interest is 1). */
  readonly interestWeights: ReadonlyMap<number, number>;
}

/** The query's terms and the interests they are about; a query with nothing to look for is a 400. */
export function analyzeTextQuery(query: string, dictionaries: Dictionaries): TextQuery {
  const terms: string[] = [];
  for (const word of tokenize(query)) {
    if (STOPWORDS.has(word) || NEGATIONS.has(word)) continue;
    const term = normalizeTerm(word);
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === MAX_QUERY_TERMS) break;
  }
  if (terms.length === 0) {
    throw new SandboxError(
      'bad_request',
      `query "${query}" has no words to search for: describe the content to find, e.g. "home workouts with dumbbells"`,
    );
  }
  const index = termInterests(dictionaries);
  const weights = new Map<number, number>();
  for (const term of terms) {
    const interests = index.get(term) ?? [];
    // A term shared by many interests says less about each of them.
    for (const id of interests) weights.set(id, (weights.get(id) ?? 0) + 1 / interests.length);
  }
  const best = Math.max(0, ...weights.values());
  for (const [id, weight] of weights) weights.set(id, weight / best);
  return { terms, interestWeights: weights };
}

const termIndexes = new WeakMap<Dictionaries, Map<string, number[]>>();

/** Normalized word -> interests whose captions use it (vocabulary, hashtags, name words). */
function termInterests(dictionaries: Dictionaries): Map<string, number[]> {
  let index = termIndexes.get(dictionaries);
  if (index === undefined) {
    index = new Map();
    for (const profile of dictionaries.interestProfiles) {
      const words = [
        ...profile.vocabulary,
        ...profile.hashtags,
        ...tokenize(profile.name).filter((word) => !STOPWORDS.has(word)),
      ];
      for (const word of words) {
        const term = normalizeTerm(word);
        const list = index.get(term);
        if (list === undefined) index.set(term, [profile.id]);
        else if (!list.includes(profile.id)) list.push(profile.id);
      }
    }
    termIndexes.set(dictionaries, index);
  }
  return index;
}

export interface TermStatistics {
  /** Posts in the sample. */
  readonly documents: number;
  readonly averageLength: number;
  readonly documentFrequency: ReadonlyMap<string, number>;
}

const statistics = new WeakMap<PlatformCreators, TermStatistics>();

/** Document frequencies of a platform, measured once over a fixed, evenly spread sample of posts. */
export function termStatistics(pc: PlatformCreators): TermStatistics {
  let stats = statistics.get(pc);
  if (stats === undefined) {
    const covered: number[] = [];
    for (let i = 0; i < pc.size; i++) {
      if (pc.columns.followers[i] > AI_SEARCH_MIN_FOLLOWERS && (pc.columns.flags[i] & FLAG.private) === 0)
        covered.push(i);
    }
    const step = Math.max(1, covered.length / SAMPLE_CREATORS);
    const documentFrequency = new Map<string, number>();
    let documents = 0;
    let words = 0;
    for (let k = 0; k < covered.length; k += step) {
      const index = covered[Math.floor(k)];
      for (const j of SAMPLE_POSTS) {
        const post = pc.post(index, j);
        if (post === null) continue;
        const tokens = postTerms(post);
        documents++;
        words += tokens.length;
        for (const term of new Set(tokens))
          documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      }
    }
    stats = { documents, averageLength: documents === 0 ? 1 : words / documents, documentFrequency };
    statistics.set(pc, stats);
  }
  return stats;
}

const documents = new WeakMap<Post, readonly string[]>();

/**
 * A post as a BM25 document: normalized words of its caption (and YouTube title). Memoised per
 * post object: the world caches recent posts, so the next page of a search reads them again.
 */
export function postTerms(post: Post): readonly string[] {
  let terms = documents.get(post);
  if (terms === undefined) {
    terms = postTokens(post).map(normalizeTerm);
    documents.set(post, terms);
  }
  return terms;
}

/** Okapi BM25 of one query against documents of one platform. */
export class Bm25 {
  private readonly positions = new Map<string, number>();
  private readonly idf: Float64Array;

  constructor(
    readonly terms: readonly string[],
    private readonly stats: TermStatistics,
  ) {
    this.idf = new Float64Array(terms.length);
    terms.forEach((term, position) => {
      this.positions.set(term, position);
      const df = stats.documentFrequency.get(term) ?? 0;
      this.idf[position] = Math.log(1 + (stats.documents - df + 0.5) / (df + 0.5));
    });
  }

  /** Inverse document frequency of the query's n-th term. */
  termWeight(position: number): number {
    return this.idf[position];
  }

  score(documentTerms: readonly string[]): number {
    const tf = new Float64Array(this.terms.length);
    let any = false;
    for (const term of documentTerms) {
      const position = this.positions.get(term);
      if (position !== undefined) {
        tf[position]++;
        any = true;
      }
    }
    if (!any) return 0;
    const lengthNorm = 1 - BM25_B + (BM25_B * documentTerms.length) / this.stats.averageLength;
    let score = 0;
    for (let k = 0; k < tf.length; k++) {
      if (tf[k] > 0) score += (this.idf[k] * tf[k] * (BM25_K1 + 1)) / (tf[k] + BM25_K1 * lengthNorm);
    }
    return score;
  }
}
