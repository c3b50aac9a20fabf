import { cellsQuotedIn, readMemberId, readMemberIds } from '../../../../addon/server/lists/list-member-ids';

const TIKTOK_ID = '6812345678901234567';
const CHANNEL_ID = 'UCabcdefghijklmnopqrstuv';
const utc = () => 'UTC';

describe('readMemberId', () => {
  it.each([
    ['1000000123', 'instagram', '1000000123'],
    [1000000123, 'instagram', '1000000123'],
    [` ${TIKTOK_ID} `, 'tiktok', TIKTOK_ID],
    [CHANNEL_ID, 'youtube', CHANNEL_ID],
    [`https://www.youtube.com/channel/${CHANNEL_ID}`, 'youtube', CHANNEL_ID],
  ] as const)('takes %p as a user id on %s', (value, platform, id) => {
    expect(readMemberId(value, platform, utc)).toEqual({ id });
  });

  it.each([
    ['@anna', 'instagram', '"@anna" is a handle, not a user id', true],
    ['anna.smith', 'instagram', '"anna.smith" is a handle, not a user id', true],
    ['instagram.com/anna', 'instagram', '"instagram.com/anna" is a profile URL, not a user id', true],
    [
      'https://www.tiktok.com/@anna',
      'tiktok',
      '"https://www.tiktok.com/@anna" is a profile URL, not a user id',
      true,
    ],
    ['123456', 'youtube', '"123456" is a handle, not a user id', true],
    [
      CHANNEL_ID,
      'instagram',
      `"${CHANNEL_ID}" is a YouTube channel id, but this list is on Instagram`,
      false,
    ],
    [`MS4wLjABAAAA${'x'.repeat(64)}`, 'tiktok', 'is a TikTok secUid; lists take the numeric user id', false],
    ['https://www.tiktok.com/@anna', 'instagram', 'is a tiktok URL, but the platform is instagram', false],
    ['two words', 'tiktok', '"two words" is not a TikTok user id (digits only)', false],
    [6.812345678901235e18, 'tiktok', 'is a number too long to be exact (it lost digits)', false],
    [true, 'instagram', '"true" is not a user id', false],
    [new Date('2024-05-01T00:00:00Z'), 'instagram', '"2024-05-01" is a date, not a user id', false],
  ] as const)('refuses %p on %s: %s', (value, platform, problem, handle) => {
    const reading = readMemberId(value, platform, utc);
    expect(reading).toEqual({ problem: expect.stringContaining(problem), handle });
  });

  it("names a date cell by the day the sheet shows, in the sheet's zone", () => {
    // A Berlin sheet's cell 2024-05-01 reaches the script as local midnight: 22:00 UTC the day before.
    const cell = new Date('2024-04-30T22:00:00Z');
    expect(readMemberId(cell, 'instagram', () => 'Europe/Berlin')).toEqual({
      problem: expect.stringContaining('"2024-05-01" is a date'),
      handle: false,
    });
  });
});

describe('readMemberIds', () => {
  it('counts blanks and repeats, keeps first-seen order and names every bad cell', () => {
    const values = ['111', '', '222', '@anna', '111', '   ', 'x y', 333];
    const read = readMemberIds(values, 'instagram', (index) => `B${index + 2}`);
    expect(read.ids).toEqual(['111', '222', '333']);
    expect(read).toMatchObject({ cells: 6, blanks: 2, repeats: 1, handles: 1 });
    expect(read.problems.map((problem) => problem.cell)).toEqual(['B5', 'B8']);
    expect(read.problems[0]).toEqual({
      cell: 'B5',
      value: '@anna',
      reason: '"@anna" is a handle, not a user id',
    });
    expect(read.cellOf.get('333')).toBe('B9');
  });
});

describe('cellsQuotedIn', () => {
  it('finds the cells of the ids an API message quotes, once each', () => {
    const cellOf = new Map([
      ['111', 'B2'],
      ['222', 'B3'],
    ]);
    const message = 'ids[1] "222" is not a user id on instagram; ids[0] "111" ...; "222" again; "999"';
    expect(cellsQuotedIn(message, cellOf)).toEqual(['B3', 'B2']);
    expect(cellsQuotedIn('no quotes here', cellOf)).toEqual([]);
  });
});
