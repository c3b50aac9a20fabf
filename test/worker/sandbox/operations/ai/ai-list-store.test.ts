import { AI_LIST_MAX_MEMBERS, AI_LISTS_PER_ACCOUNT } from '../../../../../shared/limits';
import { AiListStore, type AiListMember } from '../../../../../worker/sandbox/operations/ai/ai-list-store';
import { SandboxError } from '../../../../../worker/sandbox/sandbox-error';

const NOW = Date.UTC(2026, 0, 15);

function members(from: number, count: number): AiListMember[] {
  return Array.from({ length: count }, (_, k) => ({ userId: `u${from + k}`, index: from + k }));
}

function errorOf(run: () => unknown): SandboxError {
  try {
    run();
  } catch (error) {
    if (error instanceof SandboxError) return error;
    throw error;
  }
  throw new Error('expected a SandboxError');
}

describe('AiListStore', () => {
  it('holds 20,000 lists per account and refuses the 20,001st with a 400 until one is deleted', () => {
    const store = new AiListStore();
    const ids: string[] = [];
    for (let k = 0; k < AI_LISTS_PER_ACCOUNT; k++)
      ids.push(store.create('a', 'instagram', `list ${k}`, NOW).id);
    expect(new Set(ids).size).toBe(AI_LISTS_PER_ACCOUNT);
    expect(store.all('a')).toHaveLength(AI_LISTS_PER_ACCOUNT);

    const error = errorOf(() => store.create('a', 'instagram', 'one too many', NOW));
    expect(error.code).toBe('bad_request');
    expect(error.status).toBe(400);
    expect(error.message).toContain('at most 20000 AI lists');
    // Another account has its own allowance.
    expect(store.create('b', 'tiktok', 'first of b', NOW).platform).toBe('tiktok');

    store.delete('a', ids[0]);
    expect(store.create('a', 'instagram', 'after a delete', NOW).name).toBe('after a delete');
  });

  it('holds 70,000 members and refuses a change past that, adding nobody', () => {
    const store = new AiListStore();
    const list = store.create('a', 'instagram', 'big', NOW);
    for (let k = 0; k < 7; k++) store.add('a', list.id, members(k * 10_000, 10_000), NOW);
    expect(store.get('a', list.id).members.size).toBe(AI_LIST_MAX_MEMBERS);

    const error = errorOf(() => store.add('a', list.id, [...members(0, 5), ...members(70_000, 1)], NOW));
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('at most 70000 members');
    expect(error.message).toContain('1 of the ids are new, which would make 70001');
    expect(store.get('a', list.id).members.size).toBe(AI_LIST_MAX_MEMBERS);
    expect(store.get('a', list.id).indexes.has(70_000)).toBe(false);

    // Ids already in the list are no-ops, even on a full list.
    expect(store.add('a', list.id, members(0, 10), NOW)).toEqual({ added: 0, total: AI_LIST_MAX_MEMBERS });
  });

  it('treats existing members on add and missing members on remove as no-ops', () => {
    const store = new AiListStore();
    const list = store.create('a', 'youtube', 'l', NOW);
    expect(store.add('a', list.id, members(0, 3), NOW + 1)).toEqual({ added: 3, total: 3 });
    expect(store.add('a', list.id, members(1, 3), NOW + 2)).toEqual({ added: 1, total: 4 });
    expect(store.remove('a', list.id, ['u0', 'nobody', 'u0'], NOW + 3)).toEqual({ removed: 1, total: 3 });
    expect(store.get('a', list.id).updatedAt).toBe(NOW + 3);
    expect(store.remove('a', list.id, ['nobody'], NOW + 4)).toEqual({ removed: 0, total: 3 });
    expect(store.get('a', list.id).updatedAt).toBe(NOW + 3);
    expect([...store.get('a', list.id).indexes].sort()).toEqual([1, 2, 3]);
  });

  it('adds an id repeated within one change once, and counts it once against the limit', () => {
    const store = new AiListStore({ listsPerAccount: 5, membersPerList: 3 });
    const list = store.create('a', 'instagram', 'repeats', NOW);
    const twice = [...members(0, 2), ...members(0, 2), ...members(1, 1)];
    expect(store.add('a', list.id, twice, NOW)).toEqual({ added: 2, total: 2 });
    expect([...store.get('a', list.id).members.keys()]).toEqual(['u0', 'u1']);
    // One new id sent three times makes 3 members, within the limit of 3.
    expect(store.add('a', list.id, [...members(2, 1), ...members(2, 1), ...members(2, 1)], NOW)).toEqual({
      added: 1,
      total: 3,
    });
  });

  it('keeps lists private to their account and hard-deletes them', () => {
    const store = new AiListStore();
    const list = store.create('a', 'instagram', 'mine', NOW);
    expect(errorOf(() => store.get('b', list.id)).code).toBe('entity_not_found');
    expect(errorOf(() => store.delete('b', list.id)).code).toBe('entity_not_found');
    store.delete('a', list.id);
    const gone = errorOf(() => store.get('a', list.id));
    expect(gone.status).toBe(404);
    expect(gone.message).toContain(list.id);
  });

  it('gives the same ids to the same sequence of creations', () => {
    const first = new AiListStore();
    const second = new AiListStore();
    const a = [first.create('t', 'instagram', 'x', NOW).id, first.create('t', 'instagram', 'y', NOW).id];
    const b = [second.create('t', 'instagram', 'x', NOW).id, second.create('t', 'instagram', 'y', NOW).id];
    expect(a).toEqual(b);
    expect(a[0]).not.toBe(a[1]);
  });

  it('takes smaller limits for tests', () => {
    const store = new AiListStore({ listsPerAccount: 1, membersPerList: 2 });
    const list = store.create('a', 'instagram', 'only', NOW);
    expect(errorOf(() => store.create('a', 'instagram', 'second', NOW)).code).toBe('bad_request');
    expect(errorOf(() => store.add('a', list.id, members(0, 3), NOW)).message).toContain('would make 3');
  });
});
