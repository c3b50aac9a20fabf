import request from 'supertest';
import { AI_LIST_MAX_IDS_PER_CHANGE } from '../../../../../shared/limits';
import {
  aiListCreateResponseSchema,
  aiListDeleteResponseSchema,
  aiListMembersAddResponseSchema,
  aiListMembersRemoveResponseSchema,
  aiListMembersResponseSchema,
  aiListResponseSchema,
  aiListsResponseSchema,
} from '../../../../../shared/responses/ai-search';
import { createSandboxApp } from '../../../../../worker/sandbox/app';
import { parseSandboxConfig } from '../../../../../worker/sandbox/config';
import { createWorld } from '../../../../../worker/sandbox/data';
import { createAiHandlers } from '../../../../../worker/sandbox/operations/ai';
import { FIXED_NOW, TOKENS, auth, buildAiSandbox, creditsOf } from './ai-fixture';
import { readComplete } from '../../../../support/complete-answer';

const { app, state } = buildAiSandbox();
const ig = state.world.platform('instagram');
const tiktok = state.world.platform('tiktok');
const igIds = (from: number, count: number) => Array.from({ length: count }, (_, k) => ig.userId(from + k));

async function createList(platform: string, name: string, token: string = TOKENS.main) {
  const response = await request(app).post('/v1/ai/lists').set(auth(token)).send({ platform, name });
  expect(response.status).toBe(200);
  return readComplete(aiListCreateResponseSchema, response.body).list;
}

describe('AI lists over HTTP', () => {
  it('creates a list with its platform and name, lists it and reads it with a member count', async () => {
    const list = await createList('tiktok', 'Shortlist Q1');
    expect(list).toMatchObject({ name: 'Shortlist Q1', platform: 'tiktok', approximateMemberCount: 0 });
    expect(Date.parse(list.createdAt)).toBeGreaterThan(0);

    const all = readComplete(
      aiListsResponseSchema,
      (await request(app).get('/v1/ai/lists').set(auth()).expect(200)).body,
    );
    expect(all.lists.map((entry) => entry.id)).toContain(list.id);

    await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: [tiktok.userId(10), tiktok.userId(11)] })
      .expect(200);
    const read = readComplete(
      aiListResponseSchema,
      (await request(app).get(`/v1/ai/lists/${list.id}`).set(auth()).expect(200)).body,
    );
    // Strongly consistent: the change is visible on the next read.
    expect(read.list).toMatchObject({ id: list.id, platform: 'tiktok', approximateMemberCount: 2 });
  });

  it('refuses a list without a valid platform or name', async () => {
    const noName = await request(app)
      .post('/v1/ai/lists')
      .set(auth())
      .send({ platform: 'instagram', name: ' ' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toMatch(/name/);
    const badPlatform = await request(app)
      .post('/v1/ai/lists')
      .set(auth())
      .send({ platform: 'vine', name: 'x' });
    expect(badPlatform.status).toBe(400);
    expect(badPlatform.body.message).toMatch(/platform/);
  });

  it('keeps lists private to the account that created them', async () => {
    const list = await createList('instagram', 'private');
    const other = await request(app).get(`/v1/ai/lists/${list.id}`).set(auth(TOKENS.other));
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ error: true, code: 'entity_not_found' });
    const otherLists = await request(app).get('/v1/ai/lists').set(auth(TOKENS.other));
    expect(otherLists.body.lists.map((entry: { id: string }) => entry.id)).not.toContain(list.id);
  });

  it('adds members by platform user id only, naming usernames and unknown ids, adding nothing then', async () => {
    const list = await createList('instagram', 'adds');
    const username = ig.username(50);
    const refused = await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: [ig.userId(40), username, 'no-such-id'] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(
      `ids[1] "${username}" is a username; use its user id "${ig.userId(50)}"`,
    );
    expect(refused.body.message).toContain('ids[2] "no-such-id" is not a user id on instagram');
    // A TikTok id is not an Instagram member.
    const wrongPlatform = await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: [tiktok.userId(1234)] });
    expect(wrongPlatform.status).toBe(400);

    const empty = await request(app).get(`/v1/ai/lists/${list.id}`).set(auth());
    expect(empty.body.list.approximateMemberCount).toBe(0);

    const added = await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: igIds(40, 3) });
    expect(readComplete(aiListMembersAddResponseSchema, added.body)).toMatchObject({ added: 3, total: 3 });
    const again = await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: igIds(41, 3) });
    expect(again.body).toMatchObject({ added: 1, total: 4 });
  });

  it('removes members, treating missing ones as no-ops', async () => {
    const list = await createList('instagram', 'removes');
    await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: igIds(0, 4) })
      .expect(200);
    const removed = await request(app)
      .delete(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: [ig.userId(1), ig.userId(99), 'unknown'] });
    expect(readComplete(aiListMembersRemoveResponseSchema, removed.body)).toMatchObject({
      removed: 1,
      total: 3,
    });
    const page = await request(app).get(`/v1/ai/lists/${list.id}/members`).set(auth());
    expect(page.body.members).toEqual([ig.userId(0), ig.userId(2), ig.userId(3)]);
  });

  it('takes at most 10,000 unique ids per change', async () => {
    const list = await createList('instagram', 'change size');
    const ids = (count: number) => Array.from({ length: count }, (_, k) => `missing-${k}`);
    // Removing missing members is a no-op, so 10,000 ids pass and only the count is tested.
    const atLimit = await request(app)
      .delete(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: ids(AI_LIST_MAX_IDS_PER_CHANGE) });
    expect(atLimit.status).toBe(200);
    const past = await request(app)
      .delete(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: ids(AI_LIST_MAX_IDS_PER_CHANGE + 1) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('ids must hold 1 to 10000 unique ids, got 10001');
    const addPast = await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: ids(AI_LIST_MAX_IDS_PER_CHANGE + 1) });
    expect(addPast.status).toBe(400);
    expect(addPast.body.message).toContain('got 10001');
    // The limit is on unique ids: 10,000 of them sent with one repeated pass.
    const repeatedAtLimit = await request(app)
      .delete(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: [...ids(AI_LIST_MAX_IDS_PER_CHANGE), 'missing-0'] });
    expect(repeatedAtLimit.status).toBe(200);
    const none = await request(app).post(`/v1/ai/lists/${list.id}/members`).set(auth()).send({ ids: [] });
    expect(none.body.message).toBe('ids must hold 1 to 10000 unique ids, got 0');
  });

  it('treats an id repeated within one add as already a member when it is reached: counted once, never a 400', async () => {
    const list = await createList('instagram', 'repeats');
    const added = await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: [ig.userId(1), ig.userId(2), ig.userId(1), ig.userId(1)] });
    expect(added.status).toBe(200);
    expect(readComplete(aiListMembersAddResponseSchema, added.body)).toMatchObject({ added: 2, total: 2 });
    const again = await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: [ig.userId(2), ig.userId(3), ig.userId(3)] });
    expect(again.body).toMatchObject({ error: false, added: 1, total: 3 });
    const page = await request(app).get(`/v1/ai/lists/${list.id}/members`).set(auth());
    expect(page.body.members).toEqual([ig.userId(1), ig.userId(2), ig.userId(3)]);
    // Removing reads the same way: the second time an id is reached it is already gone.
    const removed = await request(app)
      .delete(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: [ig.userId(3), ig.userId(3)] });
    expect(removed.body).toMatchObject({ error: false, removed: 1, total: 2 });
  });

  it('pages members 1000 at a time by default, by page or by cursor, with the exact count', async () => {
    const list = await createList('instagram', 'paged');
    const ids = igIds(100, 1500);
    await request(app).post(`/v1/ai/lists/${list.id}/members`).set(auth()).send({ ids }).expect(200);

    const first = readComplete(
      aiListMembersResponseSchema,
      (await request(app).get(`/v1/ai/lists/${list.id}/members`).set(auth()).expect(200)).body,
    );
    expect(first).toMatchObject({
      listId: list.id,
      total: 1500,
      page: 0,
      pageSize: 1000,
      more_available: true,
    });
    expect(first.members).toEqual(ids.slice(0, 1000));

    const second = await request(app).get(`/v1/ai/lists/${list.id}/members?page=1`).set(auth());
    expect(second.body).toMatchObject({ page: 1, more_available: false, total: 1500 });
    expect(second.body.members).toEqual(ids.slice(1000));

    const small = await request(app).get(`/v1/ai/lists/${list.id}/members?limit=400`).set(auth());
    const byCursor = await request(app)
      .get(`/v1/ai/lists/${list.id}/members?limit=400&cursor=${small.body.cursor as string}`)
      .set(auth());
    expect(byCursor.body.members).toEqual(ids.slice(400, 800));
    expect(byCursor.body.page).toBe(1);

    const foreignCursor = await request(app)
      .get(`/v1/ai/lists/${list.id}/members?cursor=bm90LWEtY3Vyc29y`)
      .set(auth());
    expect(foreignCursor.status).toBe(400);
    expect(foreignCursor.body.message).toContain('is not a cursor of list');
    const both = await request(app).get(`/v1/ai/lists/${list.id}/members?page=1&cursor=x`).set(auth());
    expect(both.status).toBe(400);
  });

  it('hard-deletes a list with its members', async () => {
    const list = await createList('youtube', 'doomed');
    await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: [state.world.youtube.userId(5)] })
      .expect(200);
    const deleted = await request(app).delete(`/v1/ai/lists/${list.id}`).set(auth());
    expect(readComplete(aiListDeleteResponseSchema, deleted.body).listId).toBe(list.id);
    for (const path of [`/v1/ai/lists/${list.id}`, `/v1/ai/lists/${list.id}/members`]) {
      const gone = await request(app).get(path).set(auth());
      expect(gone.status).toBe(404);
      expect(gone.body.message).toContain(list.id);
    }
    expect((await request(app).delete(`/v1/ai/lists/${list.id}`).set(auth())).status).toBe(404);
  });

  it('costs nothing', async () => {
    const before = await creditsOf(app);
    const list = await createList('instagram', 'free');
    await request(app)
      .post(`/v1/ai/lists/${list.id}/members`)
      .set(auth())
      .send({ ids: igIds(0, 2) });
    await request(app).get(`/v1/ai/lists/${list.id}/members`).set(auth());
    await request(app).delete(`/v1/ai/lists/${list.id}`).set(auth());
    expect(await creditsOf(app)).toBe(before);
  });
});

describe('AI list limits over HTTP (lowered for the test)', () => {
  const config = parseSandboxConfig({ SANDBOX_RATE_AI: 'off' });
  const small = createSandboxApp({
    world: createWorld({ seed: config.seed, creatorsPerPlatform: 500, now: FIXED_NOW }),
    handlers: createAiHandlers({ listLimits: { listsPerAccount: 2, membersPerList: 3 } }),
    config,
  });

  it('answers 400 past the lists per account and members per list, and accepts both at the edge', async () => {
    const pc = small.state.world.instagram;
    const first = await request(small.app)
      .post('/v1/ai/lists')
      .set(auth())
      .send({ platform: 'instagram', name: 'a' });
    await request(small.app)
      .post('/v1/ai/lists')
      .set(auth())
      .send({ platform: 'instagram', name: 'b' })
      .expect(200);
    const third = await request(small.app)
      .post('/v1/ai/lists')
      .set(auth())
      .send({ platform: 'instagram', name: 'c' });
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({ error: true, code: 'bad_request' });
    expect(third.body.message).toContain('at most 2 AI lists');

    const id = first.body.list.id as string;
    const full = await request(small.app)
      .post(`/v1/ai/lists/${id}/members`)
      .set(auth())
      .send({ ids: [pc.userId(100), pc.userId(101), pc.userId(102)] });
    expect(full.body).toMatchObject({ added: 3, total: 3 });
    const past = await request(small.app)
      .post(`/v1/ai/lists/${id}/members`)
      .set(auth())
      .send({ ids: [pc.userId(103)] });
    expect(past.status).toBe(400);
    expect(past.body.message).toContain('at most 3 members');
  });

  it('keeps the lists of each app apart', async () => {
    const lists = await request(app).get('/v1/ai/lists').set(auth());
    const smallLists = await request(small.app).get('/v1/ai/lists').set(auth());
    const names = (body: { lists: { name: string }[] }) => body.lists.map((entry) => entry.name);
    expect(names(smallLists.body)).toEqual(['a', 'b']);
    expect(names(lists.body)).not.toContain('a');
  });
});
