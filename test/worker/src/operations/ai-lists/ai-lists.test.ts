import { AI_LIST_MAX_MEMBERS } from '../../../../../shared/limits';
import { aiListCreateResponseSchema } from '../../../../../shared/responses/ai-search';
import type { World } from '../../../../../worker/sandbox/data';
import type { OperationHandler } from '../../../../../worker/sandbox/operation-handler';
import { callsOf } from '../../worker-fixture';
import { apiDelete, apiGet, apiPost, startMoreWorld, type MoreWorld } from '../../operation-routes-fixture';

/** AI lists through the worker and the real sandbox (a world big enough for 25,000 members). */

let world: MoreWorld;
let tiktokIds: string[];

beforeAll(async () => {
  world = await startMoreWorld({ env: { SANDBOX_CREATORS: '26000' } });
  const tiktok = world.sandbox.state.world.platform('tiktok');
  tiktokIds = Array.from({ length: 26000 }, (_, index) => tiktok.userId(index));
});
afterAll(async () => {
  await world.close();
});
beforeEach(async () => {
  await world.resetStats();
});

const createList = async (name: string) => {
  const res = await apiPost(world.api, '/api/ai/lists', { platform: 'tiktok', name });
  expect(res.status).toBe(201);
  return res.body.list.id as string;
};

describe('AI lists', () => {
  it('creates, lists, reads and deletes a list', async () => {
    const created = await apiPost(world.api, '/api/ai/lists', { platform: 'tt', name: 'Summer picks' });
    const id = created.body.list.id as string;
    const all = await apiGet(world.api, '/api/ai/lists?withHeader=true');
    const one = await apiGet(world.api, `/api/ai/lists/${id}`);
    const deleted = await apiDelete(world.api, `/api/ai/lists/${id}`);
    const gone = await apiGet(world.api, `/api/ai/lists/${id}`);

    expect(created.status).toBe(201);
    expect(created.body.list).toMatchObject({ name: 'Summer picks', platform: 'tiktok' });
    expect(all.status).toBe(200);
    expect(all.body.lists.map((list: { id: string }) => list.id)).toContain(id);
    expect(all.body.rows[0]).toEqual(all.body.header);
    expect(all.body.rows.slice(1).find((row: unknown[]) => row[0] === id)).toEqual([
      id,
      'Summer picks',
      'tiktok',
      0,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    ]);
    expect(one.body.list).toMatchObject({ id, approximateMemberCount: 0 });
    expect(deleted.body).toEqual({ listId: id, deleted: true });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toEqual(expect.any(String));
  });

  it('adds 25,000 ids in 3 calls, reads them all back, removes some, with exact counts', async () => {
    const id = await createList('Big list');
    const ids = tiktokIds.slice(0, 25_000);
    // A pasted column: repeats, blanks and numbers-as-text go in as they are.
    const pasted = [...ids, ids[0], '', null, ` ${ids[1]} `];

    const added = await apiPost(world.api, `/api/ai/lists/${id}/members`, { ids: pasted });
    const addCalls = callsOf(await world.stats(), 'aiListMembersAdd');
    const members = await apiGet(world.api, `/api/ai/lists/${id}/members`);
    const removed = await apiDelete(world.api, `/api/ai/lists/${id}/members`, {
      ids: [...ids.slice(0, 12_000), 'not-a-member'],
    });
    const readd = await apiPost(world.api, `/api/ai/lists/${id}/members`, {
      ids: tiktokIds.slice(11_000, 25_500),
    });
    const stats = await world.stats();

    expect(added.status).toBe(200);
    expect(added.body).toEqual({ listId: id, sent: 25_000, calls: 3, added: 25_000, total: 25_000 });
    expect(addCalls).toBe(3);
    expect(members.status).toBe(200);
    expect(members.body.total).toBe(25_000);
    expect(members.body.members).toHaveLength(25_000);
    expect(new Set(members.body.members)).toEqual(new Set(ids));
    expect(members.body.rows[0]).toEqual([members.body.members[0]]);
    expect(callsOf(stats, 'aiListMembersGet')).toBe(3);
    expect(removed.body).toEqual({ listId: id, sent: 12_001, calls: 2, removed: 12_000, total: 13_000 });
    // 14,500 sent: 1,000 were removed above, 500 are new, the other 13,000 are members already.
    expect(readd.body).toMatchObject({ sent: 14_500, calls: 2, added: 1_500, total: 14_500 });
  });

  it('removes members through POST .../members/remove as DELETE .../members does', async () => {
    const id = await createList('Removed by POST');
    const ids = tiktokIds.slice(0, 3);
    await apiPost(world.api, `/api/ai/lists/${id}/members`, { ids });
    await world.resetStats();

    const removed = await apiPost(world.api, `/api/ai/lists/${id}/members/remove`, {
      ids: [ids[0], ids[0], 'not-a-member'],
    });
    const members = await apiGet(world.api, `/api/ai/lists/${id}/members`);
    const empty = await apiPost(world.api, `/api/ai/lists/${id}/members/remove`, {});

    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ listId: id, sent: 2, calls: 1, removed: 1, total: 2 });
    expect(callsOf(await world.stats(), 'aiListMembersRemove')).toBe(1);
    expect(members.body.members).toEqual(ids.slice(1));
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('ids');
  });

  it('refuses more distinct ids than a list may hold before any call', async () => {
    const id = await createList('Too many');
    const ids = Array.from({ length: AI_LIST_MAX_MEMBERS + 1 }, (_, index) => `id${index}`);

    const res = await apiPost(world.api, `/api/ai/lists/${id}/members`, { ids });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      `ids hold ${AI_LIST_MAX_MEMBERS + 1} different ids, more than a list may hold (${AI_LIST_MAX_MEMBERS})`,
    );
    expect(callsOf(await world.stats(), 'aiListMembersAdd')).toBe(0);
  });

  it('says which chunk failed and what went in before it', async () => {
    const id = await createList('Half done');
    const ids = [...tiktokIds.slice(0, 10_000), 'nosuchuserzz', ...tiktokIds.slice(10_000, 10_500)];

    const res = await apiPost(world.api, `/api/ai/lists/${id}/members`, { ids });
    const list = await apiGet(world.api, `/api/ai/lists/${id}`);

    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('"nosuchuserzz"');
    expect(res.body.error.message).toContain(
      'ids 10001 to 10501 of 10501; the 10000 ids before them were sent (10000 added)',
    );
    expect(list.body.list.approximateMemberCount).toBe(10_000);
  });

  it('refuses a number too long to be an exact id', async () => {
    const id = await createList('Numbers');
    const res = await apiPost(world.api, `/api/ai/lists/${id}/members`, { ids: [12345, 2 ** 60] });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'ids[1] is a number too long to be exact: format the column as plain text',
    );
  });

  it('reads list ids the API sends as numbers, and members sent as numbers or objects naming them', async () => {
    const state = world.sandbox.state;
    const originals = (['aiListsGet', 'aiListMembersGet'] as const).map(
      (id) => [id, state.handlerFor(id) as OperationHandler<World>] as const,
    );
    // An answer in shapes nobody has published: ids as numbers, members as numbers and objects.
    state.register('aiListsGet', () => ({
      body: { error: false, lists: [{ id: 4711, name: 'Numbered', platform: 'instagram' }] },
    }));
    state.register('aiListMembersGet', () => ({
      body: {
        error: false,
        listId: 4711,
        members: [173560420, { userId: '99887766' }, null, 'UCabc'],
        total: 4,
        more_available: false,
      },
    }));
    try {
      const lists = await apiGet(world.api, '/api/ai/lists');
      const members = await apiGet(world.api, '/api/ai/lists/4711/members');

      expect(lists.status).toBe(200);
      expect(lists.body.lists[0]).toMatchObject({ id: '4711', name: 'Numbered' });
      expect(lists.body.rows[0][0]).toBe('4711');
      expect(members.status).toBe(200);
      expect(members.body.members).toEqual(['173560420', '99887766', 'UCabc']);
      expect(members.body.rows).toEqual([['173560420'], ['99887766'], ['UCabc']]);
    } finally {
      for (const [id, handler] of originals) state.register(id, handler);
    }
    // The member it could not read is counted for an admin, the rest served.
    const drift = await world.deps.store.drift.summary();
    const found = drift.drifting.find((entry) => entry.operation === 'aiListMembersGet');
    expect(found?.findings).toEqual([expect.objectContaining({ kind: 'missing', path: 'members[]' })]);
  });
});

describe('AI lists: who may change them', () => {
  let ana: string;
  let bo: string;
  beforeAll(async () => {
    ana = (await world.deps.store.keys.issue('ana@team.com')).key;
    bo = (await world.deps.store.keys.issue('bo@team.com')).key;
  });

  const createAs = async (key: string, name: string) => {
    const res = await apiPost(world.api, '/api/ai/lists', { platform: 'tiktok', name }, key);
    expect(res.status).toBe(201);
    return res.body.list as { id: string; owner: string | null };
  };

  it('records the creator as the owner and shows it in every list answer', async () => {
    const list = await createAs(ana, 'Ana picks');
    const all = await apiGet(world.api, '/api/ai/lists', bo);
    const one = await apiGet(world.api, `/api/ai/lists/${list.id}`, bo);

    expect(list.owner).toBe('ana@team.com');
    expect(all.body.lists.find((item: { id: string }) => item.id === list.id)).toMatchObject({
      owner: 'ana@team.com',
    });
    expect(one.body.list).toMatchObject({ id: list.id, owner: 'ana@team.com' });
  });

  it("refuses another member's changes with 403 naming who may, before asking the API", async () => {
    const list = await createAs(ana, 'Not yours');
    const ids = tiktokIds.slice(0, 2);
    await world.resetStats();
    const message = (action: string) =>
      `Only ana@team.com, who created the list ${list.id}, or an admin may ${action}`;

    const deleted = await apiDelete(world.api, `/api/ai/lists/${list.id}`, undefined, bo);
    const added = await apiPost(world.api, `/api/ai/lists/${list.id}/members`, { ids }, bo);
    const removed = await apiPost(world.api, `/api/ai/lists/${list.id}/members/remove`, { ids }, bo);
    const removedByDelete = await apiDelete(world.api, `/api/ai/lists/${list.id}/members`, { ids }, bo);
    const read = await apiGet(world.api, `/api/ai/lists/${list.id}/members`, bo);

    expect(deleted.status).toBe(403);
    expect(deleted.body.error).toEqual({ code: 'forbidden', message: message('delete it') });
    expect(added.status).toBe(403);
    expect(added.body.error.message).toBe(message('add members to it'));
    expect(removed.status).toBe(403);
    expect(removed.body.error.message).toBe(message('remove members from it'));
    expect(removedByDelete.status).toBe(403);
    // Reading is everyone's.
    expect(read.status).toBe(200);
    const stats = await world.stats();
    for (const operation of ['aiListDelete', 'aiListMembersAdd', 'aiListMembersRemove'] as const) {
      expect(callsOf(stats, operation)).toBe(0);
    }
  });

  it('lets the owner manage their own list, and forgets the owner once it is deleted', async () => {
    const list = await createAs(bo, 'Mine');
    const ids = tiktokIds.slice(0, 3);

    const added = await apiPost(world.api, `/api/ai/lists/${list.id}/members`, { ids }, bo);
    const removed = await apiPost(
      world.api,
      `/api/ai/lists/${list.id}/members/remove`,
      { ids: [ids[0]] },
      bo,
    );
    const deleted = await apiDelete(world.api, `/api/ai/lists/${list.id}`, undefined, bo);

    expect(added.body).toMatchObject({ added: 3 });
    expect(removed.body).toMatchObject({ removed: 1 });
    expect(deleted.body).toEqual({ listId: list.id, deleted: true });
    expect(await world.deps.store.aiListOwners.ownerOf(list.id)).toBeNull();
  });

  it("lets an admin manage any member's list", async () => {
    const list = await createAs(ana, 'Admin may');
    const ids = tiktokIds.slice(0, 2);

    expect((await apiPost(world.api, `/api/ai/lists/${list.id}/members`, { ids })).status).toBe(200);
    expect((await apiDelete(world.api, `/api/ai/lists/${list.id}`)).status).toBe(200);
  });

  it('leaves lists created outside this worker to admins; members may read them', async () => {
    const { list } = await world.deps.upstream.request('aiListCreate', {
      body: { platform: 'tiktok', name: 'From the console' },
      schema: aiListCreateResponseSchema,
    });

    const read = await apiGet(world.api, `/api/ai/lists/${list.id}`, ana);
    const all = await apiGet(world.api, '/api/ai/lists', ana);
    const deleted = await apiDelete(world.api, `/api/ai/lists/${list.id}`, undefined, ana);
    const added = await apiPost(
      world.api,
      `/api/ai/lists/${list.id}/members`,
      { ids: tiktokIds.slice(0, 1) },
      ana,
    );
    const byAdmin = await apiDelete(world.api, `/api/ai/lists/${list.id}`);

    expect(read.status).toBe(200);
    expect(read.body.list).toMatchObject({ id: list.id, owner: null });
    expect(all.body.lists.find((item: { id: string }) => item.id === list.id)).toMatchObject({ owner: null });
    expect(deleted.status).toBe(403);
    expect(deleted.body.error.message).toBe(
      'Only an admin may delete the list "From the console": it was not created through this worker, so it has no owner here',
    );
    expect(added.status).toBe(403);
    expect(byAdmin.status).toBe(200);
  });

  it('answers 404 to a member for a list that does not exist, not a refusal', async () => {
    const res = await apiDelete(world.api, '/api/ai/lists/no-such-list', undefined, ana);
    expect(res.status).toBe(404);
  });
});
