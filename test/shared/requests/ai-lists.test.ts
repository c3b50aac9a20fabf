import {
  AI_LIST_MEMBERS_MAX_PAGE_SIZE,
  aiListCreateRequestSchema,
  aiListMembersChangeRequestSchema,
  aiListMembersQuerySchema,
  aiListPathSchema,
} from '../../../shared/requests/ai-lists';
import { AI_LIST_MAX_IDS_PER_CHANGE } from '../../../shared/limits';
import { accepted, rejected } from './expect-parse';

const ids = (n: number) => Array.from({ length: n }, (_, i) => String(1_000_000 + i));

describe('AI list requests', () => {
  it('creates a list for one platform with a name', () => {
    expect(accepted(aiListCreateRequestSchema, { platform: 'tiktok', name: ' Q3 shortlist ' })).toEqual({
      platform: 'tiktok',
      name: 'Q3 shortlist',
    });
    expect(rejected(aiListCreateRequestSchema, { platform: 'tiktok' })).toBe('name is required');
    expect(rejected(aiListCreateRequestSchema, { platform: 'vine', name: 'x' })).toBe(
      'platform must be one of instagram, tiktok, youtube, got "vine"',
    );
  });

  it('adds or removes 1 to 10,000 ids per request', () => {
    expect(accepted(aiListMembersChangeRequestSchema, { ids: ids(1) }).ids).toHaveLength(1);
    expect(
      accepted(aiListMembersChangeRequestSchema, { ids: ids(AI_LIST_MAX_IDS_PER_CHANGE) }).ids,
    ).toHaveLength(10_000);
    expect(rejected(aiListMembersChangeRequestSchema, { ids: ids(10_001) })).toBe(
      'ids must hold 1 to 10000 items, got 10001',
    );
    expect(rejected(aiListMembersChangeRequestSchema, { ids: [] })).toBe(
      'ids must hold 1 to 10000 items, got 0',
    );
  });

  it('rejects repeated ids, which the service counts once', () => {
    expect(rejected(aiListMembersChangeRequestSchema, { ids: ['1', '2', '1'] })).toBe(
      'ids[2] repeats "1"; each value may appear once',
    );
  });

  it('pages members by limit and page, or by cursor', () => {
    expect(accepted(aiListMembersQuerySchema, {})).toEqual({ limit: 1000 });
    expect(accepted(aiListMembersQuerySchema, { limit: '500', page: '3' })).toEqual({ limit: 500, page: 3 });
    expect(accepted(aiListMembersQuerySchema, { cursor: 'abc' })).toEqual({ limit: 1000, cursor: 'abc' });
    expect(accepted(aiListMembersQuerySchema, { limit: String(AI_LIST_MEMBERS_MAX_PAGE_SIZE) }).limit).toBe(
      10_000,
    );
    expect(rejected(aiListMembersQuerySchema, { limit: '10001' })).toBe(
      'limit must be at most 10000, got 10001',
    );
    expect(rejected(aiListMembersQuerySchema, { page: '1', cursor: 'abc' })).toBe(
      'cursor cannot be combined with page; send one of them',
    );
    expect(rejected(aiListMembersQuerySchema, { page: '-1' })).toBe('page must be at least 0, got -1');
  });

  it('names the list in the path', () => {
    expect(accepted(aiListPathSchema, { listId: 'l-1' })).toEqual({ listId: 'l-1' });
    expect(rejected(aiListPathSchema, { listId: ' ' })).toBe('listId must not be empty');
  });
});
