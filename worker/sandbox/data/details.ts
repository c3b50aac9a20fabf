import { FLAG, INTERESTS_PER_CREATOR } from './columns';
import { streamKey } from './generate-core';
import type { PlatformCreators } from './platform-creators';
import { Rng, STREAM } from './random';
import type { CreatorDetails } from './types';
import { BIO_TEMPLATES } from './word-lists/phrases';

/**
 * Profile text of a creator: bio, public e-mail, contacts and website. The e-mail of a person is
 * the same on every platform (persons.ts); a brand answers at its own domain.
 */

const EMOJIS = ['✨', '🌍', '💫', '🔥', '🌿', '📸', '🎬', '💪', '🍳', '🎧', '🎮', '💄', '🐾', '📚', '🚀'];

export function creatorEmail(pc: PlatformCreators, index: number): string | null {
  if ((pc.columns.flags[index] & FLAG.hasEmail) === 0) return null;
  const brand = pc.brandOf(index);
  if (brand !== undefined) return `hello@${brand.domain}`;
  const personId = pc.columns.personId[index];
  return personId < 0 ? null : pc.persons.email(personId);
}

export function deriveDetails(pc: PlatformCreators, index: number): CreatorDetails {
  const rng = new Rng(streamKey(pc.context.seedKey, pc.platform, index, STREAM.details));
  const email = creatorEmail(pc, index);
  const brand = pc.brandOf(index);
  const city = pc.dictionaries.location(pc.columns.cityId[index]);
  const country = pc.dictionaries.location(pc.columns.countryId[index]);
  const place =
    city !== undefined ? `${city.name}, ${country?.name ?? ''}`.replace(/, $/, '') : (country?.name ?? '');
  let bio: string;
  let website: string | null = null;
  if (brand !== undefined) {
    bio = `Official ${brand.name} account. ${brand.category} made better. Shop at ${brand.domain}`;
    website = `https://${brand.domain}`;
  } else if (pc.kind(index) === 'platform') {
    bio = 'Bringing you closer to the people and things you love. ❤️';
  } else {
    const interest = pc.dictionaries.interestProfile(pc.columns.interests[index * INTERESTS_PER_CREATOR]);
    const vocabulary = interest?.vocabulary ?? ['life'];
    const category = interest?.category ?? 'Creator';
    const opener = rng
      .pick(BIO_TEMPLATES)
      .replace(/\{category\}/g, category)
      .replace(/\{w\}/g, () => rng.pick(vocabulary));
    const second = pc.dictionaries.interestProfile(pc.columns.interests[index * INTERESTS_PER_CREATOR + 1]);
    bio = [
      opener,
      ' ',
      rng.pick(EMOJIS),
      ' | 📍 ',
      place,
      second === undefined ? '' : ` | ${second.name.toLowerCase()} too`,
    ].join('');
    if (rng.chance(0.3)) website = `https://${pc.username(index).replace(/[._]/g, '-')}.example`;
  }
  if (email !== null) bio += ` | 📩 ${email}`;
  return {
    bio,
    email,
    contacts: email === null ? [] : [{ type: 'email', value: email }],
    website,
  };
}
