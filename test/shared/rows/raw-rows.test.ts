import { OPERATIONS, type RawOperationId } from '../../../shared/operations';
import {
  RAW_PAGINATION,
  RAW_RESPONSE_SCHEMAS,
  type PagedRawOperationId,
} from '../../../shared/responses/raw';
import { columnIds, headerRow } from '../../../shared/rows/columns';
import {
  flatColumns,
  flatToRows,
  MAX_FLAT_COLUMNS,
  rawColumns,
  rawItems,
  rawToRows,
} from '../../../shared/rows/raw-rows';
import {
  RAW_EXAMPLES,
  igFeedWithNullViewCounts,
  igMediaCommentsFirstPage,
  igUserTagsFeedPage,
  rawIgUserInfoFlat,
  rawIgUserInfoWrapped,
  igUser,
  rawIgSearchAsList,
} from '../responses/fixtures/raw';
import { withValue } from '../responses/fixtures/edit-path';

const RAW_IDS = (Object.keys(OPERATIONS) as (keyof typeof OPERATIONS)[]).filter(
  (id): id is RawOperationId => OPERATIONS[id].raw,
);

describe('rawToRows (table mode)', () => {
  it.each(RAW_IDS)('maps the example answer of %s to one full-width row per item', (id) => {
    const body = RAW_RESPONSE_SCHEMAS[id].parse(RAW_EXAMPLES[id]);
    const items = rawItems(id, body);
    const rows = rawToRows(id, body, { withHeader: true });
    expect(rows[0]).toEqual(headerRow(rawColumns(id)));
    expect(rows).toHaveLength(items.length + 1);
    for (const row of rows) expect(row).toHaveLength(rawColumns(id).length);
  });

  it.each(Object.keys(RAW_PAGINATION) as PagedRawOperationId[])(
    'reads the items of %s where RAW_PAGINATION says the page keeps them',
    (id) => {
      const paging = RAW_PAGINATION[id];
      let body: unknown = { [paging.items]: [{ marker: id }] };
      for (const key of [...paging.at].reverse()) body = { [key]: body };
      expect(rawItems(id, body)).toEqual([{ marker: id }]);
    },
  );

  it('finds items in every example that has some', () => {
    const empty = RAW_IDS.filter((id) => rawItems(id, RAW_EXAMPLES[id]).length === 0);
    expect(empty).toEqual(['rawTiktokCommentsReplies', 'rawYoutubeUploadedLives']);
  });

  it('pins the Instagram media columns, shared by every media feed', () => {
    const ids = columnIds(rawColumns('rawIgUserFeed'));
    expect(ids).toEqual([
      'id',
      'code',
      'type',
      'username',
      'text',
      'created',
      'likes',
      'comments',
      'views',
      'url',
    ]);
    for (const id of ['rawIgUserReels', 'rawIgUserTagsFeed', 'rawIgHashtagFeed', 'rawIgMediaInfo'] as const) {
      expect(columnIds(rawColumns(id))).toEqual(ids);
    }
  });

  it('names the shared columns alike across platforms', () => {
    expect(columnIds(rawColumns('rawTiktokUserFeed'))).toEqual([
      'id',
      'username',
      'text',
      'created',
      'likes',
      'comments',
      'views',
      'shares',
      'saves',
      'url',
    ]);
    expect(columnIds(rawColumns('rawYoutubeUploadedVideos'))).toEqual([
      'id',
      'text',
      'created',
      'views',
      'url',
      'thumbnail',
    ]);
    expect(columnIds(rawColumns('rawIgMediaComments'))).toEqual([
      'id',
      'username',
      'text',
      'created',
      'likes',
      'replies',
    ]);
  });

  it("dates an item on the sheet's calendar: 23:00 UTC is the next day in Berlin", () => {
    const page = withValue(igUserTagsFeedPage(), ['items', 0, 'taken_at'], Date.UTC(2024, 4, 1, 23) / 1000);
    const created = rawColumns('rawIgUserTagsFeed').findIndex((col) => col.id === 'created');
    expect(rawToRows('rawIgUserTagsFeed', page)[0][created]).toBe('2024-05-01');
    expect(rawToRows('rawIgUserTagsFeed', page, { timeZone: 'Europe/Berlin' })[0][created]).toBe(
      '2024-05-02',
    );
  });

  it('maps Instagram posts, leaving what a post lacks empty', () => {
    expect(rawToRows('rawIgUserTagsFeed', igUserTagsFeedPage())).toEqual([
      [
        '3300000000000000001',
        'C3tag',
        'carousel_container',
        'nike',
        'Race day with @ada.runs',
        '2024-05-01',
        900,
        12,
        0,
        'https://www.instagram.com/p/C3tag/',
      ],
      [
        '3300000000000000009',
        'C3min',
        'feed',
        'nike',
        null,
        '2024-05-01',
        null,
        null,
        null,
        'https://www.instagram.com/p/C3min/',
      ],
    ]);
  });

  it('leaves views empty when Instagram sends view and play counts as null', () => {
    const body = RAW_RESPONSE_SCHEMAS.rawIgUserFeed.parse(igFeedWithNullViewCounts());
    expect(rawToRows('rawIgUserFeed', body).map((row) => [row[1], row[6], row[8]])).toEqual([
      ['C3min', 120, null],
      ['C3reel', 900, null],
    ]);
  });

  it('maps Instagram comments', () => {
    expect(rawToRows('rawIgMediaComments', igMediaCommentsFirstPage())).toEqual([
      ['18000000000000001', 'ada.runs', 'Great pace!', '2024-05-01', 4, 2],
    ]);
  });

  it('builds TikTok video URLs only when the author is known', () => {
    const withAuthor = {
      user_feed: {
        items: [
          {
            id: '735',
            desc: 'x',
            createTime: 1714550000,
            author: { uniqueId: 'cy.dances' },
            stats: { diggCount: 7 },
          },
        ],
        has_more: false,
      },
    };
    const row = rawToRows('rawTiktokUserFeed', withAuthor)[0];
    expect(row[1]).toBe('cy.dances');
    expect(row[row.length - 1]).toBe('https://www.tiktok.com/@cy.dances/video/735');
    const anonymous = rawToRows('rawTiktokUserFeed', RAW_EXAMPLES.rawTiktokUserFeed)[0];
    expect(anonymous[anonymous.length - 1]).toBeNull();
    expect(anonymous[6]).toBe(5);
  });

  it('links YouTube videos and shorts to their own pages', () => {
    const url = (id: RawOperationId) => rawToRows(id, RAW_EXAMPLES[id])[0][4];
    expect(url('rawYoutubeUploadedVideos')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(url('rawYoutubeUploadedShorts')).toBe('https://www.youtube.com/shorts/dQw4w9WgXcQ');
  });

  it('maps the flat Instagram user-info answer the real service sends to one row', () => {
    const body = RAW_RESPONSE_SCHEMAS.rawIgUserInfo.parse(rawIgUserInfoFlat());
    expect(rawToRows('rawIgUserInfo', body, { withHeader: true })).toEqual([
      [
        'Id',
        'Username',
        'Name',
        'Followers',
        'Following',
        'Posts',
        'Bio',
        'Website',
        'Verified',
        'Private',
        'URL',
      ],
      [
        '173560420',
        'ada.runs',
        'Ada Runner',
        52000,
        310,
        410,
        'Runner. Coach. Coffee.',
        'https://ada.example',
        true,
        false,
        'https://www.instagram.com/ada.runs/',
      ],
    ]);
  });

  it('reads a flat user-info answer whose user field is not an object, and a numeric pk', () => {
    const body = { ...rawIgUserInfoFlat(), pk: 173560420, user: null };
    expect(rawToRows('rawIgUserInfo', body)[0].slice(0, 3)).toEqual(['173560420', 'ada.runs', 'Ada Runner']);
  });

  it('maps the older user-info answer wrapped in user to the same columns', () => {
    expect(
      rawToRows('rawIgUserInfo', RAW_RESPONSE_SCHEMAS.rawIgUserInfo.parse(rawIgUserInfoWrapped())),
    ).toEqual([
      [
        '173560420',
        'ada.runs',
        'Ada Runner',
        52000,
        null,
        410,
        'Runner',
        null,
        true,
        false,
        'https://www.instagram.com/ada.runs/',
      ],
    ]);
  });

  it('maps single-thing answers of other platforms to one row', () => {
    expect(rawToRows('rawTiktokUserInfo', RAW_EXAMPLES.rawTiktokUserInfo)[0].slice(0, 4)).toEqual([
      '6784563210',
      'cy.dances',
      'Cy',
      310000,
    ]);
  });

  it('lists users and hashtags of an Instagram search together, marked by type', () => {
    expect(rawToRows('rawIgSearch', RAW_EXAMPLES.rawIgSearch)).toEqual([
      ['user', '173560420', 'ada.runs', 'Ada Runner', null, true, 'https://www.instagram.com/ada.runs/'],
      [
        'hashtag',
        '17841',
        'running',
        null,
        90000000,
        null,
        'https://www.instagram.com/explore/tags/running/',
      ],
    ]);
  });

  it('lists the users and hashtags of a search answered as `list`, entries wrapped as Instagram wraps them', () => {
    expect(rawToRows('rawIgSearch', rawIgSearchAsList())).toEqual(
      rawToRows('rawIgSearch', RAW_EXAMPLES.rawIgSearch),
    );
    const wrapped = {
      users: [{ position: 0, user: igUser() }],
      hashtags: [{ hashtag: { name: 'running' } }],
    };
    expect(rawToRows('rawIgSearch', wrapped).map((row) => row.slice(0, 3))).toEqual([
      ['user', '173560420', 'ada.runs'],
      ['hashtag', null, 'running'],
    ]);
  });

  it('writes nothing for a body of the wrong shape', () => {
    expect(rawToRows('rawIgUserFeed', { unexpected: true })).toEqual([]);
    expect(rawToRows('rawYoutubeChannelInfo', null)).toEqual([]);
  });
});

describe('flat mode', () => {
  const firstPage = [
    {
      id: '1',
      user: { name: 'ada', verified: true },
      tags: ['a', 'b'],
      likes: 3,
      media: [{ url: 'x' }],
      link: 'https://a.example',
    },
    {
      id: '2',
      user: { name: 'bo', verified: false },
      tags: [],
      likes: 4.5,
      extra: null,
      link: 'https://b.example',
    },
  ];

  it('takes columns from the first page, in first-seen order, with formats from its values', () => {
    expect(flatColumns(firstPage).map((col) => [col.id, col.label, col.format])).toEqual([
      ['id', 'id', 'text'],
      ['user.name', 'user.name', 'text'],
      ['user.verified', 'user.verified', 'boolean'],
      ['tags', 'tags', 'text'],
      ['likes', 'likes', 'decimal'],
      ['media', 'media', 'text'],
      ['link', 'link', 'url'],
      ['extra', 'extra', 'text'],
    ]);
  });

  it('fills later pages into the same columns, dropping keys the first page lacked', () => {
    const columns = flatColumns(firstPage);
    const later = [{ link: 'https://c.example', id: '3', brand_new: 'dropped', user: { name: 'cy' } }];
    expect(flatToRows(later, columns)).toEqual([
      ['3', 'cy', null, null, null, null, 'https://c.example', null],
    ]);
  });

  it('writes plain arrays as text and arrays of objects as JSON', () => {
    const columns = flatColumns(firstPage);
    expect(flatToRows(firstPage, columns, { withHeader: true })).toEqual([
      ['id', 'user.name', 'user.verified', 'tags', 'likes', 'media', 'link', 'extra'],
      ['1', 'ada', true, 'a, b', 3, '[{"url":"x"}]', 'https://a.example', null],
      ['2', 'bo', false, null, 4.5, null, 'https://b.example', null],
    ]);
  });

  it(`stops at ${MAX_FLAT_COLUMNS} columns`, () => {
    const wide = Object.fromEntries(Array.from({ length: MAX_FLAT_COLUMNS + 50 }, (_, i) => [`k${i}`, i]));
    const columns = flatColumns([wide]);
    expect(columns).toHaveLength(MAX_FLAT_COLUMNS);
    expect(columns[MAX_FLAT_COLUMNS - 1].id).toBe(`k${MAX_FLAT_COLUMNS - 1}`);
  });

  it('flattens the items of a raw answer', () => {
    const items = rawItems('rawIgMediaComments', igMediaCommentsFirstPage());
    const columns = flatColumns(items);
    expect(columnIds(columns).slice(0, 4)).toEqual(['pk', 'user.pk', 'user.username', 'user.is_verified']);
    expect(flatToRows(items, columns)[0][2]).toBe('ada.runs');
  });
});
