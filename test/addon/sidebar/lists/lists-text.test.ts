import {
  checkFacts,
  dateText,
  deleteQuestion,
  listLimitsFacts,
  listLine,
  memberIdHint,
  membersText,
  moreListsText,
  shownMembersText,
} from '../../../../addon/sidebar/lists/lists-text';
import type { ListDetail, ListSummary } from '../../../../addon/bridge-contract/lists-api';

const summary: ListSummary = {
  id: 'abc123',
  name: 'Summer picks',
  platform: 'tiktok',
  approximateMembers: 1234,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-02T10:00:00.000Z',
};
const detail = (members: number, shown: number): ListDetail => ({
  list: summary,
  members,
  shown: Array.from({ length: shown }, (_, i) => String(i)),
});

describe('lists text', () => {
  it('shows the limits of the spec as limits, with the lists used when known', () => {
    expect(listLimitsFacts(3)).toEqual([
      { label: 'Lists', value: '3 of up to 20,000' },
      { label: 'Members per list', value: 'up to 70,000' },
      { label: 'Ids per API call', value: '10,000; longer columns go in batches' },
      { label: 'Name', value: 'up to 100 characters' },
    ]);
    expect(listLimitsFacts(null)[0]).toEqual({ label: 'Lists', value: 'up to 20,000' });
  });

  it('tells the exact count and the room left', () => {
    expect(membersText(1234)).toBe('1,234 (exact) of up to 70,000; room for 68,766 more');
    expect(membersText(70_000)).toBe('70,000 (exact) of up to 70,000; room for 0 more');
  });

  it('describes a list in one line, the estimate marked as such', () => {
    expect(listLine(summary)).toBe('TikTok · about 1,234 members · created 1 May 2026');
    expect(listLine({ ...summary, approximateMembers: null })).toContain('members not counted yet');
    expect(dateText('not a date')).toBe('not a date');
  });

  it('says how many members are not shown', () => {
    expect(shownMembersText(detail(0, 0))).toBe('No members yet: add some below.');
    expect(shownMembersText(detail(1, 1))).toBe('All 1 member.');
    expect(shownMembersText(detail(250, 100))).toBe(
      'The first 100 of 250 members; write them to a tab to see them all.',
    );
  });

  it('asks before a delete, with the name and the member count', () => {
    expect(deleteQuestion(detail(1234, 100))).toBe(
      'Delete "Summer picks" and its 1,234 members? This cannot be undone, and AI searches that include or exclude it will no longer find it.',
    );
  });

  it('explains what a member id is on each platform', () => {
    expect(memberIdHint('youtube')).toContain(
      'YouTube channel ids (UC followed by 22 characters), not handles',
    );
    expect(memberIdHint('instagram')).toContain('Instagram numeric user ids, not handles');
  });

  it('lists what a check found, free of charge', () => {
    const facts = checkFacts({
      label: 'Leads!B2:B41',
      note: null,
      cells: 39,
      blanks: 1,
      ids: 35,
      repeats: 1,
      invalid: 3,
      problems: [],
      summary: '',
    });
    expect(facts.map((fact) => `${fact.label}: ${fact.value}`)).toEqual([
      'Cells read: Leads!B2:B41',
      'User ids to send: 35',
      'Repeated (sent once): 1',
      'Not user ids: 3',
      'Blank: 1',
      'Cost: free',
    ]);
  });

  it('tells when lists are hidden by the filter or there are none', () => {
    expect(moreListsText(0, 0, 0)).toBe('No lists yet: create the first one above.');
    expect(moreListsText(0, 0, 5)).toBe('No list matches: try another part of the name.');
    expect(moreListsText(5, 5, 5)).toBeNull();
    expect(moreListsText(50, 1234, 2000)).toBe(
      'Showing 50 of 1,234 lists: type part of a name to find the others.',
    );
  });
});
