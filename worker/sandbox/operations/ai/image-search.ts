import {
  cosineSimilarity,
  visualCentroid,
  visualQueryFeatures,
  type Dictionaries,
  type PlatformCreators,
} from '../../data';
import { postInterest } from '../../data/post-traits';
import { SandboxError } from '../../sandbox-error';
import { passesText, postWindow, type ResolvedAiFilters } from './ai-filters';
import {
  SCAN_POSTS,
  SCORED_POSTS_PER_CREATOR,
  aggregateScore,
  bestPosts,
  interestPrior,
  interestWeightArray,
  orderCandidates,
  type CreatorScorer,
  type ScoredPost,
  type SearchPlan,
} from './ai-ranking';

/**
 * AI image search: the uploaded image becomes a feature vector (`visualQueryFeatures`; the sandbox
 * does not look at pixels, but the same bytes always give the same vector) compared by cosine
 * similarity with each post's `visual` features.
 *
 * Candidates: creators with an interest whose visual centroid is close to the query
 * (INTEREST_SIMILARITY_MIN), prior = post share of those interests times their similarity.
 * Scoring: the newest posts of those interests (YouTube: videos and shorts only, the thumbnails the
 * service matches against) are derived and compared; posts at or above POST_SIMILARITY_MIN are
 * matched posts.
 */

export const INTEREST_SIMILARITY_MIN = 0.6;
export const POST_SIMILARITY_MIN = 0.6;

const SIGNATURES: { type: 'image/jpeg' | 'image/png' | 'image/webp'; test: (bytes: Buffer) => boolean }[] = [
  { type: 'image/jpeg', test: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    test: (b) =>
      b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/webp',
    test: (b) =>
      b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
];

/**
 * The image bytes of `base64Image`, which must be a JPEG, PNG or WebP file. A declared `imageType`
 * that differs from the bytes is tolerated (decoders sniff the format), anything else is a 400.
 */
export function decodeImage(base64Image: string): Buffer {
  const bytes = Buffer.from(base64Image, 'base64');
  if (!SIGNATURES.some((signature) => signature.test(bytes))) {
    throw new SandboxError(
      'bad_request',
      `base64Image does not hold a JPEG, PNG or WebP image (its ${bytes.length} bytes start with ${bytes.subarray(0, 4).toString('hex') || 'nothing'})`,
    );
  }
  return bytes;
}

/** Feature vector of an uploaded image. */
export function imageFeatures(bytes: Uint8Array, dictionaries: Dictionaries): number[] {
  return visualQueryFeatures(bytes, dictionaries.interests.length);
}

export function planImageSearch(
  pc: PlatformCreators,
  filters: ResolvedAiFilters,
  features: readonly number[],
): SearchPlan {
  const similarity = new Map<number, number>();
  for (const interest of pc.dictionaries.interests) {
    const value = cosineSimilarity(features, visualCentroid(interest.id));
    if (value >= INTEREST_SIMILARITY_MIN) similarity.set(interest.id, value);
  }
  const prior = interestPrior(pc, interestWeightArray(similarity));
  const candidates = orderCandidates(pc, filters, prior);
  const youtube = pc.platform === 'youtube';

  const scorer: CreatorScorer = (i) => {
    if (!passesText(pc, filters, i)) return null;
    const scored: ScoredPost[] = [];
    const scan = Math.min(SCAN_POSTS, pc.postCount(i));
    let derived = 0;
    for (let j = 0; j < scan && derived < SCORED_POSTS_PER_CREATOR; j++) {
      const window = postWindow(pc, filters, i, j);
      if (window === 'stop') break;
      if (window === 'skip') continue;
      if (youtube && pc.postType(i, j) === 'live') continue;
      if (!similarity.has(postInterest(pc, i, j))) continue;
      const post = pc.post(i, j);
      if (post === null) continue;
      derived++;
      const score = cosineSimilarity(features, post.visual);
      if (score >= POST_SIMILARITY_MIN) scored.push({ post, score });
    }
    if (scored.length === 0) return null;
    const posts = bestPosts(scored);
    const score = aggregateScore(posts.map((entry) => entry.score)) * ((1 + Math.min(1, prior(i))) / 2);
    return { score, posts };
  };
  return { candidates, scorer };
}
