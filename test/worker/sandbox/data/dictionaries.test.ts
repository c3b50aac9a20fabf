import { PLATFORMS } from '../../../../shared/platforms';
import { Dictionaries } from '../../../../worker/sandbox/data';

describe('Dictionaries', () => {
  const dictionaries = new Dictionaries();

  it('lists about sixty interests with unique ids and names', () => {
    expect(dictionaries.interests.length).toBeGreaterThanOrEqual(55);
    expect(new Set(dictionaries.interests.map((interest) => interest.id)).size).toBe(
      dictionaries.interests.length,
    );
    expect(new Set(dictionaries.interests.map((interest) => interest.name)).size).toBe(
      dictionaries.interests.length,
    );
    expect(dictionaries.interest(1)?.name).toBe('Fitness');
  });

  it('starts the languages with the codes the spec shows, and holds the big ones', () => {
    expect(dictionaries.languages.slice(0, 10).map((language) => language.code)).toEqual([
      'af',
      'als',
      'am',
      'an',
      'ar',
      'arz',
      'as',
      'ast',
      'av',
      'az',
    ]);
    for (const code of ['en', 'es', 'pt', 'fr', 'de', 'it', 'ru', 'ja', 'ko', 'zh', 'hi', 'id', 'tr']) {
      expect(dictionaries.language(code)).toBeDefined();
    }
    for (const country of dictionaries.countries)
      expect(dictionaries.language(country.language)).toBeDefined();
  });

  it('titles cities with their region and country', () => {
    const paris = dictionaries.locations.find((location) => location.name === 'Paris');
    expect(paris?.title).toBe('Paris, Île-de-France, France');
    expect(paris?.kind).toBe('city');
    expect(dictionaries.location(paris?.countryId ?? 0)?.name).toBe('France');
    expect(dictionaries.location(250)?.title).toBe('France');
    expect(new Set(dictionaries.locations.map((location) => location.id)).size).toBe(
      dictionaries.locations.length,
    );
  });

  it('has brands with unique names and handles, on reserved domains, each in an interest', () => {
    expect(dictionaries.brands.length).toBeGreaterThan(100);
    expect(new Set(dictionaries.brands.map((brand) => brand.name)).size).toBe(dictionaries.brands.length);
    expect(new Set(dictionaries.brands.map((brand) => brand.username)).size).toBe(dictionaries.brands.length);
    for (const brand of dictionaries.brands) {
      expect(brand.domain).toMatch(/^[a-z0-9]+\.example$/);
      expect(dictionaries.interest(brand.interestId)).toBeDefined();
    }
    expect(dictionaries.aiBrands).toEqual(dictionaries.brands.map((brand) => brand.name));
  });

  it('has topics and hashtags per platform, with platform tags and stable positions', () => {
    for (const platform of PLATFORMS) {
      const tags = dictionaries.hashtags(platform);
      expect(new Set(tags).size).toBe(tags.length);
      expect(tags).toContain('fitness');
      expect(dictionaries.hashtagPosition(platform, `#${tags[5]}`)).toBe(5);
      expect(dictionaries.topics(platform)).toContain('workout');
    }
    expect(dictionaries.hashtags('tiktok')).toContain('fyp');
    expect(dictionaries.hashtags('instagram')).not.toContain('fyp');
    expect(dictionaries.interestsOfHashtag('#gym')).toContain(1);
    expect(dictionaries.interestsOfTerm('protein')).toContain(1);
  });
});
