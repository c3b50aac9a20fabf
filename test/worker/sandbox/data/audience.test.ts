import { PLATFORMS } from '../../../../shared/platforms';
import { createWorld } from '../../../../worker/sandbox/data';

describe('audience', () => {
  const world = createWorld({ seed: 'audience', creatorsPerPlatform: 2000 });
  const sum = (entries: readonly { weight: number }[]) =>
    entries.reduce((total, entry) => total + entry.weight, 0);

  it('has shares that sum to 1 in every exclusive dimension', () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      for (const index of [0, 5, 400, 1234, 1999]) {
        const audience = pc.audience(index);
        expect(sum(audience.genders)).toBeCloseTo(1, 9);
        expect(sum(audience.ages)).toBeCloseTo(1, 9);
        expect(sum(audience.geoCountries)).toBeCloseTo(1, 9);
        expect(sum(audience.languages)).toBeCloseTo(1, 9);
        expect(sum(audience.audienceTypes)).toBeCloseTo(1, 9);
        expect(sum(audience.audienceReachability)).toBeCloseTo(1, 9);
        expect(sum(audience.ethnicities)).toBeCloseTo(1, 9);
        expect(sum(audience.geoCities)).toBeLessThan(1);
        for (const entry of audience.gendersPerAge) {
          const age = audience.ages.find((candidate) => candidate.code === entry.code);
          expect(entry.male + entry.female).toBeCloseTo(age?.weight ?? -1, 9);
        }
        expect(sum(audience.gendersPerAge.map((entry) => ({ weight: entry.male })))).toBeCloseTo(
          audience.genders[0].weight,
          9,
        );
        expect(audience.credibility).toBeGreaterThan(0);
        expect(audience.credibility).toBeLessThanOrEqual(1);
        expect(audience.audienceTypes.find((entry) => entry.code === 'suspicious')?.weight).toBeCloseTo(
          1 - audience.credibility,
          9,
        );
      }
    }
  });

  it('uses the platform age groups: no 13-17 on TikTok', () => {
    expect(world.tiktok.audience(700).ages.map((entry) => entry.code)).toEqual([
      '18-24',
      '25-34',
      '35-44',
      '45-64',
      '65-',
    ]);
    expect(world.instagram.audience(700).ages.map((entry) => entry.code)[0]).toBe('13-17');
  });

  it('agrees with the compact summary of the core, whose entries are its top entries', () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      for (let index = 0; index < pc.size; index += 97) {
        const summary = pc.creator(index).audience;
        const audience = pc.audience(index);
        expect(audience.credibility).toBe(summary.credibility);
        expect(audience.genders[0].weight).toBe(summary.male);
        expect(
          audience.geoCountries.slice(0, 3).map((entry) => ({ key: entry.id, weight: entry.weight })),
        ).toEqual(summary.countries);
        expect(
          audience.languages.slice(0, 2).map((entry) => ({ key: entry.code, weight: entry.weight })),
        ).toEqual(summary.languages);
        expect(
          audience.interests.slice(0, 3).map((entry) => ({ key: entry.id, weight: entry.weight })),
        ).toEqual(summary.interests);
        // Nothing outside the top weighs more than the smallest top entry.
        const smallestCountry = Math.min(...summary.countries.map((entry) => entry.weight));
        for (const entry of audience.geoCountries.slice(3))
          expect(entry.weight).toBeLessThanOrEqual(smallestCountry);
        const smallestInterest = Math.min(...summary.interests.map((entry) => entry.weight));
        for (const entry of audience.interests.slice(3))
          expect(entry.weight).toBeLessThanOrEqual(smallestInterest);
      }
    }
  });

  it('is derived identically on every call and in another world of the same seed', () => {
    const first = world.instagram.audience(321);
    expect(world.instagram.audience(321)).toEqual(first);
    expect(createWorld({ seed: 'audience', creatorsPerPlatform: 2000 }).instagram.audience(321)).toEqual(
      first,
    );
  });

  it('answers audience weights for filters, from the core or the full audience', () => {
    const pc = world.instagram;
    const index = 900;
    const audience = pc.audience(index);
    for (const country of audience.geoCountries)
      expect(pc.audienceWeight(index, 'location', country.id)).toBe(country.weight);
    for (const city of audience.geoCities)
      expect(pc.audienceWeight(index, 'location', city.id)).toBe(city.weight);
    for (const language of audience.languages)
      expect(pc.audienceWeight(index, 'language', language.code)).toBe(language.weight);
    for (const interest of audience.interests)
      expect(pc.audienceWeight(index, 'interest', interest.id)).toBe(interest.weight);
    for (const age of audience.ages) expect(pc.audienceWeight(index, 'age', age.code)).toBe(age.weight);
    expect(pc.audienceWeight(index, 'gender', 'FEMALE')).toBe(audience.genders[1].weight);
    expect(pc.audienceWeight(index, 'location', 999_999)).toBe(0);
  });

  it('lists notable users and lookalikes from the same platform, not the creator itself', () => {
    const audience = world.youtube.audience(800);
    expect(audience.notableUsers.length).toBeGreaterThan(0);
    for (const user of [...audience.notableUsers, ...audience.audienceLookalikes]) {
      expect(user.platform).toBe('youtube');
      expect(user.index).not.toBe(800);
    }
    expect(audience.brandAffinity.length).toBeGreaterThan(0);
  });

  it('puts most of a creator audience in its own country', () => {
    let home = 0;
    const pc = world.instagram;
    for (let index = pc.firstPersonIndex; index < pc.size; index++) {
      if (pc.creator(index).audience.countries.some((entry) => entry.key === pc.columns.countryId[index]))
        home++;
    }
    expect(home).toBe(pc.size - pc.firstPersonIndex);
  });
});
