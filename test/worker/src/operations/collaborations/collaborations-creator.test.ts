import {
  creatorCell,
  withCreatorColumn,
  withCreators,
} from '../../../../../worker/src/operations/collaborations/collaborations-creator';
import { collaborationPostsResponseSchema } from '../../../../../shared/responses/collaborations';

describe('the Creator column of a brand’s posts', () => {
  it('names the influencer by username, else by id, else leaves the cell empty', () => {
    expect(creatorCell({ influencer: { username: 'ana', user_id: '7' } })).toBe('ana');
    expect(creatorCell({ influencer: { user_id: '7' } })).toBe('7');
    expect(creatorCell({ post_id: 'p1' })).toBeNull();
  });

  it('is added to brand pages only, one cell per post in order', () => {
    const brandPage = collaborationPostsResponseSchema.parse({
      error: false,
      brand: {
        id: 'b1',
        is_more_available: false,
        posts: [
          { post_id: 'p1', collaboration_type: 'Paid', influencer: { username: 'ana' } },
          { post_id: 'p2', collaboration_type: 'Gifted', influencer: { username: 'bo' } },
        ],
      },
    });
    const influencerPage = collaborationPostsResponseSchema.parse({
      error: false,
      influencer: { id: 'i1', is_more_available: false, posts: [] },
    });

    expect(withCreators(brandPage, [['p1'], ['p2']])).toEqual([
      ['p1', 'ana'],
      ['p2', 'bo'],
    ]);
    expect(withCreators(influencerPage, [['p1']])).toEqual([['p1']]);
  });

  it('names the influencer itself on its own posts when the column is always there (jobs)', () => {
    const influencerPage = collaborationPostsResponseSchema.parse({
      error: false,
      influencer: { id: 'i1', username: 'ana', is_more_available: false, posts: [] },
    });
    const unnamed = collaborationPostsResponseSchema.parse({
      error: false,
      influencer: { id: 'i1', is_more_available: false, posts: [] },
    });
    const brandPage = collaborationPostsResponseSchema.parse({
      error: false,
      brand: {
        id: 'b1',
        is_more_available: false,
        posts: [{ post_id: 'p1', collaboration_type: 'Paid', influencer: { username: 'bo' } }],
      },
    });

    expect(withCreatorColumn(influencerPage, [['p1'], ['p2']])).toEqual([
      ['p1', 'ana'],
      ['p2', 'ana'],
    ]);
    expect(withCreatorColumn(unnamed, [['p1']])).toEqual([['p1', 'i1']]);
    expect(withCreatorColumn(brandPage, [['p1']])).toEqual([['p1', 'bo']]);
  });
});
