import type { Platform } from '../../../shared/platforms';
import type { Rng } from './random';
import { CAPTION_TEMPLATES, SPONSOR_PHRASES, TITLE_TEMPLATES } from './word-lists/phrases';

/**
 * Captions, titles and hashtags of posts, composed from templates and the vocabulary of the post's
 * interest, so that a fitness post talks about workouts and protein and carries #gym.
 */

interface CaptionInput {
  readonly platform: Platform;
  readonly vocabulary: readonly string[];
  /** Vocabulary of the creator's other interest, for a second sentence now and then. */
  readonly secondaryVocabulary: readonly string[] | null;
  readonly place: string;
  readonly topicHashtags: readonly string[];
  readonly platformHashtags: readonly string[];
  readonly sponsor: { readonly name: string; readonly username: string } | null;
  /** Handle of a creator the post features (tagged and mentioned). */
  readonly featured: string | null;
}

interface Caption {
  readonly title: string;
  readonly text: string;
  readonly hashtags: string[];
  readonly mentions: string[];
}

function fill(rng: Rng, template: string, vocabulary: readonly string[], place: string, brand = ''): string {
  const used = new Set<string>();
  return template.replace(/\{(w|place|brand|n)\}/g, (_, slot: string) => {
    if (slot === 'place') return place;
    if (slot === 'brand') return brand;
    if (slot === 'n') return String(1 + rng.int(30));
    // Prefer words not used yet in this sentence.
    let word = rng.pick(vocabulary);
    for (let attempt = 0; used.has(word) && attempt < 3; attempt++) word = rng.pick(vocabulary);
    used.add(word);
    return word;
  });
}

function titleCase(text: string): string {
  return text.replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase());
}

export function buildCaption(rng: Rng, input: CaptionInput): Caption {
  const sentences = [fill(rng, rng.pick(CAPTION_TEMPLATES), input.vocabulary, input.place)];
  if (rng.chance(0.5)) {
    const vocabulary =
      input.secondaryVocabulary !== null && rng.chance(0.4) ? input.secondaryVocabulary : input.vocabulary;
    sentences.push(fill(rng, rng.pick(CAPTION_TEMPLATES), vocabulary, input.place));
  }
  const mentions: string[] = [];
  if (input.sponsor !== null) {
    sentences.push(
      `${fill(rng, rng.pick(SPONSOR_PHRASES), input.vocabulary, input.place, input.sponsor.name)} @${input.sponsor.username}`,
    );
    mentions.push(input.sponsor.username);
  }
  if (input.featured !== null && input.featured !== input.sponsor?.username) {
    sentences.push(rng.chance(0.5) ? `With @${input.featured}.` : `Shot with @${input.featured}, go say hi!`);
    mentions.push(input.featured);
  }

  const hashtags: string[] = [];
  const wanted = 2 + rng.int(4);
  for (let attempt = 0; hashtags.length < wanted && attempt < wanted * 3; attempt++) {
    const tag = rng.pick(input.topicHashtags);
    if (!hashtags.includes(tag)) hashtags.push(tag);
  }
  if (rng.chance(0.4)) {
    const tag = rng.pick(input.platformHashtags);
    if (!hashtags.includes(tag)) hashtags.push(tag);
  }
  if (input.sponsor !== null) hashtags.push(rng.chance(0.5) ? 'ad' : 'sponsored');

  const body = sentences.join(' ');
  const tagLine = hashtags.map((tag) => `#${tag}`).join(' ');
  const title =
    input.platform === 'youtube'
      ? titleCase(fill(rng, rng.pick(TITLE_TEMPLATES), input.vocabulary, input.place))
      : sentences[0].length > 100
        ? `${sentences[0].slice(0, 97)}...`
        : sentences[0];
  return { title, text: `${body}\n\n${tagLine}`, hashtags, mentions };
}
