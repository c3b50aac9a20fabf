import {
  olderCollaborationColumns,
  olderCollaborationItemId,
  olderCollaborationRows,
  olderCollaborationsLayout,
} from '../../../../../worker/src/operations/collaborations/collaborations-older-rows';

/** The deprecated collaborations under columns fixed before any page is seen. */

describe('the older API as a fixed table', () => {
  it('picks the layout from the request: influencer posts, brand posts, or brands by domain', () => {
    expect(olderCollaborationsLayout({ kind: 'influencer' })).toBe('influencer-posts');
    expect(olderCollaborationsLayout({ kind: 'influencer', groupedBrands: true })).toBe('brands-by-domain');
    expect(olderCollaborationsLayout({ kind: 'brand' })).toBe('brand-posts');
    expect(olderCollaborationColumns('brands-by-domain').map((col) => col.label)).toEqual([
      'Brand',
      'Domain',
      'Posts',
      'First post',
      'Last post',
      'Likes',
      'Views',
      'Plays',
      'Shares',
      'Other fields (JSON)',
    ]);
  });

  it('reads the post fields it knows, and keeps every other field as JSON in the last column', () => {
    const columns = olderCollaborationColumns('brand-posts');
    const [row] = olderCollaborationRows('brand-posts', [
      {
        post_id: 'p1',
        post_timestamp: Date.UTC(2024, 4, 1, 12),
        collaboration_type: 'Paid',
        stats: { likes: 10, collects: 3 },
        sponsors: [{ name: 'Nike' }, { domain: 'adidas.com' }],
        influencer: { username: 'ana', followers: 1200 },
        post_url: 'https://example.com/p1',
      },
    ]);
    const cell = (label: string) => row[columns.findIndex((col) => col.label === label)];

    expect(row).toHaveLength(columns.length);
    expect(cell('Post id')).toBe('p1');
    expect(cell('Date')).toBe('2024-05-01');
    expect(cell('Likes')).toBe(10);
    expect(cell('Sponsors')).toBe('Nike, adidas.com');
    expect(cell('Creator')).toBe('ana');
    expect(JSON.parse(String(cell('Other fields (JSON)')))).toEqual({
      'stats.collects': 3,
      'influencer.followers': 1200,
      post_url: 'https://example.com/p1',
    });
  });

  it('leaves the last column empty when every field has its column, and tells items apart by id', () => {
    const [row] = olderCollaborationRows('brands-by-domain', [
      { brand_name: 'Nike', brand_domain: 'nike.com' },
    ]);
    expect(row[0]).toBe('Nike');
    expect(row[row.length - 1]).toBeNull();
    expect(olderCollaborationItemId({ post_id: 'p1', id: 'x' })).toBe('post_id:p1');
    expect(olderCollaborationItemId({ brand_domain: 'nike.com' })).toBe('brand_domain:nike.com');
    expect(olderCollaborationItemId({ title: 'no id' })).toBeNull();
  });
});
