import { createWorld, type CreatorRef } from '../../../../worker/sandbox/data';

describe('audience overlap', () => {
  const world = createWorld({ seed: 'overlap', creatorsPerPlatform: 4000 });
  const pc = world.instagram;
  const refs = (...indexes: number[]): CreatorRef[] =>
    indexes.map((index) => ({ platform: 'instagram', index }));
  const find = (predicate: (index: number) => boolean) => {
    for (let index = pc.firstPersonIndex; index < pc.size; index++) if (predicate(index)) return index;
    throw new Error('no creator matches');
  };
  const c = pc.columns;
  const a = find((i) => c.followers[i] > 50_000 && c.countryId[i] === 840);
  const b = find(
    (i) =>
      i !== a &&
      c.followers[i] > 20_000 &&
      c.countryId[i] === 840 &&
      c.interests[i * 3] === c.interests[a * 3],
  );
  const unrelated = find(
    (i) =>
      c.followers[i] > 20_000 &&
      c.interests[i * 3] !== c.interests[a * 3] &&
      ![0, 1, 2].some(
        (k) =>
          c.audienceCountries[i * 3 + k] === 840 ||
          pc.creator(a).audience.countries.some((entry) => entry.key === c.audienceCountries[i * 3 + k]),
      ),
  );

  it('gives each creator unique + overlapping = 100 and unique followers at most the total', () => {
    for (const set of [refs(a, b), refs(a, b, unrelated), refs(0, a, b, 123, 456, 789)]) {
      const result = world.audienceOverlap(set);
      expect(result.data).toHaveLength(set.length);
      for (const entry of result.data) {
        expect(entry.uniquePercentage + entry.overlappingPercentage).toBeCloseTo(100, 9);
        expect(entry.uniquePercentage).toBeGreaterThanOrEqual(0);
        expect(entry.uniqueFollowers).toBeLessThanOrEqual(entry.followers);
      }
      const sum = result.data.reduce((total, entry) => total + entry.followers, 0);
      expect(result.totalFollowers).toBe(sum);
      expect(result.totalUniqueFollowers).toBeLessThanOrEqual(result.totalFollowers);
      const uniques = result.data.reduce((total, entry) => total + entry.uniqueFollowers, 0);
      expect(uniques).toBeLessThanOrEqual(result.totalUniqueFollowers + set.length);
    }
  });

  it('overlaps identical creators fully', () => {
    const result = world.audienceOverlap(refs(a, a));
    expect(result.data.map((entry) => entry.overlappingPercentage)).toEqual([100, 100]);
    expect(result.totalUniqueFollowers).toBe(c.followers[a]);
    expect(result.totalFollowers).toBe(c.followers[a]);
  });

  it('overlaps creators of the same interest and country more than unrelated ones', () => {
    const related = world.audienceOverlap(refs(a, b)).data[1].overlappingPercentage;
    const apart = world.audienceOverlap(refs(a, unrelated)).data[1].overlappingPercentage;
    expect(related).toBeGreaterThan(1);
    expect(apart).toBeLessThan(1);
    expect(related).toBeGreaterThan(apart);
  });

  it('gives a lone creator 100% unique followers, and names every entry', () => {
    const result = world.audienceOverlap(refs(b));
    expect(result.data[0]).toMatchObject({
      uniquePercentage: 100,
      overlappingPercentage: 0,
      username: pc.username(b),
      userId: pc.userId(b),
    });
    expect(world.audienceOverlap(refs(a, b))).toEqual(world.audienceOverlap(refs(a, b)));
  });
});
