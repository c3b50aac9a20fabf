import {
  filterLists,
  LISTS_SHOWN,
  readListName,
  readNewList,
} from '../../../../addon/sidebar/lists/lists-form';
import type { ListSummary } from '../../../../addon/bridge-contract/lists-api';

const list = (id: string, name: string, platform: ListSummary['platform'] = 'instagram'): ListSummary => ({
  id,
  name,
  platform,
  approximateMembers: 0,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
});

describe('readNewList', () => {
  it('tidies the name and keeps the platform', () => {
    expect(readNewList({ name: '  Summer\n picks ', platform: 'tiktok' })).toEqual({
      ok: true,
      value: { platform: 'tiktok', name: 'Summer picks' },
    });
  });

  it('says what is wrong with a blank or long name, or a missing platform', () => {
    expect(readListName('  ')).toEqual({
      ok: false,
      message: 'Give the list a name, e.g. "Summer campaign".',
    });
    expect(readListName('x'.repeat(101))).toEqual({
      ok: false,
      message: 'A list name may hold up to 100 characters; this one has 101.',
    });
    expect(readListName('x'.repeat(100)).ok).toBe(true);
    expect(readNewList({ name: 'Picks', platform: '' })).toEqual({
      ok: false,
      message: 'Choose the platform of the list.',
    });
  });
});

describe('filterLists', () => {
  const lists = [list('a1', 'Summer picks'), list('b2', 'Winter picks', 'tiktok'), list('c3', 'Brands')];

  it('finds lists by every word of the query, in any case, by name, platform or id', () => {
    expect(filterLists(lists, 'PICKS').shown.map((item) => item.id)).toEqual(['a1', 'b2']);
    expect(filterLists(lists, 'picks tiktok').shown.map((item) => item.id)).toEqual(['b2']);
    expect(filterLists(lists, 'c3').shown.map((item) => item.id)).toEqual(['c3']);
    expect(filterLists(lists, '')).toEqual({ shown: lists, matching: 3 });
  });

  it(`shows at most ${LISTS_SHOWN} and counts the rest`, () => {
    const many = Array.from({ length: 120 }, (_, i) => list(`id${i}`, `List ${i}`));
    const { shown, matching } = filterLists(many, 'list');
    expect(shown).toHaveLength(LISTS_SHOWN);
    expect(matching).toBe(120);
  });
});
