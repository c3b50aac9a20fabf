import { tokenize, type PlatformCreators } from '../../data';

/**
 * The words a search `bio` filter matches, as api-notes has it: "exact-word match against bio,
 * username and handle", read here as the bio, the full (display) name and the handle, lower case.
 *
 * Testing every bio of a platform per request costs tens of milliseconds at 100,000 creators, so
 * the first bio search of a platform builds an inverted index (word -> creators using it, in index
 * order) once, from `PlatformCreators.bioWords` and the names; every later one is a lookup.
 */
class ProfileWordIndex {
  private readonly byWord: Map<string, Int32Array>;

  constructor(pc: PlatformCreators) {
    const lists = new Map<string, number[]>();
    for (let index = 0; index < pc.size; index++) {
      const words = new Set([
        ...pc.bioWords(index).split(' '),
        ...tokenize(pc.fullname(index)),
        ...tokenize(pc.username(index)),
      ]);
      for (const word of words) {
        if (word === '') continue;
        const list = lists.get(word);
        if (list === undefined) lists.set(word, [index]);
        else list.push(index);
      }
    }
    this.byWord = new Map([...lists].map(([word, list]) => [word, Int32Array.from(list)]));
  }

  /** Creators with `word` (lower case, one token) in their bio, full name or handle, by index. */
  creatorsWith(word: string): Int32Array {
    return this.byWord.get(word) ?? EMPTY;
  }

  /** A table by creator index, 1 for creators having every one of `words`. */
  creatorsWithAll(size: number, words: readonly string[]): Uint8Array {
    const counts = new Uint16Array(size);
    const distinct = [...new Set(words)];
    for (const word of distinct) for (const index of this.creatorsWith(word)) counts[index]++;
    const table = new Uint8Array(size);
    for (let index = 0; index < size; index++) if (counts[index] === distinct.length) table[index] = 1;
    return table;
  }
}

const EMPTY = new Int32Array(0);
const cache = new WeakMap<PlatformCreators, ProfileWordIndex>();

export function profileWordIndexOf(pc: PlatformCreators): ProfileWordIndex {
  let index = cache.get(pc);
  if (index === undefined) {
    index = new ProfileWordIndex(pc);
    cache.set(pc, index);
  }
  return index;
}
