import { createWorld } from '../../../../../worker/sandbox/data';
import { AudienceWeights } from '../../../../../worker/sandbox/operations/discovery/audience-weights';

const world = createWorld({ seed: 'audience-weights', creatorsPerPlatform: 600 });

describe('AudienceWeights', () => {
  it('gives the same shares as the full audience for top and tail items, countries and cities', () => {
    for (const pc of [world.instagram, world.tiktok, world.youtube]) {
      const weights = new AudienceWeights(pc);
      for (let index = 0; index < pc.size; index += 7) {
        const audience = pc.audience(index);
        for (const country of audience.geoCountries)
          expect(weights.location(index, country.id)).toBe(country.weight);
        for (const language of audience.languages) {
          expect(weights.language(index, pc.dictionaries.languagePosition(language.code))).toBe(
            language.weight,
          );
        }
        for (const interest of audience.interests)
          expect(weights.interest(index, interest.id)).toBe(interest.weight);
        for (const city of audience.geoCities) expect(weights.location(index, city.id)).toBe(city.weight);
        // Items outside the audience weigh nothing.
        expect(weights.location(index, 10)).toBe(pc.audienceWeight(index, 'location', 10));
      }
    }
  });

  it('answers "at least" exactly at and around each share', () => {
    const pc = world.instagram;
    const weights = new AudienceWeights(pc);
    for (let index = 3; index < pc.size; index += 11) {
      for (const country of pc.audience(index).geoCountries) {
        expect(weights.locationAtLeast(index, country.id, country.weight)).toBe(true);
        expect(weights.locationAtLeast(index, country.id, country.weight + 0.0001)).toBe(false);
      }
      for (const interest of pc.audience(index).interests) {
        expect(weights.interestAtLeast(index, interest.id, interest.weight)).toBe(true);
        expect(weights.interestAtLeast(index, interest.id, interest.weight + 0.0001)).toBe(false);
      }
    }
  });
});
