import { INTERESTS_PER_CREATOR, type Dictionaries, type PlatformCreators } from '../../data';

// Compiled to CommonJS, every read of an imported binding is a getter call: hot loops use these copies.
const INTEREST_SLOTS = INTERESTS_PER_CREATOR;

/**
 * Which caption words a creator uses, for the search `keywords` filter and sort, without building
 * posts. Captions are composed from the vocabulary and hashtags of the post's interest, and a
 * creator's posts are about its own interests (60% the main one, 25% the second, 15% the third:
 * data/post-traits.ts). So a creator "uses" a word when one of its interests has the word in its
 * vocabulary or hashtags: the words its captions are made of. Template filler ("session",
 * "routine" where no interest owns it), place and brand names are not indexed.
 */

/** Share of a creator's posts about its interest in each slot (data/post-traits.ts `postInterest`). */
export const POST_SHARE_BY_SLOT = [0.6, 0.25, 0.15] as const;

/** For one word: a table indexed by interest id, 1 where the interest's captions use the word. */
export type WordInterests = Uint8Array;

export function interestsUsingWord(dictionaries: Dictionaries, word: string): WordInterests {
  const table = new Uint8Array(256);
  for (const id of dictionaries.interestsOfTerm(word)) table[id] = 1;
  for (const id of dictionaries.interestsOfHashtag(word)) table[id] = 1;
  return table;
}

/** Whether the creator's captions use the word. */
export function usesWord(pc: PlatformCreators, index: number, word: WordInterests): boolean {
  const base = index * INTEREST_SLOTS;
  const interests = pc.columns.interests;
  for (let k = 0; k < INTEREST_SLOTS; k++) {
    const id = interests[base + k];
    if (id !== 0 && word[id] === 1) return true;
  }
  return false;
}

/**
 * How much of the creator's content is about the words: for each word, the share of its posts
 * whose interest uses it. The `keywords` sort orders by this.
 */
export function wordsScore(pc: PlatformCreators, index: number, words: readonly WordInterests[]): number {
  const base = index * INTEREST_SLOTS;
  const interests = pc.columns.interests;
  let score = 0;
  for (const word of words) {
    for (let k = 0; k < INTEREST_SLOTS; k++) {
      const id = interests[base + k];
      if (id !== 0 && word[id] === 1) score += POST_SHARE_BY_SLOT[k];
    }
  }
  return score;
}
