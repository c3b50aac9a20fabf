import { clamp, hashInts, hashString, Rng } from './random';

/**
 * The text and image model shared by the generator and the search operations, so that what
 * captions contain and what a query looks for are measured the same way.
 *
 * Captions are built from the vocabulary of the post's interest (word-lists/interests.ts), so a
 * query word maps to interests through `Dictionaries.interestsOfTerm`, and BM25 over real captions
 * (`tokenize`) then ranks the posts of the candidate creators.
 *
 * Every post carries `VISUAL_DIMENSIONS` image features: its interest's centroid plus noise. Image
 * search compares a query vector with them (cosine similarity).
 */

export const VISUAL_DIMENSIONS = 8;

/** Lower-case words of a text: letters and digits (any script), '#' and '@' dropped. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The visual centroid of an interest's posts, in -0.8..0.8 per dimension (seed-independent). */
export function visualCentroid(interestId: number): number[] {
  const vector: number[] = [];
  for (let k = 0; k < VISUAL_DIMENSIONS; k++)
    vector.push((hashInts(interestId, k, 0x715) / 4294967296) * 1.6 - 0.8);
  return vector;
}

/** A post's features: its interest's centroid plus Gaussian noise, clamped and rounded. */
export function visualFeatures(rng: Rng, interestId: number, spread = 0.2): number[] {
  return visualCentroid(interestId).map(
    (value) => Math.round(clamp(value + spread * rng.normal(), -1, 1) * 1000) / 1000,
  );
}

/**
 * Features of an uploaded query image. Real pixels are not analysed: the bytes pick an interest
 * (so results are topically coherent) and a small deterministic offset, so the same image always
 * ranks the same posts first. `interestCount` is the number of interests (ids 1..n).
 */
export function visualQueryFeatures(imageBytes: Uint8Array | string, interestCount: number): number[] {
  let key: number;
  if (typeof imageBytes === 'string') key = hashString(imageBytes);
  else {
    let h = 0x811c9dc5;
    // Sample at most 64 KB evenly: enough to tell images apart, cheap for a 5 MB upload.
    const step = Math.max(1, Math.floor(imageBytes.length / 65_536));
    for (let i = 0; i < imageBytes.length; i += step) h = Math.imul(h ^ imageBytes[i], 0x01000193);
    key = hashInts(h, imageBytes.length);
  }
  const interestId = 1 + (key % Math.max(1, interestCount));
  return visualFeatures(new Rng(key, 0x1a9e), interestId, 0.1);
}

/** Cosine similarity of two feature vectors (0 when either is all zeros). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let k = 0; k < Math.min(a.length, b.length); k++) {
    dot += a[k] * b[k];
    normA += a[k] * a[k];
    normB += b[k] * b[k];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
